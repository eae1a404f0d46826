/// <reference types="@testing-library/jest-dom" />
/**
 * Render a markets page the way the host does: the app store, i18n (the real English `common` and `markets` files,
 * loaded synchronously), the theme, navigation with a recording `navigate`, and the dialog host for `confirm()`.
 * The network is mocked at the boundary, the global `fetch` the API client calls, with envelope answers by path.
 */
import type { ReactElement, ReactNode } from 'react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import {
  appStore,
  applyQuotesAtom,
  clearSessionAtom,
  configureApi,
  defaultTheme,
  DialogHost,
  dismissToastAtom,
  NavigationProvider,
  sessionAtom,
  setSessionAtom,
  setSiteSettingsAtom,
  StoreProvider,
  toastsAtom,
} from '@meridian/shared';
import type { AppNavigation, DayMarketQuote, User } from '@meridian/shared';
import { resetTradeList } from '../lib/instruments';
import type { Instrument } from '../lib/instruments';

const LOCALES = join(__dirname, '..', '..', '..', 'locales', 'en');
const readNs = (ns: string) => JSON.parse(readFileSync(join(LOCALES, `${ns}.json`), 'utf8')) as object;
export const en = { common: readNs('common'), markets: readNs('markets') };

function createTestI18n() {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    ns: ['common', 'markets'],
    defaultNS: 'common',
    resources: { en },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

export type FakeNavigation = AppNavigation & { navigate: jest.Mock; back: jest.Mock };

export function renderPage(
  ui: ReactElement,
  { path = '/', query = '' }: { path?: string; query?: string } = {},
): RenderResult & { nav: FakeNavigation } {
  const nav: FakeNavigation = {
    pathname: path,
    query: new URLSearchParams(query),
    navigate: jest.fn(),
    back: jest.fn(),
  };
  const i18n = createTestI18n();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <StoreProvider store={appStore}>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider theme={defaultTheme}>
            <NavigationProvider value={nav}>
              {children}
              <DialogHost />
            </NavigationProvider>
          </ThemeProvider>
        </I18nextProvider>
      </StoreProvider>
    );
  }
  return Object.assign(render(ui, { wrapper: Wrapper }), { nav });
}

// ---------------------------------------------------------------------------------------------------------------
// The network

export type FakeRequest = { method: string; path: string; query: URLSearchParams };
export type FakeReply = { code: number; msg?: string; data?: unknown } | { status: number; body?: unknown };
type Handler = FakeReply | ((req: FakeRequest) => FakeReply | Promise<FakeReply>);

/** Answers by `/path`; an unknown path is a 404. Every request is recorded. */
export function mockServer(routes: Record<string, Handler>) {
  const calls: FakeRequest[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://app.test');
    const req: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
    };
    calls.push(req);
    const handler = routes[url.pathname];
    const reply: FakeReply = handler
      ? typeof handler === 'function'
        ? await handler(req)
        : handler
      : { status: 404, body: { code: 1002, msg: 'Not found', data: null } };
    const status = 'status' in reply ? reply.status : 200;
    const json =
      'status' in reply ? reply.body : { code: reply.code, msg: reply.msg ?? '', data: reply.data ?? null };
    return {
      ok: status >= 200 && status < 300,
      status,
      text: async () => JSON.stringify(json),
    } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock, find: (path: string) => calls.filter((c) => c.path === path) };
}

export const ok = (data: unknown = null, msg = 'OK'): FakeReply => ({ code: 1, msg, data });
export const refuse = (msg: string, code = 1001): FakeReply => ({ code, msg, data: null });
/** A reply that never comes (the loading state). */
export const never = (): Promise<FakeReply> => new Promise(() => undefined);

// ---------------------------------------------------------------------------------------------------------------
// Fixtures

export function instrument(over: Partial<Instrument> = {}): Instrument {
  return {
    Id: 1,
    Code: 'EURUSD',
    ShowCode: 'EUR/USD',
    Logo: '/v1/api/forex/logo/EURUSD.svg',
    CategoryId: 1,
    MarketStatus: 1,
    PricePrecision: 5,
    Pip: 0.01,
    ForexMinCont: 0.01,
    ForexContNum: 100000,
    ForexFeeRate: 7,
    MarginMode: 2,
    HasForexMultiple: [{ Value: 100 }, { Value: 200 }],
    ForexQuotations: { Open: 1.1, Close: 1.15, Change: 0.5 },
    QuoteCurrency: 'USD',
    price: 1.15,
    bid: 1.15,
    ask: 1.1502,
    volume: 0,
    high: 1.16,
    low: 1.14,
    open: 1.1,
    closed: 1.14,
    ...over,
  };
}

export const dayQuote = (over: Partial<DayMarketQuote> = {}): DayMarketQuote => ({
  Id: 1,
  Code: 'EURUSD',
  price: 1.15,
  bid: 1.15,
  ask: 1.1502,
  open: 1.1,
  closed: 1.14,
  high: 1.16,
  low: 1.14,
  volume: 0,
  change: 0.5,
  MarketStatus: 1,
  time: Date.now(),
  ...over,
});

export function pushQuotes(...quotes: DayMarketQuote[]): void {
  act(() => {
    appStore.set(applyQuotesAtom, quotes);
  });
}

export const demoUser: User = {
  id: 8,
  uid: '100008',
  email: '',
  is_demo: 1,
  credit_score: 100,
  invite_code: 'AB12CD',
  balance: '100000.00',
  lock_balance: '0.00',
};

export function logIn(user: User = demoUser, token = 'tok-1'): void {
  appStore.set(setSessionAtom, { token, user });
}

export function setFeeType(type: number): void {
  appStore.set(setSiteSettingsAtom, {
    site_title: 'Meridian',
    service_link: '',
    service_link_type: 1,
    verify_reg_type: 1,
    trade_fee_type: type,
  });
}

export const toastTexts = () => appStore.get(toastsAtom).map((t) => t.text);

/** Fresh state for each test: no session, no toasts, no cached trade list, the API client wired to the store. */
export function resetApp(): void {
  localStorage.clear();
  appStore.set(clearSessionAtom);
  for (const t of appStore.get(toastsAtom)) appStore.set(dismissToastAtom, t.id);
  resetTradeList();
  setFeeType(1);
  configureApi({
    origin: () => '',
    getToken: () => appStore.get(sessionAtom).token,
    getLanguage: () => 'en',
    onSessionExpired: () => appStore.set(clearSessionAtom),
    translate: (key) => key,
  });
}

// The kit's lazy pieces (dialog) resolve their code outside act(); React reports each one. That is the kit's
// loading strategy, not a bug in these pages, so only that one message is muted.
const consoleError = console.error.bind(console);
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('A suspended resource finished loading')) return;
    consoleError(...args);
  });
});
