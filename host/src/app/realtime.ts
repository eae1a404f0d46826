/**
 * The one WebSocket of the tab (spec §4), owned here and handed to remotes through the shared bridge. Socket
 * handlers write through the store: DAY_MARKET quotes are batched to one store write per animation frame.
 */
import {
  api,
  appStore,
  applyQuotesAtom,
  attachRealtime,
  RealtimeClient,
  resolveSocketUrl,
  sessionAtom,
  subscribe,
  supportUnreadAtom,
  TOPICS,
} from '@meridian/shared';
import type { DayMarketQuote } from '@meridian/shared';

export function startRealtime(apiOrigin: () => string): RealtimeClient {
  const client = new RealtimeClient({
    url: () => resolveSocketUrl(apiOrigin()),
    getToken: () => appStore.get(sessionAtom).token,
  });
  attachRealtime(client);

  // The unread support badge: read at sign-in, then kept live by the SUPPORT_UNREAD topic.
  const loadUnread = (t: string | null) => {
    appStore.set(supportUnreadAtom, 0);
    if (!t) return;
    api.get<{ unread: number }>('/api/support/unread', undefined, { silent: true }).then(
      (d) => {
        if (appStore.get(sessionAtom).token === t) appStore.set(supportUnreadAtom, d.unread);
      },
      () => undefined,
    );
  };
  subscribe(TOPICS.supportUnread, (data) => appStore.set(supportUnreadAtom, data.unread));

  // Log in again whenever the token changes (login, logout, expiry).
  let token = appStore.get(sessionAtom).token;
  loadUnread(token);
  appStore.sub(sessionAtom, () => {
    const next = appStore.get(sessionAtom).token;
    if (next !== token) {
      token = next;
      client.relogin();
      loadUnread(next);
    }
  });

  let pending: DayMarketQuote[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batch = pending;
    pending = [];
    appStore.set(applyQuotesAtom, batch);
  };
  subscribe(TOPICS.dayMarket, (data) => {
    const quotes = Array.isArray(data) ? (data as DayMarketQuote[]) : [data as DayMarketQuote];
    pending.push(...quotes);
    if (!scheduled) {
      scheduled = true;
      if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') {
        requestAnimationFrame(flush);
      } else setTimeout(flush, 250);
    }
  });

  client.ensureOpen();
  return client;
}
