/**
 * Funds end to end, in Chromium against the real server: a verified trader binds a withdrawal address and waits out
 * its cooling period (5 s here, set in global-setup), deposits with a proof picture, finance approves it in the back
 * office and the trader's balance rises without a reload; the trader withdraws, finance rejects and the hold comes
 * back; a second withdrawal is paid and shows as paid. Every funds page is photographed at 390x844 and the finance
 * pages at 1280x800, into FUNDS_SHOTS_DIR (outside the repo).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { solidPng } from '../support/account';
import { baseUrl, settled, signIn, withLanguage } from '../support/app';
import { createOps, opsToken, traderWithKyc, withOpsSession } from '../support/ops';

const SHOTS = process.env.FUNDS_SHOTS_DIR ?? '/tmp/funds-shots';
const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

type Envelope<T> = { code: number; msg: string; data: T };

async function opsApprovesKyc(request: APIRequestContext, token: string, email: string) {
  const q = (await (
    await request.get(`${baseUrl()}/api/ops/kyc/queue`, { headers: { authorization: token, lang: 'en' } })
  ).json()) as Envelope<{ data: { id: number; email: string }[] }>;
  const item = q.data.data.find((i) => i.email === email);
  if (!item) throw new Error('the submission is not in the KYC queue');
  const r = (await (
    await request.post(`${baseUrl()}/api/ops/kyc/decide`, {
      headers: { authorization: token, lang: 'en' },
      form: { id: String(item.id), decision: 'approve' },
    })
  ).json()) as Envelope<unknown>;
  expect(r.code).toBe(1);
}

async function shot(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test('bind, cool down, deposit with proof, approve, balance rises live; withdraw rejected and returned; withdraw paid', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const finance = await createOps('finance,compliance', 'finance');
  const session = await opsToken(request, finance);
  const trader = await traderWithKyc(request, 'Funds Trader');
  await opsApprovesKyc(request, session.token, trader.email);

  // ---- the trader (phone) ----
  const phone = await browser.newContext();
  await withLanguage(phone, 'en');
  await signIn(phone, trader);
  const tp = await phone.newPage();

  // Nothing bound yet: the withdraw page says why not and links to the fix.
  await tp.goto(`${baseUrl()}/mine/withdraw`);
  await expect(tp.getByTestId('withdraw-lock-reason')).toHaveText(
    'Please set up a collection account first.',
  );
  await shot(tp, 'withdraw-locked');

  // Bind: a typo is refused beside the field, the real address is bound.
  await tp.goto(`${baseUrl()}/mine/withdraw-way?type=1`);
  await tp.getByTestId('bind-network').selectOption({ label: 'USDT · TRC20' });
  await tp.getByTestId('bind-address').fill(`${TRON.slice(0, -1)}9`);
  await tp.getByTestId('bind-submit').click();
  await expect(tp.getByTestId('bind-address-error')).toContainText('not a valid TRC20 address');
  await shot(tp, 'withdraw-way-coin');
  await tp.getByTestId('bind-address').fill(TRON);
  await tp.getByTestId('bind-submit').click();
  // Bound: the form goes back to where the trader came from.
  await tp.waitForURL('**/mine/withdraw');
  await tp.goto(`${baseUrl()}/mine/coin-address-list`);
  await expect(tp.getByTestId('method-value')).toHaveText(TRON);
  await shot(tp, 'coin-address-list');

  // The cooling period: locked until it is over (5 s in this run).
  await tp.goto(`${baseUrl()}/mine/withdraw`);
  await expect(tp.getByTestId('withdraw-lock-reason')).toContainText(
    /can receive withdrawals from|nothing free/,
  );
  await expect
    .poll(
      async () => {
        const r = await request.get(`${baseUrl()}/api/account/draw_state`, {
          headers: { authorization: trader.token },
        });
        return ((await r.json()) as Envelope<{ lock: string | null }>).data.lock;
      },
      { timeout: 20_000 },
    )
    .toBe('no_free');

  // Deposit 500 with a proof picture.
  await tp.goto(`${baseUrl()}/mine/charge`);
  await expect(tp.getByTestId('charge-balance')).toContainText('0.00 USD');
  await tp.getByTestId('charge-network').selectOption({ label: 'USDT · TRC20 · …jpRTv8' });
  await expect(tp.getByTestId('charge-address-text')).toHaveText(TRON);
  await expect(tp.getByTestId('charge-address').locator('img')).toHaveJSProperty('width', 160);
  await tp.getByTestId('charge-amount').fill('500');
  await tp.getByTestId('charge-proof-input').setInputFiles({
    name: 'proof.png',
    mimeType: 'image/png',
    buffer: solidPng(200, [20, 160, 90]),
  });
  await expect(tp.getByTestId('charge-proof')).toContainText('Uploaded');
  await tp.getByTestId('charge-submit').click();
  await expect(tp.getByTestId('deposit-status').first()).toHaveText('Waiting for review');
  await shot(tp, 'charge-coin');

  // ---- finance (desktop) approves ----
  const desk = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });
  await withLanguage(desk, 'en');
  await withOpsSession(desk, session);
  const op = await desk.newPage();
  await op.goto(`${baseUrl()}/ops/deposits`);
  const row = op.getByTestId('ops-deposit-row').filter({ hasText: trader.email });
  await row.click();
  await expect(op.getByTestId('ops-deposit-detail')).toContainText(trader.email);
  await expect(op.getByTestId('ops-proof').locator('img')).toBeVisible();
  await shot(op, 'ops-deposits');
  // The trader's account state is shown before the decision.
  await expect(op.getByTestId('ops-deposit-account')).toHaveAttribute('data-frozen', 'false');
  await expect(op.getByTestId('ops-deposit-account')).toContainText('Verified');
  await op.getByTestId('ops-deposit-approve').click();
  // What arrived (prefilled with the declared amount) and the transaction hash are asked for.
  await expect(op.getByTestId('ops-deposit-received')).toHaveValue('500.00');
  await op.getByTestId('ops-prompt-input').fill(`0xhash${Date.now()}`);
  await op.getByRole('dialog').getByRole('button', { name: 'Approve and credit' }).click();
  await expect(row).toHaveCount(0);

  // The trader's page shows the credit without a reload.
  await expect(tp.getByTestId('charge-balance')).toContainText('500.00 USD', { timeout: 15_000 });
  await expect(tp.getByTestId('deposit-status').first()).toHaveText('Finished');

  // ---- withdraw 100: fee and amount received previewed; finance rejects; the hold returns ----
  await tp.goto(`${baseUrl()}/mine/withdraw`);
  await expect(tp.getByTestId('withdraw-fee')).toHaveText('—');
  await tp.getByTestId('withdraw-currency').selectOption({ label: 'USDT · TRC20' });
  await expect(tp.getByTestId('withdraw-method')).toBeVisible();
  await tp.getByTestId('withdraw-amount').fill('100');
  await expect(tp.getByTestId('withdraw-fee')).toHaveText('1.00 USD');
  await expect(tp.getByTestId('withdraw-received')).toHaveText('99.000000 USDT');
  await tp.getByTestId('withdraw-submit').dblclick();
  await expect(tp.getByTestId('withdraw-balance')).toContainText('400.00 USD');
  await expect(tp.getByTestId('withdraw-row')).toHaveCount(1);
  await expect(tp.getByTestId('withdraw-status').first()).toHaveText('Under review');
  await shot(tp, 'withdraw-coin');

  await op.goto(`${baseUrl()}/ops/withdrawals`);
  const wrow = op.getByTestId('ops-withdrawal-row').filter({ hasText: trader.email });
  await wrow.click();
  await expect(op.getByTestId('ops-withdrawal-address')).toHaveText(TRON);
  await shot(op, 'ops-withdrawals');
  await op.getByTestId('ops-withdrawal-reject').click();
  await op.getByTestId('ops-prompt-input').fill('Please use an address in your own name');
  await op.getByTestId('ops-prompt-submit').click();
  await expect(wrow).toHaveCount(0);
  await expect(tp.getByTestId('withdraw-balance')).toContainText('500.00 USD', { timeout: 15_000 });
  await expect(tp.getByTestId('withdraw-status').first()).toHaveText('Rejected');

  // ---- a second withdrawal is paid ----
  await tp.getByTestId('withdraw-amount').fill('50');
  await tp.getByTestId('withdraw-submit').click();
  await expect(tp.getByTestId('withdraw-balance')).toContainText('450.00 USD');
  await op.getByTestId('ops-withdrawals-reload').click();
  await wrow.click();
  await op.getByTestId('ops-withdrawal-pay').click();
  // The payout dialog repeats the amount and the address, with a copy button.
  await expect(op.getByTestId('ops-pay-details')).toContainText('49.000000 USDT');
  await expect(op.getByTestId('ops-pay-address-copy')).toBeVisible();
  await op.getByTestId('ops-prompt-input').fill('TRX-0xabc123');
  await op.getByTestId('ops-prompt-submit').click();
  await expect(wrow).toHaveCount(0);
  await tp.reload();
  await expect(tp.getByTestId('withdraw-status').first()).toHaveText('Paid');
  await expect(tp.getByTestId('withdraw-balance')).toContainText('450.00 USD');
  await shot(tp, 'withdraw-records');

  // ---- the rest of the pages, photographed ----
  await tp.goto(`${baseUrl()}/mine/history`);
  await expect(tp.getByTestId('history-row').first()).toBeVisible();
  await expect(tp.getByTestId('page-mine-history')).toContainText('Deposit');
  await shot(tp, 'history');
  await tp.goto(`${baseUrl()}/mine/wallet`);
  await expect(tp.getByTestId('wallet-coins')).toContainText('1');
  await shot(tp, 'wallet');
  await tp.goto(`${baseUrl()}/mine/bank-card-list`);
  await expect(tp.getByTestId('method-add')).toBeVisible();
  await shot(tp, 'bank-card-list');
  await tp.goto(`${baseUrl()}/mine/withdraw-way?type=2`);
  await expect(tp.getByTestId('bind-bank_swift')).toBeVisible();
  await shot(tp, 'withdraw-way-bank');
  await tp.goto(`${baseUrl()}/mine/charge`);
  await tp.getByTestId('charge-tab-bank').click();
  await tp.getByTestId('charge-bank-amount').fill('100');
  await tp.getByTestId('charge-bank-submit').click();
  await expect(tp.getByTestId('charge-payway-error')).toHaveText('Please choose a pay way');
  await tp.getByTestId('charge-payway').selectOption({ index: 1 });
  await expect(tp.getByTestId('charge-bank')).toContainText('MRDNHKHHXXX');
  await shot(tp, 'charge-bank');
  await tp.goto(`${baseUrl()}/mine/withdraw`);
  await tp.getByTestId('withdraw-tab-bank').click();
  await expect(tp.getByTestId('withdraw-bank-hint')).toBeVisible();
  await shot(tp, 'withdraw-bank');
  await op.goto(`${baseUrl()}/ops/cashier`);
  await expect(op.getByTestId('ops-channel-row').first()).toBeVisible();
  await shot(op, 'ops-cashier');
  await op.goto(`${baseUrl()}/ops/deposits`);
  await op.getByTestId('ops-funds-status').selectOption('1');
  await expect(op.getByTestId('ops-deposit-row').first()).toBeVisible();
  await shot(op, 'ops-deposits-approved');
  // The side menu names the finance pages.
  await expect(op.getByTestId('ops-menu-money')).toHaveCount(3);
  await phone.close();
  await desk.close();
});
