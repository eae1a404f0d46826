/**
 * Notifications reaching the trader in Chromium against the real server.
 * - A price alert: a demo trader on the quotes screen saves an alert that fires at the next tick (through the API, as
 *   the alert sheet would), sees the toast wherever they are, finds the unread badge on the Mine page, opens the
 *   notification centre (the badge goes: what it showed is marked read), and the row opens /trade on that instrument.
 * - Money decisions made for real by the back office (its API, an ops account made with the CLI): a real trader's
 *   identity check approved and a deposit credited reach the open app as toasts, list as notifications with their
 *   sentences, and the deposit's row opens its record on /mine/charge; the switches turn a kind off.
 * Screenshots at 390x844 in en and hk.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AlertView, NotificationPage } from '@meridian/shared/pure';
import { baseUrl, expectPage, settled, signIn, withLanguage } from '../support/app';
import type { DemoSession } from '../support/app';
import { SHOTS_DIR } from '../support/markets';
import { solidPng } from '../support/account';
import { createOps, opsToken, traderWithKyc } from '../support/ops';
import { call, instrument, newDemo } from '../support/orders';
import type { Instrument } from '../support/orders';

const shot = (name: string) => path.join(SHOTS_DIR, `${name}.png`);

/** A bid alert "above" a level under the current bid: armed and already beyond, it fires at the next tick. */
async function alertBelowBid(request: APIRequestContext, session: DemoSession, inst: Instrument) {
  // 2 % under the bid read a moment ago: a live price moves more than a few points meanwhile (BTC/USD: dollars).
  const level = (inst.bid * 0.98).toFixed(inst.PricePrecision);
  const res = await request.post(`${baseUrl()}/api/alert/save`, {
    form: { forex_id: inst.Id, kind: 'price', side: 'bid', direction: 'above', level, repeat: 0 },
    headers: { authorization: session.token, lang: 'en' },
  });
  const body = (await res.json()) as { code: number; msg: string; data: AlertView };
  expect(body.code, body.msg).toBe(1);
  return body.data;
}

/**
 * Resolves once the tab's socket is logged in and subscribed to `topic` (the signed-in chunk's listener is there), so
 * a firing reaches the toast: on a loaded machine that chunk may come after the network is idle.
 */
function socketListening(page: Page, topic = 'PRICE_ALERT'): Promise<void> {
  let loggedIn = false;
  let subscribed = false;
  return new Promise((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        const m = JSON.parse(String(f.payload)) as { type?: string; code?: number; topic?: string };
        if (m.type === 'login_result' && m.code === 1) loggedIn = true;
        if (m.type === 'subscribed' && m.topic === topic) subscribed = true;
        if (loggedIn && subscribed) resolve();
      }),
    );
  });
}

const TEXT = {
  en: {
    toast: /^Price alert: BTC\/USD bid above [\d,.]+\s\([\d,.]+\)$/,
    row: /BTC\/USD bid above [\d,.]+ — now/,
  },
  hk: {
    toast: /^價格提醒：BTC\/USD 賣出價高於 [\d,.]+（[\d,.]+）$/,
    row: /BTC\/USD 賣出價高於 [\d,.]+ — 現價/,
  },
} as const;

for (const lng of ['en', 'hk'] as const) {
  test(`a price alert that fires: toast, badge on Mine, the notification, then /trade on it (${lng})`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    const session = await newDemo(request);
    // Not the first instrument of the list, which /trade would show anyway.
    const btc = await instrument(request, 'BTCUSD');
    await signIn(context, session);
    await withLanguage(context, lng);
    const listening = socketListening(page);
    await page.goto(`${baseUrl()}/`);
    await expectPage(page, '/');
    await listening;
    // The signed-in code (the toast's listener) is loaded once nothing is in flight.
    await page.waitForLoadState('networkidle');

    const alert = await alertBelowBid(request, session, btc);
    const toast = page.getByText(TEXT[lng].toast);
    await expect(toast).toBeVisible();
    await page.screenshot({ path: shot(`notifications-toast-${lng}`) });
    const list = await call<NotificationPage>(request, session, '/api/notification/list');
    expect(list.data.unread).toBe(1);
    expect(list.data.data[0]).toMatchObject({ type: 'price_alert', payload: { alert: { id: alert.id } } });

    await page.getByTestId('tab-mine').click();
    await expectPage(page, '/user');
    await expect(page.getByTestId('notifications-unread')).toHaveText('1');
    await expect(page.getByTestId('menu-mine-alerts')).toHaveAttribute('href', '/mine/alerts');
    await expect(toast).toBeHidden();
    await settled(page);
    await page.screenshot({ path: shot(`notifications-user-${lng}`), fullPage: true });

    await page.getByTestId('menu-mine-notifications').click();
    await expectPage(page, '/mine/notifications');
    const row = page.getByTestId('notification-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(TEXT[lng].row);
    await expect(row.getByTestId('notification-unread')).toBeVisible();
    // Marked read on the server once shown.
    await expect
      .poll(
        async () => (await call<NotificationPage>(request, session, '/api/notification/list')).data.unread,
      )
      .toBe(0);
    await settled(page);
    await page.screenshot({ path: shot(`notifications-${lng}`), fullPage: true });

    await page
      .getByRole('button', { name: /back|返回/i })
      .first()
      .click();
    await expectPage(page, '/user');
    await expect(page.getByTestId('menu-mine-notifications')).toBeVisible();
    await expect(page.getByTestId('notifications-unread')).toHaveCount(0);

    await page.getByTestId('menu-mine-notifications').click();
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('notification-unread')).toHaveCount(0);
    await row.click();
    await expectPage(page, '/trade');
    await expect(page.getByTestId('instrument-name')).toHaveText('BTC/USD');
  });
}

