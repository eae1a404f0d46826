/**
 * The app recovers from a failed load: offline after /trade loaded, "Buy now" says it needs a connection
 * and the Trade area with what was typed stays; back online it confirms without a reload. Code that fails to load
 * fails only its own spot and is requested again on retry. A remote route first visited offline says "offline" and
 * loads by itself when the connection is back; so does the login page a guest is sent to. Screenshots of each
 * offline state (390x844) go to OFFLINE_SHOTS_DIR (default /tmp/offline-shots).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { baseUrl, demoSession, expectPage, settled, signIn, withLanguage } from '../support/app';
import { expectMarketList } from '../support/markets';

const SHOTS = process.env.OFFLINE_SHOTS_DIR ?? '/tmp/offline-shots';

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** /trade with its ticket ready to take an order (the instrument's market open, a live price). */
async function openTrade(page: Page): Promise<void> {
  // Crypto trades every day: BTC/USD, so the market is open whatever the day.
  await page.goto(`${baseUrl()}/`);
  await expectMarketList(page);
  await page.getByTestId('market-row-BTCUSD').click();
  await expectPage(page, '/trade');
  await expect(page.getByTestId('instrument-name')).toHaveText('BTC/USD');
  await expect(page.getByTestId('balance')).not.toHaveText('—');
  await expect(page.getByTestId('submit-order')).toBeEnabled();
}

/** Raise the lots by two steps from the ticket's minimum (the stepper, as a thumb does); returns what it shows. */
async function raiseLots(page: Page): Promise<string> {
  const lots = page.getByTestId('lots');
  const start = await lots.inputValue();
  // Dispatched: the stepper sits under the sticky action bar at this viewport, where a pointer tap is refused.
  await page.getByTestId('lots-plus').dispatchEvent('click');
  await page.getByTestId('lots-plus').dispatchEvent('click');
  await expect(lots).not.toHaveValue(start);
  return lots.inputValue();
}

async function demoUser(context: BrowserContext, request: Parameters<typeof demoSession>[0], lng = 'en') {
  await withLanguage(context, lng);
  await signIn(context, await demoSession(request));
}

test('offline after /trade loaded: Buy now says so, the ticket keeps the lots; online again it confirms', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  await demoUser(context, request);
  await openTrade(page);
  const lots = await raiseLots(page);

  await context.setOffline(true);
  await page.getByTestId('submit-order').click();
  const notice = page.getByTestId('offline-notice');
  await expect(notice).toHaveText('You are offline — this needs a connection');
  await expect(page.getByTestId('remote-failed')).toHaveCount(0);
  await expect(page.getByTestId('order-ticket')).toBeVisible();
  await expect(page.getByTestId('lots')).toHaveValue(lots);
  await expect(page.getByTestId('order-review')).toHaveCount(0);
  await shot(page, 'en-trade-offline');

  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('order-review')).toBeVisible();
  await expect(page.getByTestId('review-lots')).toHaveText(lots);
  await expect(page.getByTestId('lots')).toHaveValue(lots);
});

test('code that fails to load fails only its spot, and is requested again on retry (never kept as failed)', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  // A phone that is never idle: the trade page's idle-time preload of the confirmation's code never runs, so the
  // tap is what asks for it.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
    window.cancelIdleCallback = () => undefined;
  });
  await demoUser(context, request);
  await openTrade(page);
  const lots = await raiseLots(page);

  // The connection drops for scripts only (navigator.onLine stays true): the confirmation's code cannot come.
  const failed: string[] = [];
  await page.route('**/*.js', (route) => {
    failed.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await page.getByTestId('submit-order').click();
  const part = page.getByTestId('part-failed');
  await expect(part).toBeVisible();
  await expect(part).toContainText('This part could not be loaded.');
  expect(failed.length).toBeGreaterThan(0);
  // Only that spot: the Trade area and what was typed stay.
  await expect(page.getByTestId('remote-failed')).toHaveCount(0);
  await expect(page.getByTestId('lots')).toHaveValue(lots);
  await shot(page, 'en-trade-part-failed');

  await page.unroute('**/*.js');
  await part.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('order-review')).toBeVisible();
  await expect(page.getByTestId('review-lots')).toHaveText(lots);
});

test('a remote route first visited offline says so, and loads by itself when back online', async ({
  page,
  context,
  request,
}) => {
  await demoUser(context, request);
  await page.goto(`${baseUrl()}/trade`);
  await expectPage(page, '/trade');

  await context.setOffline(true);
  await page.getByTestId('tab-orders').click();
  const failed = page.getByTestId('remote-failed');
  await expect(failed).toBeVisible();
  await expect(failed).toHaveAttribute('data-remote', 'mf-orders');
  await expect(failed).toHaveAttribute('data-offline', 'true');
  await expect(failed.getByRole('heading')).toHaveText('You are offline');
  await expect(failed.getByRole('button', { name: 'Try again' })).toBeVisible();
  // The shell still works: the Trade tab is still there.
  await expect(page.getByTestId('tab-trade')).toBeVisible();
  await shot(page, 'en-remote-offline');

  await context.setOffline(false);
  await expectPage(page, '/order');
  await expect(failed).toHaveCount(0);
});

test('a guest sent to /login offline sees an offline state; back online the login page works', async ({
  page,
  context,
}) => {
  await withLanguage(context, 'en');
  await page.goto(`${baseUrl()}/`);
  await expectPage(page, '/');

  await context.setOffline(true);
  await page.getByTestId('tab-orders').click();
  await expect(page).toHaveURL(/\/login\?from=%2Forder$/);
  const failed = page.getByTestId('remote-failed');
  await expect(failed).toHaveAttribute('data-remote', 'mf-account');
  await expect(failed).toHaveAttribute('data-offline', 'true');
  await expect(failed.getByRole('heading')).toHaveText('You are offline');
  await shot(page, 'en-login-offline');

  await context.setOffline(false);
  await expectPage(page, '/login');
  await page.getByRole('button', { name: 'Try a demo account' }).click();
  await expectPage(page, '/order');
});

test('the offline states in Traditional Chinese (screenshots)', async ({ page, context, request }) => {
  test.slow();
  await demoUser(context, request, 'hk');
  await openTrade(page);
  await raiseLots(page);
  await context.setOffline(true);
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('offline-notice')).toHaveText('你已離線——此操作需要網絡連線');
  await shot(page, 'hk-trade-offline');

  await page.getByTestId('tab-orders').click();
  const failed = page.getByTestId('remote-failed');
  await expect(failed.getByRole('heading')).toHaveText('你已離線');
  await settled(page).catch(() => undefined);
  await shot(page, 'hk-remote-offline');

  await context.setOffline(false);
  await expectPage(page, '/order');
});
