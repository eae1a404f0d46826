/**
 * mf-orders against the real server: a position opened from /trade, its P/L moving live on /order, TP/SL edited with the ticket's
 * side rules, closed and found in history with its P/L and reason; a pending order cancelled; a TP close to the price
 * hit by the live feed, the row leaving holding without a reload. Each tab and the detail are photographed at
 * 390×844 into ORDER_SHOTS_DIR for a person to look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { baseUrl, expectPage, settled, signIn, withLanguage } from '../support/app';
import { confirmOrder, expectMarketList } from '../support/markets';
import { ORDER_SHOTS_DIR, call, instrument, newDemo, orders, placeOrder } from '../support/orders';
import type { ApiOrder } from '../support/orders';

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ORDER_SHOTS_DIR, { recursive: true });
  await settled(page);
  await page.screenshot({ path: path.join(ORDER_SHOTS_DIR, `${name}.png`) });
}

/** The number in a formatted figure ("▲ +1,234.50" → 1234.5). */
const numberIn = (text: string | null): number => Number((text ?? '').replace(/[^\d.-]/g, ''));

/** A 6-decimal P/L of the wire as the screens show it: the cents the ledger books (half away from zero), signed. */
const signedPl = (value: string) => {
  const micros = Number(value.replace('.', ''));
  const cents = Math.sign(micros) * Math.round(Math.abs(micros) / 10_000);
  return new Intl.NumberFormat('en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(cents / 100);
};

test.beforeEach(async ({ context }) => {
  await withLanguage(context, 'en');
});

test('a position: live P/L, TP/SL edit with the side rules, close, then history with P/L and reason', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await newDemo(request);
  await signIn(context, session);

  // Open the position from /trade with the order ticket (a market buy of BTC/USD at its defaults).
  await page.goto(`${baseUrl()}/`);
  await expectMarketList(page);
  await page.getByTestId('market-row-BTCUSD').click();
  await expectPage(page, '/trade');
  await expect(page.getByTestId('balance')).not.toHaveText('—');
  await confirmOrder(page);
  await expect(page.getByText('Order placed.')).toBeVisible();
  let opened: ApiOrder | undefined;
  await expect
    .poll(async () => (opened = (await orders(request, session, 1))[0]), { timeout: 15_000 })
    .toBeTruthy();
  const order = opened as ApiOrder;

  // To /order through the tab bar: holding is the default tab.
  await page.getByTestId('tab-orders').click();
  await expectPage(page, '/order');
  const row = page.locator(`[data-testid="order-row"][data-order-id="${order.Id}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('BTC/USD');
  await expect(row).toContainText('Buy');
  await expect(page.getByTestId('tab-holding')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('summary-balance')).not.toBeEmpty();

  // The P/L moves with the feed, without a reload.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  const firstPl = await row.getByTestId('order-pl').textContent();
  await expect
    .poll(async () => row.getByTestId('order-pl').textContent(), { timeout: 45_000, intervals: [500] })
    .not.toBe(firstPl);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await shot(page, 'holding');

  // Detail with the order's fields.
  await row.click();
  const detail = page.getByTestId('order-detail');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText('Multiplier');
  await expect(detail).toContainText('Margin');
  await expect(detail).toContainText('Fill price');
  await expect(detail.getByTestId('detail-status')).toHaveText('Holding');
  await shot(page, 'detail-holding');

  // TP/SL: a buy's stop loss above the price is refused with the ticket's message; a valid pair is saved.
  await detail.getByTestId('edit-stops').click();
  const price = numberIn(await detail.getByTestId('detail-current').textContent());
  expect(price).toBeGreaterThan(0);
  await detail.getByTestId('input-sl').fill(String(Math.round(price * 1.5)));
  await detail.getByTestId('save-stops').click();
  await expect(detail.getByTestId('stops-error')).toHaveText(
    'For a buy, the stop loss must be below the price',
  );
  const sl = Math.round(price * 0.5);
  const tp = Math.round(price * 1.5);
  await detail.getByTestId('input-sl').fill(String(sl));
  await detail.getByTestId('input-tp').fill(String(tp));
  await shot(page, 'detail-stops');
  await detail.getByTestId('save-stops').click();
  await expect(page.getByText('Stop loss and take profit updated.')).toBeVisible();
  await expect(detail.getByTestId('detail-sl')).toContainText(sl.toLocaleString('en-GB'));
  await expect(detail.getByTestId('detail-tp')).toContainText(tp.toLocaleString('en-GB'));
  const saved = (await orders(request, session, 1)).find((o) => o.Id === order.Id);
  expect(Number(saved?.TargetLossPrice)).toBe(sl);
  expect(Number(saved?.TargetProfitPrice)).toBe(tp);

  // Close: the close sheet (the whole position by default), the server's message, the row leaves holding.
  await detail.getByTestId('close-order').click();
  const confirmBox = page.getByRole('dialog').last();
  await expect(confirmBox).toContainText('BTC/USD');
  await expect(confirmBox).toContainText('The whole position closes at the market price.');
  await confirmBox.getByRole('button', { name: 'Close position' }).click();
  await expect(page.getByText('Position closed.')).toBeVisible();
  await expect(detail).toBeHidden();
  await expect(row).toHaveCount(0);

  // History: the order with its P/L and reason.
  const closed = (await orders(request, session, 3)).find((o) => o.Id === order.Id) as ApiOrder;
  expect(closed.CloseReason).toBe('manual');
  await page.getByTestId('tab-history').click();
  await expect(page).toHaveURL(/\/order\?type=3$/);
  const historyRow = page.locator(`[data-testid="order-row"][data-order-id="${order.Id}"]`);
  await expect(historyRow).toBeVisible();
  await expect(historyRow.getByTestId('order-pl')).toContainText(signedPl(closed.FactProfits));
  await shot(page, 'history');
  await historyRow.click();
  await expect(detail.getByTestId('detail-reason')).toHaveText('Manual close');
  await expect(detail.getByTestId('detail-status')).toHaveText('Closed');
  await expect(detail.getByTestId('detail-pl')).toContainText(signedPl(closed.FactProfits));
  await shot(page, 'detail-history');
});

test('a pending order is cancelled after confirmation', async ({ page, context, request }) => {
  const session = await newDemo(request);
  const btc = await instrument(request, 'BTCUSD');
  // A buy limit far below the market: it stays pending.
  const order = await placeOrder(request, session, btc, {
    side: 1,
    lots: '0.1',
    target: Math.round(btc.price / 2),
  });
  expect(order.Status).toBe(0);
  await signIn(context, session);

  await page.goto(`${baseUrl()}/order?type=0`);
  await expect(page.getByTestId('tab-pending')).toHaveAttribute('aria-selected', 'true');
  const row = page.locator(`[data-testid="order-row"][data-order-id="${order.Id}"]`);
  await expect(row).toBeVisible();
  await shot(page, 'pending');
  await row.click();
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('detail-status')).toHaveText('Pending');
  await shot(page, 'detail-pending');
  await detail.getByTestId('cancel-order').click();
  const confirmBox = page.getByRole('dialog').last();
  await expect(confirmBox).toContainText('Cancel your pending BTC/USD order?');
  await confirmBox.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Order cancelled.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('list-pending').getByTestId('empty')).toBeVisible();
  expect(await orders(request, session, 0)).toHaveLength(0);

  // In History it reads as what it was: cancelled, at its target, with no close price or P/L.
  await page.getByTestId('tab-history').click();
  const done = page.locator(`[data-testid="order-row"][data-order-id="${order.Id}"]`);
  await expect(done.getByTestId('order-tag')).toHaveText('Cancelled');
  await expect(done.getByTestId('order-pl')).toHaveCount(0);
  await expect(done.getByTestId('order-current')).toHaveCount(0);
  await expect(done).toContainText('Target price');
  await shot(page, 'history-cancelled');
  await done.click();
  const closedDetail = page.getByTestId('order-detail');
  await expect(closedDetail.getByTestId('detail-status')).toHaveText('Cancelled');
  await expect(closedDetail.getByTestId('detail-target')).toContainText(
    new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2 }).format(Math.round(btc.price / 2)),
  );
  await expect(closedDetail.getByTestId('detail-fill')).toHaveCount(0);
  await expect(closedDetail.getByTestId('detail-close-price')).toHaveCount(0);
  await expect(closedDetail.getByTestId('detail-pl')).toHaveCount(0);
  await shot(page, 'detail-cancelled');
});

test('a take profit close to the price is hit by the live feed and the row leaves holding without a reload', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const session = await newDemo(request);
  const inst = await instrument(request, 'SOLUSD');
  const order = await placeOrder(request, session, inst, { side: 1, lots: '1' });
  await signIn(context, session);
  await page.goto(`${baseUrl()}/order?type=1`);
  const row = page.locator(`[data-testid="order-row"][data-order-id="${order.Id}"]`);
  await expect(row).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  // A take profit one step above the live bid (the close side of a buy). Should the price drift away instead, the
  // level is moved back to one step above the bid every 20 s; a bid already past it is refused, and tried again.
  const setTpNearPrice = async (): Promise<boolean> => {
    const live = (await orders(request, session, 1)).find((o) => o.Id === order.Id);
    if (!live) return true; // already closed by the feed
    const res = await call(request, session, '/v1/api/forex/set_stop_price', {
      id: order.Id,
      target_profit_price: (Number(live.UpdatePrice) + 0.01).toFixed(2),
      stop_loss_price: '0',
    });
    return res.code === 1;
  };
  const until = Date.now() + 120_000;
  let gone = false;
  while (!gone && Date.now() < until) {
    let set = false;
    for (let attempt = 0; attempt < 10 && !set; attempt++) set = await setTpNearPrice();
    expect(set).toBe(true);
    gone = await expect(row)
      .toHaveCount(0, { timeout: 20_000 })
      .then(() => true)
      .catch(() => false);
  }
  expect(gone).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  const closed = (await orders(request, session, 3)).find((o) => o.Id === order.Id);
  expect(closed?.CloseReason).toBe('tp');
});

test('Arabic: the order page reads right to left, in Arabic', async ({ page, context, request }) => {
  const session = await newDemo(request);
  const btc = await instrument(request, 'BTCUSD');
  await placeOrder(request, session, btc, { side: 2, lots: '0.1' });
  await signIn(context, session);
  await page.goto(`${baseUrl()}/order?type=1`);
  await expectPage(page, '/order');
  await page.evaluate(() => localStorage.setItem('meridian.lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const ar = JSON.parse(fs.readFileSync(path.join(__dirname, '../../locales/ar/orders.json'), 'utf8')) as {
    tab: Record<string, string>;
    side: Record<string, string>;
  };
  await expect(page.getByTestId('tab-holding')).toHaveText(ar.tab.holding ?? '');
  await expect(page.getByTestId('order-row')).toContainText(ar.side.sell ?? '');
  await shot(page, 'holding-ar');
  await page.getByTestId('order-row').click();
  await expect(page.getByTestId('order-detail')).toBeVisible();
  // Every action keeps its label on one line ("Edit TP/SL" in Arabic wrapped before).
  for (const id of ['edit-stops', 'close-order', 'detail-dismiss']) {
    const button = page.getByTestId(id);
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    const lineHeight = await button.evaluate((b) => parseFloat(getComputedStyle(b).lineHeight));
    const padding = await button.evaluate((b) => parseFloat(getComputedStyle(b).paddingTop) * 2);
    expect(box!.height).toBeLessThanOrEqual(Math.max(44, lineHeight + padding) + 2);
    expect(await button.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
  }
  await shot(page, 'detail-ar');
});
