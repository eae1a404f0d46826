/// <reference types="@testing-library/jest-dom" />
/**
 * `@meridian/shared/testing`: the test kit every remote's Jest tests use (never imported by product code). It renders
 * a page the way the host does — the app store, i18n with the real English files of `common` and the remote's
 * namespace (read from disk, synchronously), the theme, navigation with a recording `navigate`, the dialog host —
 * and mocks the network at the boundary: the global `fetch` the API client calls, answering envelopes by path.
 */
import type { ReactElement, ReactNode } from 'react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { configureApi } from '../api/client';
import { attachRealtime, detachRealtime } from '../realtime/bridge';
import type { RealtimeClient, TopicHandler } from '../realtime/socket';
import type { PayloadOf, Topic } from '../protocol/realtime';
import { NavigationProvider } from '../navigation/navigation';
import type { AppNavigation } from '../navigation/navigation';
import { clearSessionAtom, sessionAtom, setSessionAtom } from '../state/session';
import type { User } from '../state/session';
import { appStore, StoreProvider } from '../state/store';
import { dismissToastAtom, toastsAtom } from '../state/ui';
import { defaultTheme } from '../theme/theme';
import { DialogHost } from '../ui/lazy';

const LOCALES = join(__dirname, '..', '..', '..', 'locales', 'en');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Strings = Record<string, any>;
const readNs = (ns: string): Strings =>
  JSON.parse(readFileSync(join(LOCALES, `${ns}.json`), 'utf8')) as Strings;

export type FakeNavigation = AppNavigation & { navigate: jest.Mock; back: jest.Mock };

/**
 * The English strings and a `renderPage` for one remote's namespace; `also`: more namespaces its pages read (an
 * ops page reads the host's `ops` namespace beside its own).
 */
export function createRemoteTestKit(namespace: string, { also = [] }: { also?: string[] } = {}) {
  const en: { common: Strings } & Record<string, Strings> = {
    common: readNs('common'),
    // The number field's messages (NumericInput), which the host loads for every remote.
    numeric: readNs('numeric'),
    [namespace]: readNs(namespace),
    ...Object.fromEntries(also.map((ns) => [ns, readNs(ns)])),
  };

  function createTestI18n() {
    const instance = createInstance();
    void instance.use(initReactI18next).init({
      lng: 'en',
      ns: ['common', 'numeric', namespace, ...also],
      defaultNS: 'common',
      resources: { en },
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    return instance;
  }

  function renderPage(
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

  return { en, renderPage };
}

// ---- the network ----

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
};
export type FakeReply =
  { code: number; msg?: string; data?: unknown } | { status: number; body?: unknown } | { blob: Blob };
type Handler = FakeReply | ((req: FakeRequest) => FakeReply | Promise<FakeReply>);

/** Answers by `METHOD /path` (or `/path` for any method); an unknown path is a 404. Every request is recorded. */
export function mockServer(routes: Record<string, Handler>) {
  const calls: FakeRequest[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://app.test');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body;
    if (typeof body === 'string') {
      body = body.startsWith('{') ? JSON.parse(body) : Object.fromEntries(new URLSearchParams(body));
    }
    const req: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(req);
    const handler = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
    const reply: FakeReply = handler
      ? typeof handler === 'function'
        ? await handler(req)
        : handler
      : { status: 404, body: { code: 1002, msg: 'Not found', data: null } };
    if ('blob' in reply) {
      return {
        ok: true,
        status: 200,
        blob: async () => reply.blob,
        text: async () => '',
      } as unknown as Response;
    }
    const status = 'status' in reply ? reply.status : 200;
    const json =
      'status' in reply ? reply.body : { code: reply.code, msg: reply.msg ?? '', data: reply.data ?? null };
    return {
      ok: status >= 200 && status < 300,
      status,
      text: async () => JSON.stringify(json),
      blob: async () => new Blob([]),
    } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock, find: (path: string) => calls.filter((c) => c.path === path) };
}

export const ok = (data: unknown = null, msg = 'OK'): FakeReply => ({ code: 1, msg, data });
export const refuse = (msg: string, code = 1001): FakeReply => ({ code, msg, data: null });
/** A reply that never comes (the loading state). */
export const never = (): Promise<FakeReply> => new Promise(() => undefined);

// ---- session, toasts, environment ----

export const realUser: User = {
  id: 7,
  uid: '100007',
  email: 'trader@example.com',
  is_demo: 0,
  credit_score: 100,
  invite_code: 'AB12CD',
  balance: '1234.5',
  lock_balance: '10.00',
};
export const demoUser: User = {
  ...realUser,
  id: 8,
  uid: '100008',
  email: '',
  is_demo: 1,
  balance: '100000.00',
};

export function logIn(user: User = realUser, token = 'tok-1'): void {
  appStore.set(setSessionAtom, { token, user });
}

export const session = () => appStore.get(sessionAtom);
export const toastTexts = () => appStore.get(toastsAtom).map((t) => t.text);

/** Fresh state for each test: no session, no toasts, empty storage, the API client wired to the store. */
export function resetApp(): void {
  localStorage.clear();
  appStore.set(clearSessionAtom);
  for (const t of appStore.get(toastsAtom)) appStore.set(dismissToastAtom, t.id);
  configureApi({
    origin: () => '',
    getToken: () => appStore.get(sessionAtom).token,
    getLanguage: () => 'en',
    onSessionExpired: () => appStore.set(clearSessionAtom),
    translate: (key) => key,
  });
  let n = 0;
  URL.createObjectURL = jest.fn(() => `blob:test/${++n}`);
  URL.revokeObjectURL = jest.fn();
}

/**
 * The kit's lazy pieces (send-code button, QR, dialog) resolve their code outside act(), and React reports each one.
 * That is the kit's loading strategy, not a bug in a page: call this once per test file to mute only that message.
 */
export function muteLazyKitWarnings(): void {
  const consoleError = console.error.bind(console);
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('A suspended resource finished loading')) return;
      consoleError(...args);
    });
  });
}

// ---- the realtime socket ----

/**
 * A stand-in for the host's socket, attached to the shared bridge: `emit` delivers a server message of a topic to
 * whatever the page subscribed, inside act(). Detach it after each test.
 */
export function fakeRealtime() {
  const handlers = new Map<string, Set<TopicHandler>>();
  const client = {
    subscribe(topic: Topic, handler: TopicHandler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    getStatus: () => 'open' as const,
    onStatus: () => () => {},
    ensureOpen: () => {},
  } as unknown as RealtimeClient;
  attachRealtime(client);
  return {
    /** Deliver `data` on `topic`, typed like the server's payload of that topic. */
    emit<T extends Topic>(topic: T, data: PayloadOf<T>) {
      act(() => {
        for (const h of handlers.get(topic) ?? []) h(data, topic);
      });
    },
    subscribers: (topic: Topic) => handlers.get(topic)?.size ?? 0,
    detach: detachRealtime,
  };
}
