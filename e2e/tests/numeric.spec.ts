/**
 * Number fields never change what was typed: in Chromium against the real server, each field shows the
 * hostile text exactly, says why beside it, keeps its action disabled, and nothing reaches the server. The order
 * ticket (lots -5, 1,000,000 lots, pending target 1.1.1, stop loss 0.0000000001), an order's TP/SL edit (take profit
 * -5) and a deposit (-5 on /mine/charge). Screenshots of the ticket and the deposit page with an invalid value, at
 * 390x844 in hk, en and ar, into NUMERIC_SHOTS_DIR (outside the repo).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { registerUser } from '../support/account';
import { baseUrl, expectPage, settled, signIn, withLanguage } from '../support/app';
import { expectMarketList } from '../support/markets';
import { instrument, newDemo, placeOrder } from '../support/orders';

const SHOTS = process.env.NUMERIC_SHOTS_DIR ?? '/tmp/numeric-shots';
fs.mkdirSync(SHOTS, { recursive: true });

/** Every request whose path matches, as the page sends it (to prove nothing was sent). */
function recordCalls(page: Page, pattern: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (pattern.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

async function shot(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function openBtcTicket(page: Page) {
  await page.goto(`${baseUrl()}/`);
  await expectMarketList(page);
  await page.getByTestId('market-row-BTCUSD').click();
  await expectPage(page, '/trade');
  await expect(page.getByTestId('balance')).not.toHaveText('—');
}

test('the order ticket keeps lots -5, 1,000,000 lots, target 1.1.1 and stop loss 0.0000000001 as typed and sends nothing', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await withLanguage(context, 'en');
  await signIn(context, await newDemo(request));
  const submits = recordCalls(page, /\/forex\/submit$/);
  await openBtcTicket(page);

  const lots = page.getByTestId('lots');
  await lots.fill('-5');
  await expect(lots).toHaveValue('-5');
  await expect(lots).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('lots-error')).toHaveText('No minus or plus sign');
  await expect(page.getByTestId('submit-order')).toBeDisabled();
  await expect(page.getByTestId('lots-minus')).toBeDisabled();

  await lots.fill('1000000');
  await expect(lots).toHaveValue('1000000');
  await expect(page.getByTestId('lots-error')).toHaveText('Too large: at most 10,000');
  await expect(page.getByTestId('est-margin')).toHaveText('—');
  await expect(page.getByTestId('est-fee')).toHaveText('—');
  await expect(page.getByTestId('liquidation')).toHaveText('—');
  await expect(page.getByTestId('submit-order')).toBeDisabled();
  await expect(page.getByTestId('order-review')).toHaveCount(0);

  await lots.fill('0.01');
  await expect(page.getByTestId('lots-error')).toHaveCount(0);
  await page.getByTestId('sl-on').check();
  await page.getByTestId('sl').fill('0.0000000001');
  await expect(page.getByTestId('sl')).toHaveValue('0.0000000001');
  await expect(page.getByTestId('sl-error')).toHaveText(/^Too many decimals: at most \d+$/);
  await expect(page.getByTestId('submit-order')).toBeDisabled();
  await page.getByTestId('sl-on').uncheck();

  await page.getByTestId('mode-pending').click();
  await page.getByTestId('target-price').fill('1.1.1');
  await expect(page.getByTestId('target-price')).toHaveValue('1.1.1');
  await expect(page.getByTestId('target-price-error')).toHaveText(
    'One decimal point at most, and no thousands separators',
  );
  await expect(page.getByTestId('submit-order')).toBeDisabled();
  // Enter in the field submits nothing either.
  await page.getByTestId('target-price').press('Enter');
  await expect(page.getByTestId('order-review')).toHaveCount(0);
  expect(submits).toEqual([]);
});

test("an order's TP/SL edit keeps take profit -5 as typed, says why, and saves nothing", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await newDemo(request);
  const order = await placeOrder(request, session, await instrument(request, 'BTCUSD'));
  await withLanguage(context, 'en');
  await signIn(context, session);
  const saves = recordCalls(page, /\/forex\/set_stop_price$/);
  await page.goto(`${baseUrl()}/order?type=1`);
  await page.locator(`[data-testid="order-row"][data-order-id="${order.Id}"]`).click();
  const detail = page.getByTestId('order-detail');
  await detail.getByTestId('edit-stops').click();
  await detail.getByTestId('input-tp').fill('-5');
  await expect(detail.getByTestId('input-tp')).toHaveValue('-5');
  await expect(detail.getByTestId('input-tp-error')).toHaveText('No minus or plus sign');
  await expect(detail.getByTestId('save-stops')).toBeDisabled();
  await detail.getByTestId('input-tp').press('Enter');
  await detail.getByTestId('input-tp').fill('');
  await detail.getByTestId('input-sl').fill('0.0000000001');
  await expect(detail.getByTestId('input-sl-error')).toHaveText(/^Too many decimals: at most \d+$/);
  await expect(detail.getByTestId('save-stops')).toBeDisabled();
  await detail.getByTestId('input-sl').press('Enter');
  await page.waitForTimeout(300);
  expect(saves).toEqual([]);
});

test('a deposit of -5 on /mine/charge stays "-5", says why, and sends nothing', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await withLanguage(context, 'en');
  await signIn(context, await registerUser(request, 'numeric'));
  const sends = recordCalls(page, /\/api\/quickCharge\/(submit|wire_submit)$/);
  await page.goto(`${baseUrl()}/mine/charge`);
  const amount = page.getByTestId('charge-amount');
  await amount.fill('-5');
  await expect(amount).toHaveValue('-5');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('charge-amount-error')).toHaveText('No minus or plus sign');
  await expect(page.getByTestId('charge-submit')).toBeDisabled();
  await amount.press('Enter');
  await amount.fill('9999999999999999');
  await expect(page.getByTestId('charge-amount-error')).toHaveText('Too large: at most 999,999,999.99');
  await amount.press('Enter');
  await page.waitForTimeout(300);
  expect(sends).toEqual([]);
});

for (const lang of ['hk', 'en', 'ar'] as const) {
  test(`screenshots (${lang}): the ticket with lots -5, the deposit page with -5`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    await withLanguage(context, lang);
    await signIn(context, await registerUser(request, `numeric-${lang}`));
    await page.goto(`${baseUrl()}/mine/charge`);
    const amount = page.getByTestId('charge-amount');
    await amount.fill('-5');
    await expect(amount).toHaveValue('-5');
    await expect(page.getByTestId('charge-amount-error')).not.toBeEmpty();
    await expect(page.getByTestId('charge-submit')).toBeDisabled();
    await shot(page, `charge-minus-5-${lang}`);

    await openBtcTicket(page);
    const lots = page.getByTestId('lots');
    await lots.fill('-5');
    await expect(lots).toHaveValue('-5');
    await expect(page.getByTestId('lots-error')).not.toBeEmpty();
    await expect(page.getByTestId('submit-order')).toBeDisabled();
    // The ticket moves with every tick: scrolled there directly, not by waiting for it to be still.
    await lots.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, `ticket-lots-minus-5-${lang}`);
  });
}
