/**
 * Start-up: language, API client, realtime socket, then render. Remotes are registered from `/remotes.json`
 * lazily, when a remote route is first visited.
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
  i18n,
  initI18n,
  jsonNamespace,
  languageAtom,
  registerNamespace,
  resolveApiOrigin,
  sessionAtom,
  setSiteSettingsAtom,
  toast,
} from '@meridian/shared';
import type { SiteSettings, User } from '@meridian/shared';
import { App } from './app/app';
import { navigateOutside } from './app/navigation-bridge';
import { ensureRegistry } from './app/registry';
import { startRealtime } from './app/realtime';

registerNamespace('common', jsonNamespace('common', '/'));
registerNamespace('shell', jsonNamespace('shell', '/'));

const apiOrigin = () => resolveApiOrigin(window.location, document.title);

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

const lng = appStore.get(languageAtom);
applyDocumentLanguage(lng);

// Start fetching the registry now, in parallel with the language files: the first route needs both.
ensureRegistry().catch((e: unknown) => console.warn('[registry]', e));
startRealtime(apiOrigin);

// Refresh the stored user (balance, demo flag) at start-up. The call is initial: a dead token does not send a guest
// browsing quotes to the login page; it only ends the stale session.
if (appStore.get(sessionAtom).token) {
  api
    .get<User>('/api/user/info', undefined, { silent: true, initial: true })
    .then((user) => appStore.set(setUserAtom, user))
    .catch((e: unknown) => {
      if (isApiError(e) && e.code === CODE_SESSION_EXPIRED) appStore.set(clearSessionAtom);
    });
}

// Site settings: the document title, and what remotes need (service link, registration check, fee formula).
api
  .get<SiteSettings>('/api/basicSet/getBasicInfo', undefined, { silent: true, initial: true })
  .then((settings) => {
    appStore.set(setSiteSettingsAtom, settings);
    if (settings.site_title) document.title = settings.site_title;
  })
  .catch((e: unknown) => console.warn('[settings]', e));

void initI18n(lng, ['common', 'shell']).finally(() => {
  const el = document.getElementById('root');
  if (el) createRoot(el).render(<App />);
});
