/// <reference types="@testing-library/jest-dom" />
/**
 * Render inside every provider the host gives a page: the app store, i18n (English, the source language, loaded
 * synchronously), the theme and, optionally, navigation.
 */
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { RenderOptions, RenderResult } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance } from 'i18next';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import type { DefaultTheme } from 'styled-components';
import { NavigationProvider } from '../navigation/navigation';
import type { AppNavigation } from '../navigation/navigation';
import { appStore, StoreProvider } from '../state/store';
import { defaultTheme } from '../theme/theme';

// Read, not imported: `shared` may not depend on `locales` (lint), and this must never reach a bundle. Tests use
// the real English source so they break when a key they rely on is renamed.
const readEn = (ns: string) =>
  JSON.parse(
    readFileSync(join(__dirname, '..', '..', '..', 'locales', 'en', `${ns}.json`), 'utf8'),
  ) as Record<string, unknown>;
const commonEn = readEn('common');
/** The number field's own namespace (NumericInput), loaded like `common` wherever it is shown. */
const numericEn = readEn('numeric');

/** A fresh i18next instance with the English `common` namespace (plus any extra namespaces), ready at once. */
export function createTestI18n(extra: Record<string, Record<string, unknown>> = {}): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    ns: ['common', 'numeric', ...Object.keys(extra)],
    defaultNS: 'common',
    resources: { en: { common: commonEn, numeric: numericEn, ...extra } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

export type ProvidersOptions = Omit<RenderOptions, 'wrapper' | 'queries'> & {
  i18n?: I18n;
  theme?: DefaultTheme;
  store?: typeof appStore;
  navigation?: AppNavigation;
};

/** `render` from Testing Library, wrapped in the store, i18n, theme (and navigation when given) providers. */
export function renderWithProviders(
  ui: ReactElement,
  {
    i18n = createTestI18n(),
    theme = defaultTheme,
    store = appStore,
    navigation,
    ...options
  }: ProvidersOptions = {},
): RenderResult & { i18n: I18n } {
  function Wrapper({ children }: { children: ReactNode }) {
    const content = navigation ? (
      <NavigationProvider value={navigation}>{children}</NavigationProvider>
    ) : (
      children
    );
    return (
      <StoreProvider store={store}>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider theme={theme}>{content}</ThemeProvider>
        </I18nextProvider>
      </StoreProvider>
    );
  }
  const result: RenderResult = render(ui, { ...options, wrapper: Wrapper });
  return Object.assign(result, { i18n });
}
