/**
 * The trader's unread support messages (docs/realtime.md#support_unread): read at sign-in, then kept live by the
 * SUPPORT_UNREAD topic. A chunk of its own, loaded only once someone is signed in, so a guest's first load does not
 * carry it. The count is published on the document (`data-support-unread` and `--support-unread` on <html>): the
 * badge on the Mine tab is drawn by the style below, and the user centre's customer service row reads it too, so
 * neither the tab bar nor the shared package carries code for it.
 */
import { api, appStore, sessionAtom, subscribe } from '@meridian/shared';
import { SUPPORT_UNREAD_TOPIC } from '@meridian/shared/pure';

const style = document.createElement('style');
style.textContent = `[data-testid="tab-mine"]{position:relative}
:root[data-support-unread] [data-testid="tab-mine"]::after{content:var(--support-unread);position:absolute;top:4px;left:calc(50% + 6px);min-width:16px;padding:0 4px;border-radius:8px;background:#f2495c;color:#fff;font-size:10px;line-height:16px;text-align:center}`;
document.head.append(style);

function show(n: number): void {
  const root = document.documentElement;
  if (n > 0) {
    root.style.setProperty('--support-unread', JSON.stringify(n > 99 ? '99+' : String(n)));
    root.dataset.supportUnread = String(n);
  } else delete root.dataset.supportUnread;
}

subscribe(SUPPORT_UNREAD_TOPIC, (data) => show(data.unread));

let token: string | null = null;
/** Read the count for the signed-in trader (again after every sign-in); cleared without a session. */
function loadUnread(): void {
  const current = appStore.get(sessionAtom).token;
  if (current === token) return;
  token = current;
  show(0);
  if (!current) return;
  // `initial`: at start-up the token may be a dead one; /api/user/info (also initial) drops it quietly, and a 999 here
  // must not send a browsing guest to /login.
  api.get('/api/support/unread', undefined, { silent: true, initial: true }).then(
    (d) => {
      if (appStore.get(sessionAtom).token === current) show(d.unread);
    },
    () => undefined,
  );
}
loadUnread();
appStore.sub(sessionAtom, loadUnread);
