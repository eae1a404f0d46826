/**
 * The new trader's walk, in Chromium against the real server: every figure as the ledger booked
 * it, a withdrawal waiting for an identity review, news that keeps its own direction on an Arabic page, grouped
 * amounts on the account history, pictures that load, and the words of the register, bind, deposit, TP/SL, Mine
 * and demo-gate screens. Each screen is photographed at 390x844 in hk, en and ar (WALK_SHOTS_DIR) for a person to
 * look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { baseUrl, settled, signIn } from '../support/app';
import type { DemoSession } from '../support/app';
import { registerUser, solidPng } from '../support/account';
import type { RealUser } from '../support/account';
import { call, instrument, newDemo, placeOrder } from '../support/orders';

const SHOTS = process.env.WALK_SHOTS_DIR ?? '/tmp/walk-shots';
const LANGS = ['hk', 'en', 'ar'] as const;

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** A context in one language (set for every page it opens), signed in as `session` when given. */
async function contextIn(browser: Browser, lang: string, session?: DemoSession): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
  });
  await context.addInitScript((l) => localStorage.setItem('meridian.lang', l), lang);
  if (session) await signIn(context, session);
  return context;
}

type Ledger = { list: { Value: string; Type: number }[]; total: number };

/** A real user whose identity is submitted and waiting for review (photos uploaded, form sent). */
async function waitingForReview(request: APIRequestContext): Promise<RealUser> {
  const user = await registerUser(request, 'walk-kyc');
  const upload = async (name: string, rgb: [number, number, number]) => {
    const res = await request.post(`${baseUrl()}/api/common/image_upload`, {
      headers: { authorization: user.token, lang: 'en' },
      multipart: { file: { name, mimeType: 'image/png', buffer: solidPng(64, rgb) } },
    });
    const body = (await res.json()) as { code: number; msg: string; data: { url: string } };
    expect(body.code, body.msg).toBe(1);
    return body.data.url;
  };
  const front = await upload('front.png', [40, 120, 200]);
  const back = await upload('back.png', [200, 120, 40]);
  const res = await request.post(`${baseUrl()}/api/user_real/real_name`, {
    headers: { authorization: user.token, lang: 'en' },
    form: { name: 'Walk Trader', card_id: 'A1234567', front_pic: front, reverse_pic: back },
  });
  const body = (await res.json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(1);
  return user;
}

test('order detail: margin, fee and P/L are the cents the ledger booked; TP/SL edit lists stop loss first', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const demo = await newDemo(request);
  const order = await placeOrder(request, demo, await instrument(request, 'BTCUSD'), { lots: '0.01' });
  const ledger = (await call<Ledger>(request, demo, '/v1/api/main/accountLog/forexChange', { page: 1 })).data;
  const booked = (type: number) => ledger.list.find((r) => r.Type === type)?.Value.replace('-', '');
  const margin = booked(3);
  const fee = booked(5);
  expect(margin).toMatch(/^\d+\.\d{2}$/);
  const en = (v: string) =>
    new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(v));
  for (const lang of LANGS) {
    const context = await contextIn(browser, lang, demo);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/order?type=1`);
    await page.locator(`[data-testid="order-row"][data-order-id="${order.Id}"]`).click();
    const detail = page.getByTestId('order-detail');
    await expect(detail).toBeVisible();
    if (lang === 'en') {
      await expect(detail.getByTestId('detail-margin')).toHaveText(en(margin!));
      if (fee) await expect(detail.getByTestId('detail-fee')).toHaveText(en(fee));
      // Whatever the P/L, it is written in cents.
      await expect(detail.getByTestId('detail-pl')).toHaveText(/^(▲ \+|▼ -)?[\d,]+\.\d{2}$/);
    }
    await shot(page, `${lang}-order-detail`);
    await detail.getByTestId('edit-stops').click();
    const sl = await detail.getByTestId('input-sl').boundingBox();
    const tp = await detail.getByTestId('input-tp').boundingBox();
    expect(sl!.y).toBeLessThan(tp!.y);
    await shot(page, `${lang}-order-stops`);
    await context.close();
  }
});

test('withdraw with an identity waiting for review: says so, no button back to the form, nothing can be sent', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await waitingForReview(request);
  const state = await call<{ lock: string | null }>(request, user, '/api/account/draw_state');
  expect(state.data.lock).toBe('real_name_review');
  for (const lang of LANGS) {
    const context = await contextIn(browser, lang, user);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/mine/withdraw`);
    await expect(page.getByTestId('withdraw-lock-reason')).toBeVisible();
    if (lang === 'en')
      await expect(page.getByTestId('withdraw-lock-reason')).toHaveText(
        'Identity check waiting for review. You can withdraw once it is approved.',
      );
    await expect(page.getByTestId('withdraw-lock-fix')).toHaveCount(0);
    await expect(page.getByTestId('withdraw-amount')).toBeDisabled();
    await expect(page.getByTestId('withdraw-submit')).toBeDisabled();
    await shot(page, `${lang}-withdraw-review`);
    await page.goto(`${baseUrl()}/mine/auth`);
    await expect(page.getByTestId('page-mine-auth')).toBeVisible();
    await shot(page, `${lang}-auth-waiting`);
    await context.close();
  }
});

