/**
 * A minimal local shell for running one remote alone on its own dev server (`pnpm --filter @meridian/mf-x dev`):
 * the same providers as the host, hash navigation between the remote's own pages, the same API client and
 * socket. Not part of the main entry, so it never reaches the product's bundles.
 */
import { Suspense, useEffect, useMemo, useState } from 'react';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { resolveApiOrigin } from '../api/api-host';
import { configureApi } from '../api/client';
import { i18n, initI18n, jsonNamespace, registerNamespace } from '../i18n/i18n';
import type { NamespaceLoader } from '../i18n/i18n';
import { NavigationProvider } from '../navigation/navigation';
import type { AppPath } from '../navigation/paths';
import { clearSessionAtom, sessionAtom } from '../state/session';
import { languageAtom } from '../state/language';
import { appStore, StoreProvider } from '../state/store';
import { GlobalStyle } from '../theme/global-style';
import { defaultTheme } from '../theme/theme';

export type StandaloneOptions = {
  /** The remote's own pages, by their path in the app's table. */
  pages: Partial<Record<AppPath, ComponentType>>;
  namespaces: Record<string, NamespaceLoader>;
  apiOrigin?: string;
};

function Router({ pages }: { pages: Partial<Record<string, ComponentType>> }) {
  const read = () => window.location.hash.replace(/^#/, '') || Object.keys(pages)[0] || '/';
  const [target, setTarget] = useState(read);
  useEffect(() => {
    const on = () => setTarget(read());
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  });
  const [path = '/', search = ''] = target.split('?');
  const nav = useMemo(
    () => ({
      pathname: path,
      query: new URLSearchParams(search),
      navigate: (to: string) => {
        window.location.hash = to;
      },
      back: () => window.history.back(),
    }),
    [path, search],
  );
  const Page = pages[path];
  return (
    <NavigationProvider value={nav}>
      <nav style={{ display: 'flex', gap: 8, flexWrap: 'wrap', padding: 8, fontSize: 12 }}>
        {Object.keys(pages).map((p) => (
          <a key={p} href={`#${p}`}>
            {p}
          </a>
        ))}
      </nav>
      <Suspense fallback={null}>{Page ? <Page /> : null}</Suspense>
    </NavigationProvider>
  );
}

/** Render the remote's pages in the local shell. */
export async function startStandalone(options: StandaloneOptions): Promise<void> {
  // The number field's messages, as the host registers them (the standalone build emits them at its root).
  registerNamespace('numeric', jsonNamespace('numeric', '/'));
  for (const [ns, loader] of Object.entries(options.namespaces)) registerNamespace(ns, loader);
  const origin = () => options.apiOrigin ?? resolveApiOrigin(window.location, document.title);
  configureApi({
    origin,
    getToken: () => appStore.get(sessionAtom).token,
    getLanguage: () => appStore.get(languageAtom),
    onSessionExpired: () => appStore.set(clearSessionAtom),
  });
  await initI18n(appStore.get(languageAtom), Object.keys(options.namespaces));
  const el = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  createRoot(el).render(
    <StoreProvider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={defaultTheme}>
          <GlobalStyle />
          <Router pages={options.pages} />
        </ThemeProvider>
      </I18nextProvider>
    </StoreProvider>,
  );
}
