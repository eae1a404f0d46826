/**
 * Partial close and close-all on /order against the real server: two positions; part of one closed from its close
 * sheet (the rest stays with its id, the part is in history linked to it and listed in the position's detail); then
 * "Close all" behind one confirmation, both gone and each result shown. The sheets are photographed at 390×844 in
 * English and Traditional Chinese into ORDER_SHOTS_DIR for a person to look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { baseUrl, expectPage, settled, signIn, withLanguage } from '../support/app';
import { ORDER_SHOTS_DIR, instrument, newDemo, orders, placeOrder } from '../support/orders';

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ORDER_SHOTS_DIR, { recursive: true });
  await settled(page);
  await page.screenshot({ path: path.join(ORDER_SHOTS_DIR, `${name}.png`) });
}

const rowOf = (page: Page, id: number) => page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);

for (const lng of ['en', 'hk'] as const) {
  test(`partial close, then close all (${lng})`, async ({ page, context, request }) => {
    test.setTimeout(120_000);
    await withLanguage(context, lng);
    const session = await newDemo(request);
    await signIn(context, session);
    const btc = await placeOrder(request, session, await instrument(request, 'BTCUSD'), { lots: '0.3' });
    const eth = await placeOrder(request, session, await instrument(request, 'ETHUSD'), { lots: '0.2' });

    await page.goto(`${baseUrl()}/order?type=1`);
    await expectPage(page, '/order');
    await expect(rowOf(page, btc.Id)).toBeVisible();
    await expect(rowOf(page, eth.Id)).toBeVisible();

    // Part of the BTC position from its close sheet: what was typed stays, a wrong quantity says why.
    await rowOf(page, btc.Id).click();
    await page.getByTestId('close-order').click();
    const sheet = page.getByTestId('close-sheet');
    const lots = page.getByTestId('close-sheet-lots');
    await expect(lots).toHaveValue('0.3');
    // Hostile quantities typed by hand: shown exactly as typed, refused with a reason, nothing sent.
    for (const typed of ['-5', '1e308', '1.1.1']) {
      await lots.fill(typed);
      await expect(lots).toHaveValue(typed);
      await expect(lots).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByTestId('close-sheet-confirm')).toBeDisabled();
    }
    await lots.fill('0.4');
    await expect(lots).toHaveValue('0.4');
    await expect(lots).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('close-sheet-confirm')).toBeDisabled();
    if (lng === 'en') await expect(sheet).toContainText('At most 0.3 lots: the whole position');
    await shot(page, `close-sheet-invalid-${lng}`);
    await lots.fill('0.1');
    await expect(page.getByTestId('close-sheet-confirm')).toBeEnabled();
    await expect(page.getByTestId('close-sheet-estimate')).not.toHaveText('—');
    await shot(page, `close-sheet-part-${lng}`);
    await page.getByTestId('close-sheet-confirm').click();

    // The rest keeps its id (0.20 lots); the part is its own closed order linked to the position.
    await expect(rowOf(page, btc.Id)).toContainText('0.20');
    let partId = 0;
    await expect
      .poll(async () => {
        const closed = await orders(request, session, 3);
        partId = closed.find((o) => o.ParentId === btc.Id)?.Id ?? 0;
        return partId;
      })
      .toBeGreaterThan(0);
    await expect(page.getByTestId('detail-parts')).toContainText(`#${partId}`);
    await shot(page, `position-with-part-${lng}`);
    await page.getByTestId('detail-dismiss').click();

    await page.getByTestId('tab-history').click();
    const partRow = rowOf(page, partId);
    await expect(partRow).toBeVisible();
    await expect(partRow.getByTestId('order-parent')).toContainText(`#${btc.Id}`);
    if (lng === 'en')
      await expect(partRow.getByTestId('order-parent')).toHaveText(`Partial close of #${btc.Id}`);
    await shot(page, `history-part-${lng}`);

    // Close all: one confirmation listing both, then each result.
    await page.getByTestId('tab-holding').click();
    await expect(rowOf(page, btc.Id)).toBeVisible();
    await page.getByTestId('close-all-open').click();
    await page.getByTestId('close-all-all').click();
    const confirm = page.getByTestId('close-all-confirm');
    await expect(confirm.getByTestId('close-all-row')).toHaveCount(2);
    await expect(confirm).toContainText('BTC/USD');
    await expect(confirm).toContainText('ETH/USD');
    await shot(page, `close-all-confirm-${lng}`);
    await page.getByTestId('close-all-send').click();
    const result = page.getByTestId('close-all-result');
    await expect(result.getByTestId('close-all-closed')).toHaveCount(2);
    await expect(result.getByTestId('close-all-failed')).toHaveCount(0);
    await shot(page, `close-all-result-${lng}`);
    await page.getByTestId('close-all-done').click();
    await expect(rowOf(page, btc.Id)).toHaveCount(0);
    await expect(rowOf(page, eth.Id)).toHaveCount(0);
    expect(await orders(request, session, 1)).toHaveLength(0);
    expect((await orders(request, session, 3)).map((o) => o.Id).sort()).toEqual(
      [btc.Id, eth.Id, partId].sort(),
    );
  });
}
