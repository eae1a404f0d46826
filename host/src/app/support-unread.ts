/**
 * The trader's unread support messages (docs/realtime.md#support_unread), for the badges on the Mine tab and the
 * customer service row: read at sign-in, then kept live by the SUPPORT_UNREAD topic. A chunk of its own, loaded
 * only once someone is signed in, so a guest's first load does not carry it.
 */
import { api, appStore, sessionAtom, subscribe, supportUnreadAtom, TOPICS } from '@meridian/shared';

subscribe(TOPICS.supportUnread, (data) => appStore.set(supportUnreadAtom, data.unread));

export function loadUnread(token: string): void {
  api.get<{ unread: number }>('/api/support/unread', undefined, { silent: true }).then(
    (d) => {
      if (appStore.get(sessionAtom).token === token) appStore.set(supportUnreadAtom, d.unread);
    },
    () => undefined,
  );
}
