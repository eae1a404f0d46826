/**
 * An installable app that starts offline, in Chromium against the real server with its service worker: after one
 * visit, the app started with no network shows the quotes it last had and the offline banner, not the browser's
 * error page; back online it carries on. Screenshot (390x844) in OFFLINE_SHOTS_DIR (default /tmp/offline-shots).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseUrl, withLanguage } from '../support/app';
import { expectMarketList } from '../support/markets';

const SHOTS = process.env.OFFLINE_SHOTS_DIR ?? '/tmp/offline-shots';

test.use({ serviceWorkers: 'allow' });

test('after one visit the app starts offline with the last quotes and the offline banner', async ({
  page,
  context,
}) => {
  test.slow();
  await withLanguage(context, 'hk');
  await page.goto(`${baseUrl()}/`);
  await expectMarketList(page);
  // The worker is registered once the page is idle, takes control, and is handed the files this visit loaded.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
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
