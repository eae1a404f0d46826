/** Page-object helpers shared by the end-to-end specs. */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts (global-setup).');
  return url;
};

export const staticDir = (): string => {
  const dir = process.env.E2E_STATIC_DIR;
  if (!dir) throw new Error('E2E_STATIC_DIR is not set');
  return dir;
};

export type DemoSession = { token: string; user: Record<string, unknown> };

let demo: Promise<DemoSession> | null = null;

async function createDemo(request: APIRequestContext): Promise<DemoSession> {
  const res = await request.get(`${baseUrl()}/api/user/createAccountDemoForU`);
  const body = (await res.json()) as { code: number; msg: string; data: DemoSession };
  if (body.code !== 1) throw new Error(`createAccountDemoForU: ${body.code} ${body.msg}`);
  return { token: body.data.token, user: body.data.user };
}

/**
 * One demo account per worker, created through the real API. Its token is checked before it is handed out again: a
 * test that logged it out (or revoked it) would otherwise leave every later test of the worker signed in with a dead
 * token, running as a guest without saying so; a dead one is replaced by a new account.
 */
export async function demoSession(request: APIRequestContext): Promise<DemoSession> {
  if (demo) {
    const cached = await demo.catch(() => null);
    if (cached) {
      const res = await request.get(`${baseUrl()}/api/user/info`, {
        headers: { authorization: cached.token },
      });
      const body = (await res.json().catch(() => null)) as { code?: number } | null;
      if (body?.code === 1) return cached;
    }
    demo = null;
  }
  demo ??= createDemo(request);
  return demo;
}

/** Start the browser context logged in (token and user in local storage, as the app stores them). */
export async function signIn(context: BrowserContext, session: DemoSession): Promise<void> {
  await context.addInitScript((s) => {
    localStorage.setItem('meridian.token', s.token);
    localStorage.setItem('meridian.user', JSON.stringify(s.user));
  }, session);
}

/** Start the browser context in a language. */
export async function withLanguage(context: BrowserContext, lng: string): Promise<void> {
  await context.addInitScript((l) => {
    if (!localStorage.getItem('meridian.lang')) localStorage.setItem('meridian.lang', l);
  }, lng);
}

/** The test id a page's root carries: `page-<path with / as ->`, `page-home` for `/`. */
/**
 * Before a screenshot meant for eyes: web fonts loaded, every image decoded, no request in flight, transitions
 * finished. Conditions, not a fixed wait, so a slow machine waits longer and a fast one not at all.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Lazy images below the fold would wait for a scroll: only those the page is loading now.
    const loading = [...document.images].filter((img) => !img.complete && img.loading !== 'lazy');
    await Promise.all(loading.map((img) => img.decode().catch(() => undefined)));
    // Transitions under way (a dialog opening); looping ones (skeleton shimmer, spinner) never end, so not those.
    const ending = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

export const pageTestId = (path: string): string =>
  `page-${path.replace(/^\//, '').replace(/\//g, '-') || 'home'}`;

export async function expectPage(page: Page, path: string): Promise<void> {
  await expect(page.getByTestId(pageTestId(path))).toBeVisible();
}

/** Every route of docs/routes.md with the flags the host's route table gives it. */
export const ROUTES: {
  path: string;
  remote: string;
  login: boolean;
  demoBlocked: boolean;
  footer: boolean;
}[] = [
  { path: '/', remote: 'mf-markets', login: false, demoBlocked: false, footer: true },
  { path: '/trade', remote: 'mf-markets', login: false, demoBlocked: false, footer: true },
  { path: '/product', remote: 'mf-markets', login: false, demoBlocked: false, footer: false },
  { path: '/rank', remote: 'mf-markets', login: false, demoBlocked: false, footer: true },
  { path: '/order', remote: 'mf-orders', login: true, demoBlocked: false, footer: true },
  { path: '/user', remote: 'mf-account', login: true, demoBlocked: false, footer: true },
  { path: '/login', remote: 'mf-account', login: false, demoBlocked: false, footer: false },
  { path: '/register', remote: 'mf-account', login: false, demoBlocked: false, footer: false },
  { path: '/forgot', remote: 'mf-account', login: false, demoBlocked: false, footer: false },
  { path: '/language', remote: 'mf-account', login: false, demoBlocked: false, footer: false },
  { path: '/mine/auth', remote: 'mf-account', login: true, demoBlocked: true, footer: false },
  { path: '/mine/invite', remote: 'mf-account', login: true, demoBlocked: true, footer: false },
  { path: '/mine/email', remote: 'mf-account', login: false, demoBlocked: false, footer: false },
  { path: '/mine/announcement', remote: 'mf-account', login: false, demoBlocked: false, footer: false },
  { path: '/mine/password', remote: 'mf-account', login: true, demoBlocked: true, footer: false },
  { path: '/mine/system', remote: 'mf-account', login: true, demoBlocked: false, footer: false },
  { path: '/mine/history', remote: 'mf-funds', login: true, demoBlocked: false, footer: false },
  { path: '/mine/statement', remote: 'mf-account', login: true, demoBlocked: false, footer: false },
  { path: '/mine/alerts', remote: 'mf-markets', login: true, demoBlocked: false, footer: false },
  { path: '/mine/notifications', remote: 'mf-account', login: true, demoBlocked: false, footer: false },
  { path: '/mine/charge', remote: 'mf-funds', login: true, demoBlocked: true, footer: false },
  { path: '/mine/withdraw', remote: 'mf-funds', login: true, demoBlocked: true, footer: false },
  { path: '/mine/wallet', remote: 'mf-funds', login: true, demoBlocked: true, footer: false },
  { path: '/mine/bank-card-list', remote: 'mf-funds', login: true, demoBlocked: true, footer: false },
  { path: '/mine/coin-address-list', remote: 'mf-funds', login: true, demoBlocked: true, footer: false },
  { path: '/mine/withdraw-way', remote: 'mf-funds', login: true, demoBlocked: true, footer: false },
  { path: '/mine/chat', remote: 'mf-support', login: false, demoBlocked: false, footer: false },
  { path: '/news', remote: 'mf-support', login: false, demoBlocked: false, footer: true },
  { path: '/news/detail', remote: 'mf-support', login: false, demoBlocked: false, footer: false },
  { path: '/feedback', remote: 'mf-support', login: false, demoBlocked: false, footer: false },
];
