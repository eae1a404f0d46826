/**
 * mf-markets end to end: a guest browses, filters and searches, opens a chart and switches every period,
 * and is sent to log in to order; a demo user places a market buy with SL and TP and a pending sell; the closed
 * market; screenshots of every screen at 390x844 in SHOTS_DIR.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseUrl, demoSession, expectPage, settled, signIn, withLanguage } from '../support/app';
import {
  confirmOrder,
  expectChart,
  expectMarketList,
  myDeals,
  priceText,
  SHOTS_DIR,
  tradeList,
  widestSlippageGuard,
} from '../support/markets';

const PERIODS = ['1M', '5M', '15M', '30M', '1H', '1D'];
const shot = (name: string) => path.join(SHOTS_DIR, `${name}.png`);

test('a guest browses, filters by chip, searches, charts every period, and is sent to log in to order', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await withLanguage(context, 'en');
  await page.goto(`${baseUrl()}/`);
  await expectPage(page, '/');
  await expectMarketList(page);
  await expect(page.getByTestId('market-row-EURUSD')).toBeVisible();
  await expect(page.getByTestId('quotations')).toContainText('EUR/USD');
  await settled(page); // the logos in place
  await page.screenshot({ path: shot('home') });

  // Chip filter, then the active chip again clears it.
  const crypto = page.getByTestId('chip-5');
  await crypto.click();
  await expect(crypto).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('market-row-EURUSD')).toHaveCount(0);
  await expect(page.getByTestId('market-row-BTCUSD')).toBeVisible();
  await crypto.click();
  await expect(crypto).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('market-row-EURUSD')).toBeVisible();

  // Search to /trade.
  await page.getByTestId('search-link').click();
  await expectPage(page, '/product');
  await page.getByTestId('search-input').fill('eth');
  await expect(page.getByTestId('result-ETHUSD')).toBeVisible();
  await expect(page.getByTestId('result-EURUSD')).toHaveCount(0);
  await page.screenshot({ path: shot('product') });
  await page.getByTestId('result-ETHUSD').click();
  await expectPage(page, '/trade');
  await expect(page.getByTestId('instrument-name')).toHaveText('ETH/USD');

  // Every period draws its chart.
  for (const p of PERIODS) {
    await page.getByTestId(`period-${p}`).click();
    await expectChart(page, p);
  }
  await page.getByTestId('period-1M').click();
  await expectChart(page, '1M');
  await page.screenshot({ path: shot('trade') });

  // Ordering as a guest goes to the login page, coming back to /trade.
  await page.getByTestId('submit-order').click();
  await expect(page).toHaveURL(/\/login\?from=(%2F|\/)trade$/);
});

test('a demo user places a market buy with SL and TP, and a pending sell; both confirmed', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await withLanguage(context, 'en');
  const session = await demoSession(request);
  await signIn(context, session);
  const before = {
    holding: (await myDeals(request, session.token, 1)).length,
    pending: (await myDeals(request, session.token, 0)).length,
  };

  await page.goto(`${baseUrl()}/`);
  await expectMarketList(page);
  await page.getByTestId('market-row-BTCUSD').click();
  await expectPage(page, '/trade');
  await expect(page.getByTestId('instrument-name')).toHaveText('BTC/USD');
  await expect(page.getByTestId('balance')).not.toHaveText('—');

  const btc = (await tradeList(request)).find((i) => i.Code === 'BTCUSD');
  if (!btc) throw new Error('BTCUSD is not listed');
  // Market buy with a stop loss 10% below and a take profit 10% above.
  await page.getByTestId('sl-on').check();
  await page.getByTestId('sl').fill(priceText(btc.bid * 0.9, btc.PricePrecision));
  await page.getByTestId('tp-on').check();
  await page.getByTestId('tp').fill(priceText(btc.ask * 1.1, btc.PricePrecision));
  await expect(page.getByTestId('est-margin')).not.toHaveText('—');
  await page.getByTestId('order-ticket').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('ticket') });
  await confirmOrder(page);
  await expect(page.getByText('Order placed.')).toBeVisible();

  // Pending sell 5% above the market, without stops (the ticket keeps them after an order).
  await page.getByTestId('sl-on').uncheck();
  await page.getByTestId('tp-on').uncheck();
  await page.getByTestId('side-sell').click();
  await page.getByTestId('mode-pending').click();
  await page.getByTestId('target-price').fill(priceText(btc.bid * 1.05, btc.PricePrecision));
  await confirmOrder(page);
  await expect(page.getByText('Pending order placed.')).toBeVisible();

  await expect.poll(async () => (await myDeals(request, session.token, 1)).length).toBe(before.holding + 1);
  await expect.poll(async () => (await myDeals(request, session.token, 0)).length).toBe(before.pending + 1);
});

test('a closed market shows market closed and disables buy and sell', async ({ page, context, request }) => {
  await withLanguage(context, 'en');
  // Some instrument is always closed: US500 trades 13:30-20:00 UTC and JP225 00:00-06:00 UTC, never together,
  // and forex is closed at the weekend.
  const closed = (await tradeList(request)).find((i) => i.MarketStatus !== 1);
  expect(closed, 'no closed instrument: the catalogue schedules changed').toBeDefined();
  if (!closed) return;
  await page.goto(`${baseUrl()}/`);
  await expectMarketList(page);
  const row = page.getByTestId(`market-row-${closed.Code}`);
  await expect(row.getByTestId('market-closed')).toHaveText('Market closed');
  await row.click();
  await expectPage(page, '/trade');
  await expect(page.getByTestId('instrument-name')).toHaveText(closed.ShowCode);
  await expect(page.getByTestId('market-status')).toHaveText('Market closed');
  await expect(page.getByTestId('submit-order')).toBeDisabled();
  await expect(page.getByTestId('side-buy')).toBeDisabled();
  await expect(page.getByTestId('side-sell')).toBeDisabled();
  // Nothing to tap, so the 'Market closed' bar is not stuck over the rows: the leverage row brought to the bottom
  // of the screen is not covered by it.
  const leverage = page.getByRole('radiogroup', { name: 'Leverage' });
  // (Brought to just above the tab bar, which is the shell's and always on top.)
  await leverage.evaluate((el) => {
    el.scrollIntoView({ block: 'end' });
    const tabBar = document.querySelector('[data-testid="tab-orders"]')?.closest('nav');
    window.scrollBy(0, tabBar?.getBoundingClientRect().height ?? 0);
  });
  const box = (await leverage.boundingBox())!;
  const covered = await page.evaluate(
    ({ x, y }) => !document.elementFromPoint(x, y)?.closest('[role="radiogroup"]'),
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(covered).toBe(false);
});

test('the ticket says what it does: a ticked stop needs a price beside it, the confirmation lists the order, the pending buttons name the order, repeated toasts show once below the price', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await withLanguage(context, 'en');
  const session = await demoSession(request);
  await signIn(context, session);
  const btc = (await tradeList(request)).find((i) => i.Code === 'BTCUSD');
  if (!btc) throw new Error('BTCUSD is not listed');
  await page.goto(`${baseUrl()}/`);
  await expectMarketList(page);
  await page.getByTestId('market-row-BTCUSD').click();
  await expectPage(page, '/trade');
  await expect(page.getByTestId('balance')).not.toHaveText('—');
  const holding = (await myDeals(request, session.token, 1)).length;

  // The chart reads like the rest of the screen (87,938.72, not 87938.72) and its time runs to the last candle.
  await expectChart(page, '1M');
  const yLabels = await page.locator('.apexcharts-yaxis-label tspan').allTextContents();
  expect(yLabels.some((l) => /^\d{1,3}(,\d{3})+\.\d{2}$/.test(l.trim()))).toBe(true);
  const kline = (await (
    await request.get(`${baseUrl()}/v1/api/forex/kline?forex_id=${btc.Id}&period=1M`)
  ).json()) as { data: { Time: number }[] };
  const hhmm = (ms: number) =>
    new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Europe/London',
    }).format(ms);
  const last = kline.data.at(-1)!.Time;
  const xLabels = (await page.locator('.apexcharts-xaxis-label tspan').allTextContents()).map((l) =>
    l.trim(),
  );
  // The candle that was last when the page loaded, or the one the feed has added since.
  expect([hhmm(last - 60_000), hhmm(last), hhmm(last + 60_000)]).toContain(xLabels.at(-1));

  // A ticked stop loss with no price is refused beside the field, never sent as "no stop loss".
  await page.getByTestId('sl-on').check();
  await expect(page.getByTestId('sl-error')).toHaveText('Enter a stop loss price above 0');
  await expect(page.getByTestId('submit-order')).toBeDisabled();
  await expect(page.getByTestId('order-review')).toHaveCount(0);
  // What was typed stays as typed, and the field says why it is not a price.
  await page.getByTestId('sl').pressSequentially('-1a2');
  await expect(page.getByTestId('sl')).toHaveValue('-1a2');
  await expect(page.getByTestId('sl-error')).toHaveText('Not a number');
  const sl = priceText(btc.bid * 0.9, btc.PricePrecision);
  await page.getByTestId('sl').fill(sl);
  await expect(page.getByTestId('sl-error')).toHaveCount(0);

  // The confirmation lists everything that will be sent.
  await widestSlippageGuard(page);
  await page.getByTestId('submit-order').click();
  const review = page.getByTestId('order-review');
  await expect(review).toContainText('Buy BTC/USD');
  await expect(page.getByTestId('review-type')).toHaveText('Market');
  await expect(page.getByTestId('review-lots')).not.toBeEmpty();
  await expect(page.getByTestId('review-leverage')).toContainText('×');
  await expect(page.getByTestId('review-sl')).toHaveText(
    new Intl.NumberFormat('en-GB', {
      minimumFractionDigits: btc.PricePrecision,
      maximumFractionDigits: btc.PricePrecision,
    }).format(Number(sl)),
  );
  await expect(page.getByTestId('review-tp')).toHaveText('Not set');
  await expect(page.getByTestId('review-margin')).not.toHaveText('—');
  await expect(page.getByTestId('review-fee')).not.toHaveText('—');
  // The slippage guard: the deviation allowed, as a price distance scaled to the instrument (±250.00 on BTC/USD).
  await expect(page.getByTestId('review-deviation')).toHaveText(/^±\d+\.\d{2}$/);
  await expect(review).toContainText('refused if that is worse than');
  await page.screenshot({ path: shot('confirm-market') });
  await page.getByTestId('confirm-order').click();
  await expect(page.getByText('Order placed.')).toBeVisible();

  // The same message again shows once, with a count, below the instrument and its price.
  await confirmOrder(page);
  const toast = page.getByRole('status').filter({ hasText: 'Order placed.' });
  await expect(toast).toContainText('Order placed. ×2');
  const header = (await page.getByTestId('instrument-header').boundingBox())!;
  const bubble = (await page.getByText('Order placed. ×2').boundingBox())!;
  expect(bubble.y).toBeGreaterThanOrEqual(header.y + header.height);
  await expect.poll(async () => (await myDeals(request, session.token, 1)).length).toBe(holding + 2);

  // Pending: the buttons say what the order is, at which price.
  await page.getByTestId('sl-on').uncheck();
  await page.getByTestId('side-sell').click();
  await page.getByTestId('mode-pending').click();
  await expect(page.getByTestId('submit-order')).toHaveText('Place sell order');
  const target = priceText(btc.bid * 1.05, btc.PricePrecision);
  await page.getByTestId('target-price').fill(target);
  const shown = new Intl.NumberFormat('en-GB', {
    minimumFractionDigits: btc.PricePrecision,
    maximumFractionDigits: btc.PricePrecision,
  }).format(Number(target));
  await expect(page.getByTestId('submit-order')).toHaveText(`Place sell limit at ${shown}`);
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('review-type')).toHaveText('Sell limit');
  await expect(page.getByTestId('confirm-order')).toHaveText(`Place sell limit at ${shown}`);
  await page.screenshot({ path: shot('confirm-pending') });
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('order-review')).toHaveCount(0);
});

test('the ranking lists traders and a tap opens the trader sheet', async ({ page, context }) => {
  await withLanguage(context, 'en');
  await page.goto(`${baseUrl()}/rank`);
  await expectPage(page, '/rank');
  const first = page.getByTestId('trader-card').first();
  await expect(first).toBeVisible({ timeout: 15_000 });
  await expect(first).toContainText('Recent three-week income');
  await page.screenshot({ path: shot('rank') });
  await first.click();
  await expect(page.getByTestId('trader-sheet')).toContainText('Total orders');
  await expect(page.getByTestId('copy-soon')).toContainText('Coming soon');
});
