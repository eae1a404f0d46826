/**
 * Price alerts in Chromium against the real server: from the bell on /trade, a level the trader types (shown as typed,
 * refused with its reason when it is not a price), saved; the server fires it at the next tick once the bid is beyond
 * it, and /mine/alerts shows it fired, live. Screenshots at 390x844 in SHOTS_DIR (en and hk).
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseUrl, expectPage, signIn, withLanguage } from '../support/app';
import { expectMarketList, SHOTS_DIR } from '../support/markets';
import { newDemo } from '../support/orders';

const shot = (name: string) => path.join(SHOTS_DIR, `${name}.png`);

for (const lng of ['en', 'hk'] as const) {
  test(`a price alert from the bell on /trade fires and shows on /mine/alerts (${lng})`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    await withLanguage(context, lng);
    await signIn(context, await newDemo(request));
    await page.goto(`${baseUrl()}/`);
    await expectMarketList(page);
    await page.getByTestId('market-row-BTCUSD').click();
    await expectPage(page, '/trade');
    await page.getByTestId('alert-bell-BTCUSD').click();
    const sheet = page.getByTestId('alert-sheet');
    const level = sheet.getByTestId('alert-level');
    // Starts at the bid now.
    await expect(level).toHaveValue(/^\d+\.\d{2}$/);
    const bid = Number(await level.inputValue());
    for (const typed of ['-5', '1e308', '1.1.1']) {
      await level.fill(typed);
      await expect(level).toHaveValue(typed);
      await expect(level).toHaveAttribute('aria-invalid', 'true');
      await expect(sheet.getByTestId('alert-save')).toBeDisabled();
    }
    // "Bid above" a level the bid is already beyond: the server fires it at the next tick.
    await level.fill((bid / 2).toFixed(2));
    await page.screenshot({ path: shot(`alert-sheet-${lng}`) });
    await sheet.getByTestId('alert-save').click();
    await expect(sheet).toHaveCount(0);

    await page.goto(`${baseUrl()}/mine/alerts`);
    await expectPage(page, '/mine/alerts');
    const row = page.getByTestId('alert-row');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-armed', '0', { timeout: 15_000 });
    if (lng === 'en') await expect(row.getByTestId('alert-state')).toContainText('Fired');
    await page.screenshot({ path: shot(`alerts-page-${lng}`) });
  });
}

test('a long press (right click) on a quotes row offers a price alert on it; a guest is asked to log in', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await withLanguage(context, 'en');
  await page.goto(`${baseUrl()}/`);
  await expectMarketList(page);
  const row = page.getByTestId('market-row-BTCUSD');
  await row.click({ button: 'right' });
  const actions = page.getByTestId('row-actions');
  await expect(actions).toBeVisible();
  await actions.getByTestId('row-action-alert').click();
  await expect(page).toHaveURL(/\/login\?/);

  await signIn(context, await newDemo(request));
  await page.goto(`${baseUrl()}/`);
  await expectMarketList(page);
  await row.click({ button: 'right' });
  await expect(actions).toBeVisible();
  await page.screenshot({ path: shot('row-actions-en') });
  await page.getByTestId('row-action-alert').click();
  const sheet = page.getByTestId('alert-sheet');
  await expect(page.getByRole('dialog')).toContainText('BTC/USD');
  await expect(sheet.getByTestId('alert-level')).toHaveValue(/^\d+\.\d{2}$/);
  const level = Number(await sheet.getByTestId('alert-level').inputValue());
  await sheet.getByTestId('alert-level').fill((level * 2).toFixed(2));
  await sheet.getByTestId('alert-save').click();
  await expect(sheet).toHaveCount(0);
  // Still on the quotes home: the row's own tap was not taken as "open the trade screen".
  await expect(page.getByTestId('page-home')).toBeVisible();
  await page.goto(`${baseUrl()}/mine/alerts`);
  await expect(page.getByTestId('alert-row')).toHaveCount(1);
  await expect(page.getByTestId('alert-condition')).toContainText('Bid above');
});
