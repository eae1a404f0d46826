/**
 * Start-up: language, API client, realtime socket, then render. Remotes are registered from `/remotes.json`
 * lazily, when a remote route is first visited.
 */
import { createRoot } from 'react-dom/client';
import {
  appStore,
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
  toast,
} from '@meridian/shared';
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

void initI18n(lng, ['common', 'shell']).finally(() => {
  document.title = i18n.t('shell:appName');
  const el = document.getElementById('root');
  if (el) createRoot(el).render(<App />);
});
