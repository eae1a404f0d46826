/**
 * The account statement in Chromium against the real server: a demo trader who traded today opens it from the Mine
 * page, sees opening + movements = closing = balance + margin held, downloads the CSV (the same figures), and the
 * print view leaves the app around it out. Screenshots at 390x844 in en and hk.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseUrl, settled, signIn, withLanguage } from '../support/app';
import { SHOTS_DIR } from '../support/markets';
import { call, instrument, newDemo, placeOrder } from '../support/orders';

const shot = (name: string) => path.join(SHOTS_DIR, `${name}.png`);
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

for (const lng of ['en', 'hk']) {
  test(`a statement of this month reconciles with the account (${lng})`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    const session = await newDemo(request);
    const btc = await instrument(request, 'BTCUSD');
    const closed = await placeOrder(request, session, btc, { lots: '0.1' });
    const close = await call(request, session, '/v1/api/forex/close', { id: closed.Id });
    expect(close.code, close.msg).toBe(1);
    await placeOrder(request, session, btc, { lots: '0.2', side: 2 }); // still open: its margin is held
    const balance = await call<{ balance: string; lock_balance: string }>(
      request,
      session,
      '/v1/api/main/wallet/getBalance',
    );
    await signIn(context, session);
    await withLanguage(context, lng);
    await page.goto(`${baseUrl()}/user`);
    await page.getByTestId('menu-mine-statement').click();
    await expect(page.getByTestId('page-mine-statement')).toBeVisible();
    await page.getByTestId('preset-thisMonth').click();
    const closing = page.getByTestId('total-closing');
    await expect(closing).not.toBeEmpty();
    expect(cents((await closing.textContent()) ?? '')).toBe(
      cents(balance.data.balance) + cents(balance.data.lock_balance),
    );
    await expect(page.getByTestId('statement-trades').locator('tbody tr')).toHaveCount(2);
    await settled(page);
    await page.screenshot({ path: shot(`statement-${lng}`), fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('statement-csv').click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const total = (cents(balance.data.balance) + cents(balance.data.lock_balance)) / 100;
    expect(csv).toContain(`,${total.toFixed(2)}\r\n`);

    // Printing shows the statement alone.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation').first()).toBeHidden();
    await expect(page.getByTestId('statement-csv')).toBeHidden();
    await expect(page.getByTestId('total-closing')).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
  });
}
