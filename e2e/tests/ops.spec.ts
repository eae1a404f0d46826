/**
 * The back office in Chromium against the real server: sign-in with a TOTP code computed here, KYC approve and
 * reject (and what the traders then see), the guard, and every ops page at desktop and phone sizes in English,
 * Traditional Chinese and Arabic (right to left), screenshots kept outside the repo, in OPS_SHOTS_DIR.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { baseUrl, demoSession, signIn, withLanguage } from '../support/app';
import { createOps, opsToken, signInOps, traderWithKyc, withOpsSession } from '../support/ops';

const SHOTS = process.env.OPS_SHOTS_DIR ?? '/tmp/ops-shots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function desktop(browser: Browser, lng = 'en') {
  const context = await browser.newContext({
    viewport: DESKTOP,
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  });
  await withLanguage(context, lng);
  return context;
}

test('an ops admin signs in with TOTP, approves one identity and rejects another with a reason; the traders see it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await createOps('admin');
  const alice = await traderWithKyc(request, 'Alice Approve');
  const bob = await traderWithKyc(request, 'Bob Reject');

  const context = await desktop(browser);
  const page = await context.newPage();
  await signInOps(page, admin, '/ops/kyc');
  await expect(page.getByTestId('page-ops-kyc')).toBeVisible();
  await expect(page.getByTestId('ops-me')).toHaveText(admin.email);

  const queue = page.getByTestId('kyc-queue');
  await queue.getByText('Alice Approve').click();
  await expect(page.getByTestId('kyc-detail-name')).toHaveText('Alice Approve');
  // Both photos load for the reviewer (private uploads, ops token).
  await expect(page.getByTestId('kyc-front')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('kyc-back')).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('kyc-approve').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(queue.getByText('Alice Approve')).toHaveCount(0);

  await queue.getByText('Bob Reject').click();
  await expect(page.getByTestId('kyc-detail-name')).toHaveText('Bob Reject');
  // The keyboard works the queue: r opens the rejection.
  await page.keyboard.press('r');
  const form = page.getByTestId('kyc-reject-form');
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Reject' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please choose a reason.');
  await page.getByTestId('kyc-reason').selectOption('unreadable');
  await page.getByTestId('kyc-note').fill('Glare hides the ID number');
  await page.getByTestId('kyc-reject-confirm').click();
  await expect(queue.getByText('Bob Reject')).toHaveCount(0);

  // Every decision is in the audit log.
  await page.getByTestId('ops-menu-audit').click();
  const audit = page.getByTestId('ops-audit-table');
  await expect(audit.locator('tr[data-action="kyc.approve"]').first()).toBeVisible();
  await expect(audit.locator('tr[data-action="kyc.reject"]').first()).toContainText(
    'Glare hides the ID number',
  );
  await context.close();

  for (const [trader, check] of [
    [alice, async (p: Page) => expect(p.getByTestId('auth-approved')).toBeVisible()],
    [
      bob,
      async (p: Page) => {
        const rejected = p.getByTestId('auth-rejected');
        await expect(rejected).toContainText('the photos are blurred or unreadable');
        await expect(rejected).toContainText('Glare hides the ID number');
        // And the form is there to submit again.
        await expect(p.getByTestId('auth-submit')).toBeVisible();
      },
    ],
  ] as const) {
    const ctx = await browser.newContext();
    await withLanguage(ctx, 'en');
    await signIn(ctx, { token: trader.token, user: trader.user });
    const p = await ctx.newPage();
    await p.goto(`${baseUrl()}/mine/auth`);
    await check(p);
    await ctx.close();
  }
});

test('the guard: no ops session shows the sign-in page, a trader session opens nothing, roles shape the menu', async ({
  browser,
  request,
}) => {
  const ctx = await browser.newContext({ viewport: DESKTOP, isMobile: false });
  await withLanguage(ctx, 'en');
  await signIn(ctx, await demoSession(request));
  const page = await ctx.newPage();
  await page.goto(`${baseUrl()}/ops/staff`);
  await expect(page.getByTestId('page-ops-login')).toBeVisible();
  await expect(page.getByTestId('page-ops-login').getByRole('status')).toHaveText(
    'Please sign in to continue.',
  );
  // A trader's token on an ops call is refused by the server, whatever the page does.
  const demo = await demoSession(request);
  const refused = await request.get(`${baseUrl()}/api/ops/dashboard`, {
    headers: { authorization: demo.token, lang: 'en' },
  });
  expect(((await refused.json()) as { code: number }).code).toBe(1300);

  const support = await createOps('support', 'support');
  await signInOps(page, support, '/ops/staff');
  await expect(page.getByTestId('ops-forbidden')).toBeVisible();
  await expect(page.getByTestId('ops-menu-users')).toBeVisible();
  await expect(page.getByTestId('ops-menu-staff')).toHaveCount(0);
  await expect(page.getByTestId('ops-menu-kyc')).toHaveCount(0);
  await page.getByTestId('ops-sign-out').click();
  await expect(page.getByTestId('page-ops-login')).toBeVisible();
  await page.goto(`${baseUrl()}/ops/users`);
  await expect(page.getByTestId('page-ops-login')).toBeVisible();
  await ctx.close();
});

test('every ops page at 1280x800 and 390x844, in English, Traditional Chinese and Arabic', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const admin = await createOps('admin', 'shots');
  const session = await opsToken(request, admin);
  const trader = await traderWithKyc(request, 'Chan Tai Man');
  await traderWithKyc(request, 'Lee Siu Ming');
  const info = await request.get(`${baseUrl()}/api/user/info`, { headers: { authorization: trader.token } });
  const uid = ((await info.json()) as { data: { uid: string } }).data.uid;

  const pages: [string, string, string][] = [
    ['login', '/ops/login', 'page-ops-login'],
    ['dashboard', '/ops', 'page-ops'],
    ['kyc', '/ops/kyc', 'kyc-detail'],
    ['users', `/ops/users?q=${encodeURIComponent(trader.email.slice(0, 8))}`, 'users-results'],
    ['user', `/ops/users?uid=${uid}`, 'user-sessions'],
    ['remotes', '/ops/remotes', 'ops-remote-mf-support'],
    ['staff', '/ops/staff', 'page-ops-staff'],
    ['audit', '/ops/audit', 'ops-audit-table'],
  ];
  for (const lng of ['en', 'hk', 'ar']) {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const context = await browser.newContext({
        viewport,
        isMobile: size === 'phone',
        hasTouch: size === 'phone',
        deviceScaleFactor: 1,
      });
      await withLanguage(context, lng);
      const page = await context.newPage();
      for (const [name, url, ready] of pages) {
        if (name === 'login') {
          await page.goto(`${baseUrl()}${url}`);
        } else {
          if (name === 'dashboard') {
            await withOpsSession(context, session);
          }
          await page.goto(`${baseUrl()}${url}`);
        }
        await expect(page.getByTestId(ready)).toBeVisible();
        await expect(page.getByTestId('ops-load-error')).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        // Nothing overflows the page sideways (wide tables scroll inside their own frame).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect({ page: name, size, overflow }).toEqual({ page: name, size, overflow: 0 });
        if (lng === 'ar' && size === 'desktop' && name !== 'login') {
          // Right to left: the side menu is on the right of the page.
          const menu = await page.locator('#ops-menu').boundingBox();
          const main = await page.locator('#ops-main').boundingBox();
          expect(menu && main && menu.x > main.x).toBe(true);
        }
        await page.screenshot({ path: path.join(SHOTS, `${lng}-${size}-${name}.png`), fullPage: false });
        if (size === 'phone' && name === 'dashboard') {
          // On a phone the side menu is a drawer behind the menu button.
          await expect(page.getByTestId('ops-menu-kyc')).toBeHidden();
          await page.getByTestId('ops-menu-button').click();
          await expect(page.getByTestId('ops-menu-kyc')).toBeVisible();
          await page.screenshot({ path: path.join(SHOTS, `${lng}-${size}-menu.png`) });
          await page.getByTestId('ops-menu-kyc').click();
          await expect(page.getByTestId('ops-menu-kyc')).toBeHidden();
        }
      }
      await context.close();
    }
  }
});