type Envelope<T> = { code: number; msg: string; data: T };

async function ops<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  form: Record<string, string>,
): Promise<T> {
  const res = await request.post(`${baseUrl()}${path}`, {
    form,
    headers: { authorization: token, lang: 'en' },
  });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${path}: ${body.msg}`).toBe(1);
  return body.data;
}

/** A coin deposit declared by the trader through the API (a proof picture of its own), answered with its id. */
async function declareDeposit(request: APIRequestContext, session: DemoSession, amount: string) {
  const up = await request.post(`${baseUrl()}/api/common/image_upload`, {
    headers: { authorization: session.token, lang: 'en' },
    multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: solidPng(120, [30, 160, 90]) } },
  });
  const url = ((await up.json()) as Envelope<{ url: string }>).data.url;
  const networks = await call<{ id: number; address: string; protocol_code: string }[]>(
    request,
    session,
    '/api/quickCharge/info',
  );
  const net = networks.data.find((n) => n.protocol_code === 'TRC20') ?? networks.data[0];
  if (!net) throw new Error('no receiving address');
  const d = await call<{ id: number }>(request, session, '/api/quickCharge/submit', {
    number: amount,
    proofImg: url,
    address: net.address,
    charge_id: net.id,
  });
  expect(d.code, d.msg).toBe(1);
  return d.data.id;
}

const DECISIONS = {
  en: {
    kycToast: 'Identity check: Your identity is verified.',
    depositToast: /^Deposit: 120\.00 USD credited \(USDT\)$/,
    depositRow: /Deposit.*120\.00 USD credited \(USDT\)/,
    kycRow: /Identity check.*Your identity is verified\./,
  },
  hk: {
    kycToast: '身份認證：您的身份已認證。',
    depositToast: /^充值：120\.00 USD 已入賬（USDT）$/,
    depositRow: /充值.*120\.00 USD 已入賬（USDT）/,
    kycRow: /身份認證.*您的身份已認證。/,
  },
} as const;

for (const lng of ['en', 'hk'] as const) {
  test(`back-office decisions made for real: toasts, the list, the deposit's record, a kind switched off (${lng})`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(150_000);
    const trader = await traderWithKyc(request, 'Notify Tester');
    const admin = await opsToken(request, await createOps('admin', 'notify'));
    await signIn(context, trader);
    await withLanguage(context, lng);
    const listening = socketListening(page, 'NOTIFICATION');
    await page.goto(`${baseUrl()}/`);
    await expectPage(page, '/');
    await listening;

    // Compliance approves the identity check: the toast, in the reader's language.
    const queue = await request.get(`${baseUrl()}/api/ops/kyc/queue`, {
      headers: { authorization: admin.token, lang: 'en' },
    });
    const item = ((await queue.json()) as Envelope<{ data: { id: number; email: string }[] }>).data.data.find(
      (i) => i.email === trader.email,
    );
    if (!item) throw new Error('the submission is not in the KYC queue');
    await ops(request, admin.token, '/api/ops/kyc/decide', { id: String(item.id), decision: 'approve' });
    await expect(page.getByText(DECISIONS[lng].kycToast)).toBeVisible();

    // Finance credits a deposit the trader declared.
    const depositId = await declareDeposit(request, trader, '120');
    await ops(request, admin.token, '/api/ops/deposits/decide', {
      id: String(depositId),
      decision: 'approve',
      tx_ref: `0xnotify${Date.now().toString(16)}${lng}`,
    });
    await expect(page.getByText(DECISIONS[lng].depositToast)).toBeVisible();
    await page.screenshot({ path: shot(`notifications-decision-toast-${lng}`) });

    const list = await call<NotificationPage>(request, trader, '/api/notification/list');
    expect(list.data).toMatchObject({ total: 2, unread: 2 });
    expect(list.data.data.map((n) => n.type)).toEqual(['deposit', 'kyc']);

    await page.getByTestId('tab-mine').click();
    await expectPage(page, '/user');
    await expect(page.getByTestId('notifications-unread')).toHaveText('2');
    await page.getByTestId('menu-mine-notifications').click();
    await expectPage(page, '/mine/notifications');
    const rows = page.getByTestId('notification-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(DECISIONS[lng].depositRow);
    await expect(rows.nth(0)).toHaveAttribute('data-href', `/mine/charge?type=0&record=${depositId}`);
    await expect(rows.nth(1)).toContainText(DECISIONS[lng].kycRow);
    await expect(rows.nth(1)).toHaveAttribute('data-href', '/mine/auth');
    await expect
      .poll(async () => (await call<NotificationPage>(request, trader, '/api/notification/list')).data.unread)
      .toBe(0);

    // The switches: all on; turning deposits off is saved on the server at once.
    await expect(page.getByText(DECISIONS[lng].depositToast)).toBeHidden({ timeout: 30_000 });
    await page.getByTestId('notification-settings-toggle').click();
    const panel = page.getByTestId('notification-settings');
    await expect(panel.getByRole('switch')).toHaveCount(8);
    await expect(page.getByTestId('notification-switch-deposit')).toBeChecked();
    await page.getByTestId('notification-switch-deposit').click();
    await expect(page.getByTestId('notification-switch-deposit')).not.toBeChecked();
    await expect
      .poll(
        async () =>
          (await call<{ types: Record<string, boolean> }>(request, trader, '/api/notification/settings')).data
            .types.deposit,
      )
      .toBe(false);
    await settled(page);
    await page.screenshot({ path: shot(`notifications-settings-${lng}`), fullPage: true });
    await page.getByTestId('notification-settings-toggle').click();
    await settled(page);
    await page.screenshot({ path: shot(`notifications-kinds-${lng}`), fullPage: true });

    // The deposit's row opens its record, marked, on the coin tab.
    await rows.nth(0).click();
    await expectPage(page, '/mine/charge');
    const marked = page.locator('[data-testid="deposit-row"][aria-current="true"]');
    await expect(marked).toHaveCount(1);
    await expect(marked).toContainText('120');
    await settled(page);
    await page.screenshot({ path: shot(`notifications-deposit-record-${lng}`) });
  });
}

