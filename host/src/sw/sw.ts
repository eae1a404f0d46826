/**
 * The service worker (built by Workbox's InjectManifest from this file: host/webpack.config.cjs). It makes the app
 * start offline: the host's code is precached, remote files are kept by their versioned URL, the registry and pages
 * come from the network first with the last copy as the fallback (routes.ts says which is which); a page's request
 * goes out while the worker starts (navigation preload).
 *
 * A page starts from the shell's head at once (compose.ts): the head of the last copy of the page, when its scripts are
 * this worker's precached files, answered before the network's part (boot data, prices) arrives — the shell's code
 * runs during the round trip. Otherwise the page comes whole from the network as before.
 *
 * A new worker waits until every tab of the old one is closed and takes over at the next start: no skipWaiting, no
 * reload from here, so a tab never reloads in a loop. Its precache holds the new host's code, and the page's copy
 * kept at the last start names it, so that start composes from the new head; a copy naming files the worker does not
 * have (an old head under a new worker) is not used: the page comes from the network, new code with it. A host
 * released while the app was closed runs from the start after the one that fetched the new worker (the app-shell
 * model); remote releases and rollbacks, which the server's part carries, apply at once.
 *
 * Web Push (docs/ops.md#web-push): a push message is shown as a system notification (push.ts says what it shows); a
 * tap brings an open tab of the app forward on the message's page, or opens one.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { composedHeaders, composePage, headScripts, splitPage } from './compose';
import { notificationOf, tabToUse } from './push';
import { routeOf } from './routes';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Navigation preload: the browser asks the network for a page while this worker starts, instead of after; the
// pages' NetworkFirst below takes that response (Workbox reads `event.preloadResponse`). A worker's start-up is no
// longer in front of every visit's page.
enableNavigationPreload();

const PAGES = 'meridian-pages';
/** How long a page waits for the network before the last copy answers (or, composed, the last copy's part). */
const PAGE_TIMEOUT_MS = 4000;
const pages = new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: PAGE_TIMEOUT_MS / 1000 });
const match =
  (kind: ReturnType<typeof routeOf>) =>
  ({ request }: { request: Request }) =>
    routeOf(request, self.location.origin) === kind;

/**
 * The page composed from the cached shell's head and the network's part (compose.ts), when the last copy of the page
 * has a head whose scripts are all this worker's precached files; null otherwise (the page is fetched whole).
 */
async function composed(request: Request, event: ExtendableEvent | undefined): Promise<Response | null> {
  if (request.method !== 'GET' || typeof ReadableStream === 'undefined') return null;
  const cache = await caches.open(PAGES);
  const copy = (await cache.match(request, { ignoreSearch: true })) ?? (await cache.match('/'));
  if (!copy) return null;
  const parts = splitPage(await copy.clone().text());
  if (!parts) return null;
  const scripts = headScripts(parts.head, self.location.origin);
  if (!scripts.length) return null;
  for (const s of scripts) if (!(await matchPrecache(s))) return null;
  const fetchEvent = event as FetchEvent | undefined;
  const preload = fetchEvent?.preloadResponse?.then((r) => r ?? fetch(request)) ?? fetch(request);
  const network = Promise.race([
    preload,
    new Promise<Response>((_, reject) => setTimeout(() => reject(new Error('timeout')), PAGE_TIMEOUT_MS)),
  ]);
  // The network's answer (or its failure) must be waited for by the worker, not only by the page.
  fetchEvent?.waitUntil(
    network.then(
      () => undefined,
      () => undefined,
    ),
  );
  return composePage({
    cached: { ...parts, headers: copy.headers },
    network,
    keep: (html, response) => {
      const stored = new Response(html, { status: 200, headers: composedHeaders(response.headers) });
      fetchEvent?.waitUntil(cache.put(request, stored).catch(() => undefined));
    },
  });
}

registerRoute(match('page'), async (options) => {
  const fast = await composed(options.request, options.event).catch(() => null);
  if (fast) return fast;
  try {
    return await pages.handle(options);
  } catch {
    // Offline at a route never opened before: the app's page as last served (`/` is the first one a visit loads).
    const cache = await caches.open(PAGES);
    const any = (await cache.match('/', { ignoreSearch: true })) ?? (await cache.keys()).at(0);
    const page = any instanceof Request ? await cache.match(any) : any;
    return page ?? Response.error();
  }
});
registerRoute(
  match('registry'),
  new NetworkFirst({ cacheName: 'meridian-registry', networkTimeoutSeconds: 4 }),
);
registerRoute(
  match('remote'),
  new CacheFirst({
    cacheName: 'meridian-remotes',
    plugins: [
      new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);
registerRoute(match('locale'), new StaleWhileRevalidate({ cacheName: 'meridian-locales' }));

self.addEventListener('install', (event) => {
  // The app's page as the server writes it now (with its quotes): what an offline start falls back to.
  event.waitUntil(
    caches
      .open(PAGES)
      .then((cache) => cache.add('/'))
      .catch(() => undefined),
  );
});

self.addEventListener('activate', (event) => {
  // The pages this worker serves from now on: the first start after an update already is its own.
  event.waitUntil(self.clients.claim());
});

/** The manifest's name: what a push message that cannot be read shows. */
const SITE_NAME = 'Meridian';

self.addEventListener('push', (event) => {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    data = undefined; // not JSON: still shown, as the site's name
  }
  const shown = notificationOf(data, self.location.origin, SITE_NAME);
  event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/';
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = tabToUse(tabs, self.location.origin);
      if (tab) {
        // A browser may refuse to bring the tab forward (focus() needs the tap's activation): it still opens the page.
        const focused = await tab.focus().catch(() => tab);
        const target = new URL(url, self.location.origin).href;
        // navigate() works on the tabs this worker controls; an uncontrolled one is only brought forward.
        if (focused.url !== target) await focused.navigate(target).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
