/**
 * The trader's tools on /trade, in Chromium against the real server: indicators chosen from the menu (drawn over the
 * candles and in panes, remembered after a reload), the trader's own entry, stop loss, take profit and pending
 * target drawn as labelled lines (pinned to the edge when out of the candles' range), full screen and back, and one-tap trading (a warning to turn it on, then a market
 * order at the tap whose toast names the fill). Screenshots at 390x844 in SHOTS_DIR (hk and en).
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { baseUrl, settled, signIn, withLanguage } from '../support/app';
import { SHOTS_DIR } from '../support/markets';
import { call, instrument, newDemo, orders, placeOrder } from '../support/orders';

const shot = (name: string) => path.join(SHOTS_DIR, `${name}.png`);

async function openTrade(page: Page, code: string): Promise<void> {
  await page.goto(`${baseUrl()}/`);
  await page.getByTestId(`market-row-${code}`).click();
  await expect(page.getByTestId('chart')).toHaveAttribute('data-state', 'ready');
  await expect(page.locator('[data-testid="chart"] [data-live]')).toHaveAttribute(
    'data-live',
    /overlay|redraw/,
  );
}

for (const lng of ['en', 'hk']) {
  test(`indicators, the trader's levels and full screen on the chart (${lng})`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const session = await newDemo(request);
    const btc = await instrument(request, 'BTCUSD');
    const held = await placeOrder(request, session, btc, { lots: '0.1' });
    const fill = Number(held.FillPrice ?? held.Price);
    // A stop loss and a pending target near the price, and a take profit 15 % above it: far outside the candles'
    // range, where it is still shown, pinned to the top edge.
    const stops = await call(request, session, '/v1/api/forex/set_stop_price', {
      id: held.Id,
      stop_loss_price: (fill * 0.998).toFixed(2),
      target_profit_price: (fill * 1.15).toFixed(2),
    });
    expect(stops.code, stops.msg).toBe(1);
    await placeOrder(request, session, btc, {
      side: 1,
      lots: '0.2',
      target: Number((fill * 0.999).toFixed(2)),
    });
    await signIn(context, session);
    await withLanguage(context, lng);
    await openTrade(page, 'BTCUSD');

    // The levels: entry, SL, TP and the pending target, each labelled — a line at its price when the candles span
    // it, its label at the edge with an arrow when not (the far take profit).
    await expect(page.getByTestId('level-entry')).toHaveCount(1);
    await expect(page.getByTestId('level-entry')).not.toHaveAttribute('data-off');
    await expect(page.getByTestId('level-sl')).toHaveCount(1);
    await expect(page.getByTestId('level-tp')).toHaveCount(1);
    await expect(page.getByTestId('level-tp')).toHaveAttribute('data-off', 'above');
    await expect(page.getByTestId('level-tp')).toContainText('↑');
    await expect(page.getByTestId('level-pending')).toHaveCount(1);
    if (lng === 'en') {
      await expect(page.getByTestId('level-entry')).toContainText('Buy 0.1');
      await expect(page.getByTestId('level-pending')).toContainText('Buy limit 0.2');
    }

    // Two indicators from the menu: MA over the candles, RSI in its pane.
    await page.getByTestId('chart-indicators-menu').click();
    await page.getByTestId('indicator-ma').check();
    await page.getByTestId('indicator-rsi').check();
    await page.getByTestId('indicators-done').click();
    await expect(page.getByTestId('indicators-count')).toHaveText('2');
    const ma = page.getByTestId('line-ma-ma');
    await expect(ma).toHaveAttribute('points', /\d/);
    await expect(page.getByTestId('pane-rsi')).toBeVisible();
    await expect(page.getByTestId('pane-rsi')).toContainText('RSI(14)');
    await settled(page);
    await page.screenshot({ path: shot(`trade-tools-${lng}`) });

    // Remembered on the device.
    await page.reload();
    await openTrade(page, 'BTCUSD');
    await expect(page.getByTestId('pane-rsi')).toBeVisible();
    await expect(page.getByTestId('line-ma-ma')).toHaveAttribute('points', /\d/);

    // Full screen and back.
    await page.getByTestId('chart-full').click();
    await expect(page.getByTestId('chart')).toHaveAttribute('data-full', 'true');
    await expect(page.getByTestId('chart-exit-full')).toBeVisible();
    await page.screenshot({ path: shot(`trade-full-${lng}`) });
    await page.getByTestId('chart-exit-full').click();
    await expect(page.getByTestId('chart')).not.toHaveAttribute('data-full', 'true');
  });
}

test('one-tap trading: off by default, a warning to turn it on, then a market order goes at the tap', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const session = await newDemo(request);
  await signIn(context, session);
  await withLanguage(context, 'en');
  await openTrade(page, 'BTCUSD');
  const toggle = page.getByTestId('one-tap');
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  const warning = page.getByRole('dialog');
  await expect(warning).toContainText('Turn on one-tap trading?');
  await page.screenshot({ path: shot('one-tap-warning-en') });
  await warning.getByRole('button', { name: 'Turn on' }).click();
  await expect(toggle).toBeChecked();
  // The widest guard: this checks the words and the path, not the guard (unit and server tests do).
  await page.getByTestId('deviation-50').click();
  await page.getByTestId('submit-order').click();
  await expect(page.getByText(/Bought [\d.]+ lots BTC\/USD at [\d,.]+/)).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect.poll(async () => (await orders(request, session, 1)).length).toBe(1);
});

test('trailing stop from the ticket: the distance as typed with its reason, confirmed, kept by the server', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const session = await newDemo(request);
  await signIn(context, session);
  await withLanguage(context, 'en');
  await openTrade(page, 'BTCUSD');
  const field = page.getByTestId('trail');
  await expect(field).toBeDisabled();
  await page.getByTestId('trail-on').check();
  for (const typed of ['-5', '1e308', '1.5']) {
    await field.fill(typed);
    await expect(field).toHaveValue(typed);
    await expect(page.getByTestId('trail-error')).toBeVisible();
    await expect(page.getByTestId('submit-order')).toBeDisabled();
  }
  await field.fill('5000');
  await expect(page.getByTestId('trail-hint')).toContainText('Starts at');
  await page.screenshot({ path: shot('ticket-trailing-en') });
  await page.getByTestId('deviation-50').click();
  await page.getByTestId('submit-order').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByTestId('review-trailing')).toHaveText('5,000 points');
  await dialog.getByTestId('confirm-order').click();
  await expect
    .poll(async () => (await orders(request, session, 1)).map((o) => o.TrailingDistance))
    .toEqual([5000]);
  await page.goto(`${baseUrl()}/order?type=1`);
  await expect(page.getByTestId('order-row').first()).toContainText('Trailing 5,000 pts');
});