/** One notification of every kind and one of a kind this app does not know, as a newer server could list them. */
function everyKind(now: number) {
  const at = now - 90_000;
  const n = (id: number, type: string, payload: unknown, read = false) => ({
    id,
    type,
    payload,
    read_at: read ? at : null,
    created_at: at - id * 1000,
  });
  return [
    n(9, 'order_filled', {
      order_id: 501,
      forex_id: 1,
      code: 'EUR/USD',
      side: 1,
      lots: '0.1',
      price: '1.10020',
      time: at,
    }),
    n(8, 'position_closed', {
      order_id: 502,
      forex_id: 2,
      code: 'BTC/USD',
      side: 2,
      lots: '0.05',
      reason: 'stop_out',
      price: '61000.50',
      profit: '-48.25',
      written_off: '0.00',
      time: at,
    }),
    n(7, 'margin_call', { level: '68.40', threshold: 70, stop_out: 50, time: at }),
    n(6, 'withdrawal', {
      id: 41,
      type: 1,
      status: 1,
      amount: '200.00',
      received: '199.000000',
      currency_code: 'USDT',
      time: at,
    }),
    n(5, 'support_reply', {
      conversation: 12,
      count: 3,
      agent: 'anna',
      preview: 'Your deposit is in.',
      time: at,
    }),
    n(4, 'kyc', { id: 9, status: 3, time: at }, true),
    n(3, 'dividend_paid', { amount: '1.00' }),
  ];
}

for (const lng of ['en', 'ar'] as const) {
  test(`every kind as the centre shows it, an unknown one as a plain row (${lng})`, async ({
    page,
    context,
    request,
  }) => {
    const session = await newDemo(request);
    await signIn(context, session);
    await withLanguage(context, lng);
    // The list as a newer server could answer it (the real calls are exercised above and in the server's tests).
    await page.route('**/api/notification/list**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          code: 1,
          msg: 'ok',
          data: { data: everyKind(Date.now()), total: 7, unread: 6 },
        }),
      }),
    );
    await page.route('**/api/notification/read', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ code: 1, msg: 'ok', data: { unread: 0 } }),
      }),
    );
    await page.goto(`${baseUrl()}/mine/notifications`);
    await expectPage(page, '/mine/notifications');
    const rows = page.getByTestId('notification-row');
    await expect(rows).toHaveCount(7);
    await expect(rows.nth(0)).toHaveAttribute('data-href', '/order?type=1&id=501');
    await expect(rows.nth(1)).toHaveAttribute('data-href', '/order?type=3&id=502');
    await expect(rows.nth(6)).not.toHaveAttribute('data-href');
    await settled(page);
    await page.screenshot({ path: shot(`notifications-every-kind-${lng}`), fullPage: true });
    await page.getByTestId('notification-settings-toggle').click();
    await expect(page.getByTestId('notification-settings').getByRole('switch')).toHaveCount(8);
    await settled(page);
    await page.screenshot({ path: shot(`notifications-switches-${lng}`) });
  });
}
