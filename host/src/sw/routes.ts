/**
 * Which request the service worker answers how, as pure functions (tested alone in routes.test.ts):
 * - a page (a navigation): the network first, the last copy of that page (or of `/`) when there is none, so the app
 *   starts offline with the quotes the server wrote into it last time;
 * - `/remotes.json`: the network first (a release must reach the next start), the last copy offline;
 * - `/remotes/<remote>/<version>/…`: from the cache once fetched (a versioned folder never changes);
 * - the host's translations: the copy at hand at once, refreshed behind it;
 * - everything else (the API, the socket, uploads, the back office's calls): not touched.
 */

export type SwRoute = 'page' | 'registry' | 'remote' | 'locale' | null;

/** Paths a page navigation never means (files and calls that fall outside the app's routes). */
const NOT_PAGES = ['/api', '/v1', '/remotes', '/healthz', '/dev', '/uploads', '/metrics'];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** A versioned remote file: /remotes/<remote>/<version>/<file>. */
const REMOTE_FILE = /^\/remotes\/[a-z0-9-]+\/[A-Za-z0-9._-]+\/.+/;

export function routeOf(
  req: { method: string; mode?: string; url: string; destination?: string },
  origin: string,
): SwRoute {
  if (req.method !== 'GET') return null;
  const url = new URL(req.url);
  if (url.origin !== origin) return null;
  const path = url.pathname;
  if (req.mode === 'navigate') return NOT_PAGES.some((p) => under(path, p)) ? null : 'page';
  if (path === '/remotes.json') return 'registry';
  if (REMOTE_FILE.test(path)) return 'remote';
  if (/^\/locales\/[a-z]{2,3}\/[A-Za-z]+\.json$/.test(path)) return 'locale';
  return null;
}
