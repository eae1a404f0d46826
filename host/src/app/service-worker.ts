/**
 * Registers the service worker (host/src/sw/sw.ts) once the page has loaded and the browser is idle: after the first
 * price, so it costs the first visit nothing; from then on the app starts offline with the last quotes it was
 * given. A new worker takes over at the next start on its own: nothing here reloads the page.
 */
export async function registerServiceWorker(
  nav: Navigator = navigator,
  loaded: () => string[] = loadedFiles,
): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in nav)) return null;
  try {
    const registration = await nav.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
    // The files this visit loaded before the worker was there (remotes, translations, the registry) are handed to
    // it, so the next start has them offline too (Workbox's CACHE_URLS message: each goes through its route).
    const ready = await nav.serviceWorker.ready;
    ready.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: loaded() } });
    return registration;
  } catch (e) {
    console.warn('[sw]', e);
    return null;
  }
}

/** Same-origin files of the remotes, translations and the registry that this page has loaded so far. */
export function loadedFiles(
  entries: readonly { name: string }[] = performance.getEntriesByType('resource'),
  origin = window.location.origin,
): string[] {
  const files = new Set<string>();
  for (const { name } of entries) {
    let url: URL;
    try {
      url = new URL(name);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    if (url.pathname === '/remotes.json' || /^\/(remotes|locales)\//.test(url.pathname)) files.add(url.href);
  }
  return [...files];
}