test('news: pictures load, an English article keeps its direction on an Arabic page, dates in the language', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  expect((await request.get(`${baseUrl()}/icons/news.png`)).status()).toBe(200);
  const manifest = (await (await request.get(`${baseUrl()}/manifest.json`)).json()) as {
    icons: { src: string }[];
  };
  for (const icon of manifest.icons)
    expect((await request.get(`${baseUrl()}${icon.src}`)).status()).toBe(200);
  for (const lang of LANGS) {
    const context = await contextIn(browser, lang);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/news`);
    // An article saved without a picture (another spec's) shows its initial instead: the first one with a picture.
    await expect(page.getByTestId('news-row').first()).toBeVisible();
    const row = page
      .getByTestId('news-row')
      .filter({ has: page.locator('img') })
      .first();
    await expect(row).toBeVisible();
    await expect
      .poll(() => row.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(row.getByTestId('news-date')).not.toHaveText(/\d{4}-\d{2}-\d{2}/);
    await shot(page, `${lang}-news`);
    await row.click();
    const title = page.getByTestId('news-title');
    await expect(title).toBeVisible();
    await expect(page.getByTestId('news-date')).not.toHaveText(/\d{4}-\d{2}-\d{2}/);
    if (lang === 'ar') {
      // The seeded articles are English: on an Arabic page they are still laid out left to right.
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      for (const el of [title, page.getByTestId('news-content')])
        expect(await el.evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');
    }
    await shot(page, `${lang}-news-detail`);
    await context.close();
  }
});

test('account history groups thousands; a demo on deposit/withdraw sees the page title and why', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const demo = await newDemo(request);
  for (const lang of LANGS) {
    const context = await contextIn(browser, lang, demo);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/mine/history`);
    await expect(page.getByTestId('history-row').first()).toBeVisible();
    if (lang === 'en') {
      await expect(page.getByTestId('history-balance')).toHaveText('100,000.00 USD');
      await expect(page.getByTestId('history-amount').first()).toHaveText('+100,000.00');
    }
    await shot(page, `${lang}-history`);
    for (const [route, name] of [
      ['/mine/charge', 'charge'],
      ['/mine/withdraw', 'withdraw'],
    ] as const) {
      await page.goto(`${baseUrl()}${route}`);
      await expect(page.getByTestId('demo-blocked')).toBeVisible();
      if (lang === 'en') {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          name === 'charge' ? 'Deposit' : 'Withdraw',
        );
        await expect(page.getByTestId('demo-blocked-why')).toHaveText(
          name === 'charge' ? /^Deposits are for real accounts/ : /^Withdrawals are for real accounts/,
        );
      }
      await shot(page, `${lang}-demo-${name}`);
    }
    await context.close();
  }
});

test('register, bind and deposit words; the Mine header shows the whole e-mail', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await registerUser(request, 'walk-mine-header-long-name');
  for (const lang of [...LANGS, 'fr'] as const) {
    const guest = await contextIn(browser, lang);
    const page = await guest.newPage();
    await page.goto(`${baseUrl()}/register`);
    const phone = page.getByTestId('register-mobile');
    await expect(phone).toBeVisible();
    // The placeholder fits the field: its text is no wider than the input's content box.
    const fits = await phone.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return ctx.measureText(input.placeholder).width <= room;
    });
    expect(fits, `${lang} phone placeholder`).toBe(true);
    if (lang === 'en') {
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect(page.getByText('Please fill in “E-mail address”.')).toBeVisible();
    }
    if (lang !== 'fr') await shot(page, `${lang}-register`);
    await guest.close();
    if (lang === 'fr') continue;

    const context = await contextIn(browser, lang, user);
    const mine = await context.newPage();
    await mine.goto(`${baseUrl()}/user`);
    const email = mine.getByTestId('user-email');
    await expect(email).toHaveText(user.email);
    expect(await email.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await shot(mine, `${lang}-mine`);
    await mine.goto(`${baseUrl()}/mine/withdraw-way?type=1`);
    const network = mine.getByTestId('bind-network');
    await expect(network).toBeVisible();
    if (lang === 'en') await expect(network.locator('option').first()).toHaveText('Choose a network');
    await shot(mine, `${lang}-bind`);
    await context.close();
  }
});
