/**
 * Favourites end to end: a guest stars two instruments, sees them under the Favourites chip and reorders them; logs in
 * and finds them moved into the account after the account's own (the device copy gone); a second browser context of
 * the same user sees the same list. Screenshots at 390x844 in hk and en in SHOTS_DIR.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { baseUrl, expectPage, settled, signIn, withLanguage } from '../support/app';
import { registerUser } from '../support/account';
import { expectMarketList, SHOTS_DIR, tradeList } from '../support/markets';

const shot = (name: string) => path.join(SHOTS_DIR, `${name}.png`);

/** The ShowCodes of the Favourites list, top to bottom. */
const favouriteNames = (page: Page) =>
  page.getByTestId('market-list').locator('.name strong').allTextContents();

async function accountFavourites(request: APIRequestContext, token: string) {
  const res = await request.get(`${baseUrl()}/api/favourite/list`, { headers: { authorization: token } });
  const body = (await res.json()) as { code: number; data: { ids: number[] } };
  expect(body.code).toBe(1);
  return body.data.ids;
}

test('a guest stars and reorders, logs in, and finds them in the account on a second device', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const list = await tradeList(request);
  const id = (code: string) => list.find((i) => i.Code === code)!.Id;
  const user = await registerUser(request, 'fav');
  // The account already keeps one favourite: it stays first at login.
  const pre = await request.post(`${baseUrl()}/api/favourite/save`, {
    form: { ids: String(id('XAUUSD')) },
    headers: { authorization: user.token },
  });
  expect(((await pre.json()) as { code: number }).code).toBe(1);

  await withLanguage(context, 'en');
  await page.goto(`${baseUrl()}/`);
  await expectPage(page, '/');
  await expectMarketList(page);

  // The Favourites chip comes first; empty, it says how to add one.
  const chips = page.getByTestId('category-chips').getByRole('button');
  await expect(chips.first()).toHaveText('Favourites');
  await chips.first().click();
  await expect(page.getByTestId('empty')).toContainText('Tap the star beside an instrument');
  await chips.first().click();

  // Star two instruments (a star is its own button beside the row).
  const btc = page.getByRole('button', { name: 'Add BTC/USD to favourites' });
  await btc.click();
  await expect(page.getByTestId('star-BTCUSD')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('star-BTCUSD')).toHaveAccessibleName('Remove BTC/USD from favourites');
  await page.getByRole('button', { name: 'Add EUR/USD to favourites' }).click();
  const box = await page.getByTestId('star-EURUSD').boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);

  await page.getByTestId('chip-fav').click();
  await expect(page.getByTestId('chip-fav')).toHaveAttribute('aria-pressed', 'true');
  expect(await favouriteNames(page)).toEqual(['BTC/USD', 'EUR/USD']);

  // Reorder: EUR/USD up.
  await page.getByRole('button', { name: 'Reorder' }).click();
  await expect(page.getByTestId('favourites-reorder')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move BTC/USD up' })).toBeDisabled();
  await page.getByRole('button', { name: 'Move EUR/USD up' }).click();
  await expect(page.getByTestId('favourites-reorder').locator('strong')).toHaveText(['EUR/USD', 'BTC/USD']);
  await settled(page);
  await page.screenshot({ path: shot('favourites-reorder-en') });
  await page.getByRole('button', { name: 'Reorder' }).click();
  expect(await favouriteNames(page)).toEqual(['EUR/USD', 'BTC/USD']);
  expect(await page.evaluate(() => localStorage.getItem('meridian.favourites'))).toBe(
    JSON.stringify([id('EURUSD'), id('BTCUSD')]),
  );
  await settled(page);
  await page.screenshot({ path: shot('favourites-guest-en') });

  // Log in: the device's favourites join the account's, after its own.
  await page.goto(`${baseUrl()}/login?from=%2F`);
  await page.getByTestId('login-account').fill(user.email);
  await page.getByTestId('login-password').fill(user.password);
  await page.getByTestId('login-submit').click();
  await expectPage(page, '/');
  await expect
    .poll(() => accountFavourites(request, user.token))
    .toEqual([id('XAUUSD'), id('EURUSD'), id('BTCUSD')]);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('meridian.favourites'))).toBeNull();
  await page.getByTestId('chip-fav').click();
  await expect(page.getByTestId('chip-fav')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('market-list').locator('.name strong')).toHaveText([
    'XAU/USD',
    'EUR/USD',
    'BTC/USD',
  ]);

  // A second phone of the same user: the same list, in the same order, in Traditional Chinese.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await signIn(phone, user);
    await withLanguage(phone, 'hk');
    const second = await phone.newPage();
    await second.goto(`${baseUrl()}/`);
    await expectMarketList(second);
    const chip = second.getByTestId('chip-fav');
    await expect(chip).toHaveText('自選');
    await expect(second.getByTestId('star-EURUSD')).toHaveAttribute('aria-pressed', 'true');
    await expect(second.getByTestId('star-EURUSD')).toHaveAccessibleName('將 EUR/USD 移出自選');
    await chip.click();
    await expect(second.getByTestId('market-list').locator('.name strong')).toHaveText([
      'XAU/USD',
      'EUR/USD',
      'BTC/USD',
    ]);
    await settled(second);
    await second.screenshot({ path: shot('favourites-account-hk') });

    // A change there shows on the first phone at its next visit of the quotes home.
    await second.getByRole('button', { name: '將 XAU/USD 移出自選' }).click();
    await expect.poll(() => accountFavourites(request, user.token)).toEqual([id('EURUSD'), id('BTCUSD')]);
    await second.getByRole('button', { name: '排序' }).click();
    await settled(second);
    await second.screenshot({ path: shot('favourites-reorder-hk') });
  } finally {
    await phone.close();
  }
  await page.goto(`${baseUrl()}/`);
  await expectMarketList(page);
  await expect(page.getByTestId('star-XAUUSD')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('star-EURUSD')).toHaveAttribute('aria-pressed', 'true');

  // The trade screen's header has the star too.
  await page.getByTestId('market-row-EURUSD').click();
  await expectPage(page, '/trade');
  const headerStar = page.getByTestId('instrument-header').getByTestId('star-EURUSD');
  await expect(headerStar).toHaveAttribute('aria-pressed', 'true');
  await settled(page);
  await page.screenshot({ path: shot('favourites-trade-en') });
});
