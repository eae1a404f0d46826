/**
 * An installable app that starts offline, in Chromium against the real server with its service worker: after one
 * visit, the app started with no network shows the quotes it last had and the offline banner, not the browser's
 * error page; back online it carries on. Screenshot (390x844) in OFFLINE_SHOTS_DIR (default /tmp/offline-shots).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { baseUrl, withLanguage } from '../support/app';
import { expectMarketList } from '../support/markets';

const SHOTS = process.env.OFFLINE_SHOTS_DIR ?? '/tmp/offline-shots';

test.use({ serviceWorkers: 'allow' });

/** One visit to `/` in Traditional Chinese, until the worker (registered once the page is idle) controls the page. */
async function firstVisit(page: Page, context: BrowserContext): Promise<void> {
  test.slow();
  await withLanguage(context, 'hk');
  await page.goto(`${baseUrl()}/`);
  await expectMarketList(page);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

test('after one visit the app starts offline with the last quotes and the offline banner', async ({
  page,
  context,
}) => {
  await firstVisit(page, context);
  // Navigation preload: the next visit's page is requested while the worker starts, not after.
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.ready).navigationPreload.getState()),
  ).toMatchObject({ enabled: true });
  const cached = async () =>
    page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const n of names) for (const r of await (await caches.open(n)).keys()) urls.push(r.url);
      return urls;
    });
  await expect
    .poll(async () =>
      (await cached()).filter((u) => /\/remotes\/mf-markets\/[^/]+\/remoteEntry\.js$/.test(u)),
    )
    .toHaveLength(1);
  // The page the server wrote (with the registry and the quotes of its first paint) is kept for an offline start.
  expect((await cached()).some((u) => u === `${baseUrl()}/`)).toBe(true);
  const row = page.getByTestId('market-row-BTCUSD');
  await expect(row.getByTestId('row-price')).not.toHaveText('');

  await context.setOffline(true);
  const again = await context.newPage();
  await again.goto(`${baseUrl()}/`);
  await expect(again.getByTestId('offline-banner')).toHaveAttribute('data-reason', 'network');
  await expect(again.getByTestId('offline-banner')).toHaveText('您已離線：以下是最後收到的報價');
  await expectMarketList(again);
  const offlineRow = again.getByTestId('market-row-BTCUSD');
  await expect(offlineRow).toBeVisible();
  await expect(offlineRow.getByTestId('row-price')).toHaveText(/\d/);
  fs.mkdirSync(SHOTS, { recursive: true });
  await again.screenshot({ path: path.join(SHOTS, 'offline-start-hk.png') });

  // A route never opened before starts too (the app's page, its own screen says it is offline when it needs more).
  await again.goto(`${baseUrl()}/order`);
  await expect(again.getByTestId('offline-banner')).toBeVisible();

  await context.setOffline(false);
  await again.goto(`${baseUrl()}/`);
  await expectMarketList(again);
  await expect(again.getByTestId('offline-banner')).toHaveCount(0);
});

test("a later start runs the shell's code during the page's round trip, with the server's fresh part", async ({
  page,
  context,
}) => {
  await firstVisit(page, context);
  // The worker keeps the page as the server wrote it (its head ends at the boot mark).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const res = await (await caches.open('meridian-pages')).match('/');
        return res ? (await res.text()).includes('<!--meridian-boot-->') : false;
      }),
    )
    .toBe(true);

  // The page's own request now takes 1.5 s more (navigation preload goes through the page's throttling; the
  // worker's cache does not).
  const again = await context.newPage();
  const cdp = await context.newCDPSession(again);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 1500,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await again.goto(`${baseUrl()}/`);
  await expectMarketList(again);
  const t = await again.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const main = performance
      .getEntriesByType('resource')
      .find((r) => /\/main\.[0-9a-f]+\.js$/.test(new URL(r.name).pathname));
    return { responseEnd: nav.responseEnd, mainStart: main?.startTime ?? -1 };
  });
  // The shell's script was asked for while the page's server part was still on its way.
  expect(t.mainStart).toBeGreaterThanOrEqual(0);
  expect(t.responseEnd).toBeGreaterThan(1500);
  expect(t.mainStart).toBeLessThan(t.responseEnd - 1000);
  // No offline banner: the prices are the server's of this start.
  await expect(again.getByTestId('offline-banner')).toHaveCount(0);
  await expect(again.getByTestId('market-row-BTCUSD').getByTestId('row-price')).toHaveText(/\d/);
});
