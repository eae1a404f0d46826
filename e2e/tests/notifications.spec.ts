/**
 * Price alerts reaching the trader in Chromium against the real server: a demo trader on the quotes screen saves an
 * alert that fires at the next tick (through the API, as the alert sheet would), sees the toast wherever they are,
 * finds the unread badge on the Mine page, opens the notification centre (the badge goes: what it showed is marked
 * read), and the row opens /trade on that instrument. Screenshots at 390x844 in en and hk.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AlertView, NotificationPage } from '@meridian/shared/pure';
import { baseUrl, expectPage, settled, signIn, withLanguage } from '../support/app';
import type { DemoSession } from '../support/app';
import { SHOTS_DIR } from '../support/markets';
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
 * Resolves once the tab's socket is logged in and subscribed to PRICE_ALERT (the signed-in chunk's listener is
 * there), so a firing reaches the toast: on a loaded machine that chunk may come after the network is idle.
 */
function socketListening(page: Page): Promise<void> {
  let loggedIn = false;
  let subscribed = false;
  return new Promise((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        const m = JSON.parse(String(f.payload)) as { type?: string; code?: number; topic?: string };
        if (m.type === 'login_result' && m.code === 1) loggedIn = true;
        if (m.type === 'subscribed' && m.topic === 'PRICE_ALERT') subscribed = true;
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
