/**
 * What the service worker does with a push message and a tap on its notification, as pure functions (tested alone
 * in push.test.ts; sw.ts wires them to the `push` and `notificationclick` events). The message is the server's
 * `PushMessage` (docs/ops.md#web-push): already in the trader's language, so nothing here is translated.
 */
import type { PushMessage } from '@meridian/shared/pure';

export const ICON = '/icon-192.png';
/** A white silhouette on transparency: Android draws it in the status bar. */
export const BADGE = '/badge-96.png';
/** Where a message that cannot be read leads: the trader's notifications, which hold it. */
export const FALLBACK_PATH = '/mine/notifications';

export type Shown = {
  title: string;
  options: NotificationOptions & { data: { url: string } };
};

/** An in-app path of `origin` (path, query, hash), or null for anything else (another site, a scheme, `//x`). */
export function inAppPath(url: unknown, origin: string): string | null {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
}

const text = (v: unknown, max: number): string => (typeof v === 'string' ? v.slice(0, max) : '');

/**
 * The notification to show for a push message's JSON (`undefined` when it was not JSON). Every push must show one
 * (the subscription is `userVisibleOnly`), so a message that cannot be read still shows the site's name and leads
 * to the notifications page. One tag per stored notification: the same one delivered twice replaces itself.
 */
export function notificationOf(data: unknown, origin: string, siteName: string): Shown {
  const m = (typeof data === 'object' && data !== null ? data : {}) as Partial<
    Record<keyof PushMessage, unknown>
  >;
  const title = text(m.title, 200);
  const id = typeof m.id === 'number' && Number.isSafeInteger(m.id) ? m.id : null;
  return {
    title: title || siteName,
    options: {
      body: text(m.body, 500),
      icon: ICON,
      badge: BADGE,
      ...(id === null ? {} : { tag: `notification-${id}` }),
      ...(typeof m.time === 'number' ? { timestamp: m.time } : {}),
      data: { url: (title && inAppPath(m.url, origin)) || FALLBACK_PATH },
    },
  };
}

/** The app's tab to bring forward: the focused one, else a visible one, else any; not a back-office tab. */
export function tabToUse<C extends { url: string; focused?: boolean; visibilityState?: string }>(
  tabs: readonly C[],
  origin: string,
): C | undefined {
  const app = tabs.filter((c) => {
    try {
      const u = new URL(c.url);
      return u.origin === origin && !(u.pathname === '/ops' || u.pathname.startsWith('/ops/'));
    } catch {
      return false;
    }
  });
  return app.find((c) => c.focused) ?? app.find((c) => c.visibilityState === 'visible') ?? app[0];
}
