/**
 * The one WebSocket of the tab (docs/states.md), owned here and handed to remotes through the shared bridge. Socket
 * handlers write through the store: DAY_MARKET quotes are batched to one store write per animation frame.
 */
import {
  appStore,
  applyQuotesAtom,
  attachRealtime,
  languageAtom,
  readJson,
  RealtimeClient,
  resolveSocketUrl,
  retryImport,
  sessionAtom,
  STORAGE_KEYS,
  subscribe,
  TOPICS,
} from '@meridian/shared';
import type { DayMarketQuote, RegistryChange } from '@meridian/shared';
import { registryChanged } from './registry';

/**
 * A signed-in trader who turned Web Push on on this device: the subscription goes to this session (the server drops
 * it with the last one) in the current language, and is made again when the server's key changed. Its code loads
 * only then.
 */
function syncPush(): Promise<void> | undefined {
  const { token, user } = appStore.get(sessionAtom);
  const on = readJson<{ on?: unknown }>(STORAGE_KEYS.push)?.on;
  if (!token || !user || !Array.isArray(on) || !on.includes(user.id)) return undefined;
  return retryImport(() => import('@meridian/shared/push'), { waitForOnline: true })
    .then((m) => m.syncPush(user.id))
    .catch((e: unknown) => console.warn('[push]', e));
}

export function startRealtime(apiOrigin: () => string): RealtimeClient {
  const client = new RealtimeClient({
    // The language on the URL too: a guest's socket (no login) still answers in the reader's language.
    url: () => `${resolveSocketUrl(apiOrigin())}?lang=${encodeURIComponent(appStore.get(languageAtom))}`,
    getToken: () => appStore.get(sessionAtom).token,
    getLanguage: () => appStore.get(languageAtom),
  });
  attachRealtime(client);

  // Log in again whenever the token changes (login, logout, expiry). What only a signed-in trader needs has its
  // code apart, so a guest's first load does not carry it: the unread support badge (./support-unread.ts), the
  // toast of a firing price alert (./price-alert-toast.ts) and of any other notification (./notification-toast.ts);
  // offline, they load once the connection is back.
  let token = appStore.get(sessionAtom).token;
  const unread = () =>
    token &&
    Promise.all([
      retryImport(() => import('./support-unread'), { waitForOnline: true }),
      retryImport(() => import('./price-alert-toast'), { waitForOnline: true }),
      retryImport(() => import('./notification-toast'), { waitForOnline: true }),
    ]).catch((e: unknown) => console.warn('[signed-in]', e));
  void unread();
  void syncPush();
  appStore.sub(sessionAtom, () => {
    const next = appStore.get(sessionAtom).token;
    if (next !== token) {
      token = next;
      client.relogin();
      void unread();
      void syncPush();
    }
  });

  // And when the language changes: the server's messages on the socket follow the reader's language.
  let lang = appStore.get(languageAtom);
  appStore.sub(languageAtom, () => {
    const next = appStore.get(languageAtom);
    if (next !== lang) {
      lang = next;
      client.relogin();
      void syncPush();
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

  // A release or rollback: the next navigation into that remote loads its new version.
  subscribe(TOPICS.remotes, (data) => {
    for (const change of Array.isArray(data) ? (data as RegistryChange[]) : []) registryChanged(change);
  });

  client.ensureOpen();
  return client;
}
