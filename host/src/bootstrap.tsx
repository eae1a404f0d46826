/**
 * Start-up: language, API client, realtime socket, the company check, then render. What the server wrote into
 * index.html (site settings, where the API is, the registry, the company's status) is used at once; without it,
 * each is asked for. Remotes are registered from the registry when a remote route is first visited.
 */
import { createRoot } from 'react-dom/client';
import {
  api,
  appStore,
  CODE_SESSION_EXPIRED,
  isApiError,
  setUserAtom,
  applyDocumentLanguage,
  clearSessionAtom,
  configureApi,
  holdSessionExpiry,
  i18n,
  initI18n,
  jsonNamespace,
  languageAtom,
  readBoot,
  registerNamespace,
  resolveApiOrigin,
  retryImport,
  sessionAtom,
  setSiteSettingsAtom,
  toast,
} from '@meridian/shared';
import type { SiteSettings } from '@meridian/shared';
import { isAndroidUserAgent } from '@meridian/shared/pure';
import { App } from './app/app';
import { navigateOutside } from './app/navigation-bridge';
import { ensureRegistry } from './app/registry';
import { guard, hashRoute } from './app/guard';
import { preloadPage } from './app/remote-page';
import { startRealtime } from './app/realtime';
import { startTelemetry } from './app/telemetry';

registerNamespace('common', jsonNamespace('common', '/'));
registerNamespace('shell', jsonNamespace('shell', '/'));
// The number field's messages (shared NumericInput): fetched on the first number field shown, not at start-up.
registerNamespace('numeric', jsonNamespace('numeric', '/'));

// What needs nothing of the server's part of the page starts now: where the service worker streamed the shell's head
// ahead of the server's answer (host/src/sw/compose.ts), this runs during that round trip. The language files, and
// the browser's number formatting (its first Intl.NumberFormat costs ~60 ms on a phone; the boot script makes one
// too, which is then cheap).
const lng = appStore.get(languageAtom);
const i18nReady = initI18n(lng, ['common', 'shell']).catch(() => undefined);
try {
  new Intl.NumberFormat().format(1.5);
} catch {
  // No Intl: the prices format without it.
}
// main.js is async: the boot data (and #root) are there once the page is parsed.
if (document.readyState === 'loading') {
  await new Promise<void>((resolve) =>
    document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }),
  );
}

const boot = readBoot();
// The API host follows the site title (the demo site keeps it on this origin) and the server's word on production,
// both known before the first call when the server wrote them into the page.
let siteTitle = boot?.site?.site_title ?? document.title;
const apiOrigin = () => resolveApiOrigin(window.location, siteTitle, { production: boot?.production });

configureApi({
  origin: apiOrigin,
  getToken: () => appStore.get(sessionAtom).token,
  getLanguage: () => appStore.get(languageAtom),
  onSessionExpired: () => {
    appStore.set(clearSessionAtom);
    const here = window.location.pathname + window.location.search;
    if (!window.location.pathname.startsWith('/login')) {
      navigateOutside(`/login?from=${encodeURIComponent(here)}`, { replace: true });
    }
  },
  toast: (text) => toast(text, 'error'),
  translate: (key, vars) => i18n.t(key, vars) as string,
});

// Release health of the remotes (docs/ops.md#release-health): listening from the start, the vitals after the first price.
startTelemetry(apiOrigin);

applyDocumentLanguage(lng);

// Start fetching the registry now, in parallel with the language files: the first route needs both. Then the page the
// tab opens on (its code and strings, which index.html has the browser fetch already): the first render waits for it,
// up to FIRST_PAGE_WAIT_MS, so it shows the page itself rather than a placeholder and then the page (whose reveal
// React holds back up to 300 ms after the placeholder).
const FIRST_PAGE_WAIT_MS = 1000;
const firstPage = ensureRegistry().then(
  () => {
    const { pathname, search, hash } = window.location;
    const decision = guard(pathname, search, appStore.get(sessionAtom));
    if (decision.kind !== 'render' || (pathname === '/' && hashRoute(hash))) return undefined;
    return preloadPage(decision.route);
  },
  (e: unknown) => console.warn('[registry]', e),
);
const firstPageOrLater = Promise.race([
  firstPage,
  new Promise<void>((resolve) => window.setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
]);
startRealtime(apiOrigin);

// Refresh the stored user (balance, demo flag) at start-up. The call is initial: a dead token does not send a guest
// browsing quotes to the login page; it only ends the stale session.
// The first page's own calls may answer before this check does (its code loads with the shell's): their code 999
// waits for it, so a stale token ends here, quietly (holdSessionExpiry).
if (appStore.get(sessionAtom).token) {
  holdSessionExpiry(
    api
      .get('/api/user/info', undefined, { silent: true, initial: true })
      .then((user) => appStore.set(setUserAtom, user))
      .catch((e: unknown) => {
        if (isApiError(e) && e.code === CODE_SESSION_EXPIRED) appStore.set(clearSessionAtom);
      }),
  );
}

// Site settings: what remotes need (service link, registration check, fee formula), and the app title, which the
// spec sets only on Android.
const applySettings = (settings: SiteSettings) => {
  appStore.set(setSiteSettingsAtom, settings);
  if (settings.site_title) {
    siteTitle = settings.site_title;
    if (isAndroidUserAgent(navigator.userAgent)) document.title = settings.site_title;
  }
};
if (boot?.site) applySettings(boot.site);
else
  api
    .get('/api/basicSet/getBasicInfo', undefined, { silent: true, initial: true })
    .then(applySettings)
    .catch((e: unknown) => console.warn('[settings]', e));

// A company whose status is 0 sends the visitor to its loss page before anything is shown (the check's code loads
// only for a visitor with a company cookie).
const companyCheck = /(?:^|;\s*)company_id=/.test(document.cookie)
  ? retryImport(() => import('./app/company')).then(
      (m) => m.companyGate(boot),
      () => true,
    )
  : true;
void Promise.all([companyCheck, i18nReady, firstPageOrLater]).then(([go]) => {
  if (!go) return;
  const el = document.getElementById('root');
  if (el) createRoot(el).render(<App />);
});

// The service worker (offline start, cached remotes) once the page has loaded and the browser is idle: after the
// first price, in a chunk of its own.
window.addEventListener('load', () => {
  const later = window.requestIdleCallback ?? ((f: () => void) => window.setTimeout(f, 2000));
  later(() => {
    void import('./app/service-worker').then((m) => m.registerServiceWorker()).catch(() => undefined);
  });
});
