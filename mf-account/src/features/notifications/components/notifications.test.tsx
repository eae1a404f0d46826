import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appStore, currentInstrumentAtom } from '@meridian/shared';
import { NOTIFICATION_TYPES, priceAlertFigures, TOPICS } from '@meridian/shared/pure';
import type { AlertView, NotificationView } from '@meridian/shared/pure';
import NotificationsPage from '../../../app/pages/notifications-page';
import {
  fakeRealtime,
  logIn,
  mockServer,
  ok,
  refuse,
  renderPage,
  resetApp,
  toastTexts,
} from '../../../testing/test-utils';
import { describeNotification, idsToMark } from '../state/notification-text';
import { NotificationsView } from './notifications-view';

beforeEach(() => {
  resetApp();
  logIn();
});

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

const alert = (over: Partial<AlertView> = {}): AlertView => ({
  id: 7,
  forex_id: 3,
  code: 'EUR/USD',
  kind: 'price',
  side: 'bid',
  direction: 'above',
  level: '1.10000',
  percent: null,
  repeat: 0,
  cooldown: 0,
  armed: 0,
  last_fired_at: NOW - 5 * 60_000,
  fired_count: 1,
  created_at: NOW - 3_600_000,
  updated_at: NOW - 5 * 60_000,
  ...over,
});

const priceAlert = (
  id: number,
  over: { alert?: Partial<AlertView>; price?: number; change?: number | null; read_at?: number | null } = {},
): NotificationView => ({
  id,
  type: 'price_alert',
  payload: {
    alert: alert(over.alert),
    price: over.price ?? 1.10012,
    change: over.change ?? null,
    time: NOW - 5 * 60_000,
  },
  read_at: over.read_at ?? null,
  created_at: NOW - 5 * 60_000,
});

/** A notification of a type this build does not know (the list is open: the server may add kinds first). */
const futureKind = (id: number) =>
  ({
    id,
    type: 'dividend_paid',
    payload: { amount: '80' },
    read_at: null,
    created_at: NOW,
  }) as unknown as NotificationView;

/** One notification of every other type, as the server stores them. */
const AT = NOW - 60_000;
const row = <T extends NotificationView['type']>(
  id: number,
  type: T,
  payload: Extract<NotificationView, { type: T }>['payload'],
): NotificationView => ({ id, type, payload, read_at: null, created_at: AT }) as NotificationView;
const EVERY_KIND: NotificationView[] = [
  row(28, 'order_filled', {
    order_id: 501,
    forex_id: 1,
    code: 'EUR/USD',
    side: 1,
    lots: '0.1',
    price: '1.10020',
    time: AT,
  }),
  row(27, 'position_closed', {
    order_id: 502,
    forex_id: 5,
    code: 'BTC/USD',
    side: 2,
    lots: '0.05',
    reason: 'sl',
    price: '61000.50',
    profit: '-48.25',
    written_off: '0.00',
    time: AT,
  }),
  row(26, 'margin_call', { level: '68.40', threshold: 70, stop_out: 50, time: AT }),
  row(25, 'deposit', { id: 31, type: 1, status: 1, amount: '500.00', currency_code: 'USD', time: AT }),
  row(24, 'withdrawal', {
    id: 41,
    type: 1,
    status: 1,
    amount: '200.00',
    received: '199.000000',
    currency_code: 'USDT',
    time: AT,
  }),
  row(23, 'kyc', { id: 9, status: 3, time: AT }),
  row(22, 'support_reply', {
    conversation: 12,
    count: 3,
    agent: 'anna',
    preview: 'Your deposit is in.',
    time: AT,
  }),
];

const tEn = (key: string, vars?: Record<string, string>) =>
  `${key}${vars && Object.keys(vars).length > 0 ? ` ${JSON.stringify(vars)}` : ''}`;

describe('notification text', () => {
  it('a price alert: the level and the price at the level’s decimals, or the price’s own when it has more', () => {
    expect(priceAlertFigures(priceAlert(1).payload as never, 'en')).toEqual({
      code: 'EUR/USD',
      level: '1.10000',
      price: '1.10012',
    });
    // Saved as "1.1", fired at 1.10012: the price is not cut to the level's one decimal.
    expect(
      priceAlertFigures(priceAlert(1, { alert: { level: '1.1' } }).payload as never, 'en'),
    ).toMatchObject({ level: '1.10000', price: '1.10012' });
    // A round price keeps the level's decimals; grouping and digits follow the language.
    expect(
      priceAlertFigures(
        priceAlert(1, { alert: { code: 'BTC/USD', level: '91000.50' }, price: 91001 }).payload as never,
        'de',
      ),
    ).toMatchObject({ level: '91.000,50', price: '91.001,00' });
  });

  it('a percent alert says today’s move, unsigned (the words say up or down), at 2 decimals', () => {
    const n = priceAlert(1, {
      alert: { code: 'BTC/USD', kind: 'percent', direction: 'below', level: null, percent: '2.5' },
      change: -2.5,
    });
    expect(describeNotification(n, tEn, 'en').body).toBe(
      'priceAlert.percent_below {"code":"BTC/USD","change":"2.50"}',
    );
  });

  it('leads to /trade on the instrument', () => {
    expect(describeNotification(priceAlert(1), tEn, 'en').href).toBe('/trade?code=EUR%2FUSD');
  });

  it('every kind leads to the screen it is about; an unknown kind leads nowhere', () => {
    expect(EVERY_KIND.map((n) => [n.type, describeNotification(n, tEn, 'en').href])).toEqual([
      ['order_filled', '/order?type=1&id=501'],
      ['position_closed', '/order?type=3&id=502'],
      ['margin_call', '/order?type=1'],
      ['deposit', '/mine/charge?type=1&record=31'],
      ['withdrawal', '/mine/withdraw?type=0&record=41'],
      ['kyc', '/mine/auth'],
      ['support_reply', '/mine/chat'],
    ]);
    expect(describeNotification(futureKind(1), tEn, 'en')).toEqual({
      title: 'unknown.title',
      body: 'unknown.body',
      href: null,
    });
  });

  it('the figures are the payload’s, in the reader’s language (exact decimal text, signed P/L)', () => {
    const [filled, closed, margin] = EVERY_KIND;
    expect(describeNotification(filled!, tEn, 'de').body).toBe(
      'orderFilled.buy {"code":"EUR/USD","lots":"0,1","price":"1,10020"}',
    );
    expect(describeNotification(closed!, tEn, 'en').body).toBe(
      'positionClosed.sl {"code":"BTC/USD","lots":"0.05","price":"61,000.50","profit":"-48.25"}',
    );
    // In Arabic and Persian the signed P/L is isolated left-to-right, so its sign stays in front.
    expect(describeNotification(closed!, tEn, 'ar').body).toMatch(/"profit":"\u2066[^"]*48[^"]*\u2069"/);
    expect(describeNotification(closed!, tEn, 'en').body).not.toMatch(/\u2066/);
    // A reply's own words keep their own direction inside an Arabic sentence.
    expect(describeNotification(EVERY_KIND[6]!, tEn, 'ar').body).toContain(
      '"preview":"\u2068Your deposit is in.\u2069"',
    );
    expect(describeNotification(margin!, tEn, 'en').body).toBe(
      'marginCall.warning {"level":"68.40","threshold":"70","stopOut":"50"}',
    );
  });

  it('marks the shown, unread ones not asked for yet, unknown kinds included', () => {
    const items = [priceAlert(1), priceAlert(2, { read_at: NOW }), futureKind(3), priceAlert(4)];
    expect(idsToMark(items, new Set([4]))).toEqual([1, 3]);
  });
});

describe('/mine/notifications', () => {
  it('lists the notifications in English, an unknown type as a plain row, and marks the shown ones read after they rendered', async () => {
    const s = mockServer({
      'GET /api/notification/list': ok({
        data: [
          priceAlert(12),
          futureKind(11),
          priceAlert(10, {
            alert: { code: 'BTC/USD', kind: 'percent', level: null, percent: '2.5' },
            change: 2.5,
          }),
          priceAlert(9, {
            alert: { side: 'ask', direction: 'below', level: '1.09500' },
            price: 1.0949,
            read_at: NOW,
          }),
        ],
        total: 4,
        unread: 3,
      }),
      'POST /api/notification/read': ok({ unread: 0 }),
    });
    renderPage(<NotificationsPage />);
    expect(screen.getByTestId('page-mine-notifications')).toHaveTextContent('Notifications');
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(4));
    const [a, unknown, b, c] = screen.getAllByTestId('notification-row');
    expect(a).toHaveTextContent('Price alert');
    expect(a).toHaveTextContent('EUR/USD bid above 1.10000 — now 1.10012');
    expect(within(a!).getByTestId('notification-unread')).toHaveAccessibleName('Unread');
    expect(b).toHaveTextContent('BTC/USD up 2.50 % today');
    expect(c).toHaveTextContent('EUR/USD ask below 1.09500 — now 1.09490');
    expect(within(c!).queryByTestId('notification-unread')).toBeNull();
    // A kind this build does not know: a plain row, nothing to open.
    expect(unknown).toHaveTextContent('Notification');
    expect(unknown).toHaveTextContent('Update the app to see this notification.');
    expect(unknown!.tagName).toBe('DIV');
    expect(unknown).not.toHaveAttribute('data-href');

    await waitFor(() => expect(s.find('/api/notification/read')).toHaveLength(1));
    // Every shown unread one, the unknown kind too (the badge never sticks on it); not the one already read.
    expect(s.find('/api/notification/read')[0]!.body).toEqual({ ids: '12,11,10' });
    expect(s.find('/api/notification/list')[0]!.query.get('page')).toBe('1');
    // The markers stay for this visit: the trader still sees what was new.
    expect(within(a!).getByTestId('notification-unread')).toBeInTheDocument();
  });

  it('every kind reads as a sentence with its figures, and opens its screen', async () => {
    mockServer({
      'GET /api/notification/list': ok({ data: EVERY_KIND, total: EVERY_KIND.length, unread: 0 }),
      'POST /api/notification/read': ok({ unread: 0 }),
    });
    const { nav } = renderPage(<NotificationsView now={() => NOW} />);
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(EVERY_KIND.length));
    const rows = screen.getAllByTestId('notification-row');
    expect(rows.map((r) => r.textContent?.replace('1 minute ago', ''))).toEqual([
      'Order filledBuy EUR/USD 0.1 lots at 1.10020',
      'Position closedBTC/USD 0.05 lots closed by stop loss at 61,000.50 — P/L -48.25 USD',
      'Margin callMargin level 68.40 %, near the stop-out at 50 %. Add funds or reduce positions.',
      'Deposit500.00 USD credited (USD)',
      'Withdrawal200.00 USD paid out as 199.000000 USDT',
      'Identity checkNot approved. Tap to see why and send it again.',
      'Customer service3 new replies from anna. Latest: Your deposit is in.',
    ]);
    fireEvent.click(rows[0]!);
    expect(nav.navigate).toHaveBeenLastCalledWith('/order?type=1&id=501');
    fireEvent.click(rows[3]!);
    expect(nav.navigate).toHaveBeenLastCalledWith('/mine/charge?type=1&record=31');
    fireEvent.click(rows[6]!);
    expect(nav.navigate).toHaveBeenLastCalledWith('/mine/chat');
  });

  it('says how long ago, and the date and time beyond a day', async () => {
    mockServer({
      'GET /api/notification/list': ok({
        data: [
          priceAlert(2),
          { ...priceAlert(1, { read_at: NOW }), created_at: Date.UTC(2026, 10, 20, 9, 30) },
        ],
        total: 2,
        unread: 1,
      }),
      'POST /api/notification/read': ok({ unread: 0 }),
    });
    renderPage(<NotificationsView now={() => NOW} />);
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(2));
    const [recent, old] = screen.getAllByTestId('notification-row');
    expect(recent!.querySelector('time')).toHaveTextContent('5 minutes ago');
    expect(old!.querySelector('time')).toHaveTextContent('Nov 20, 2026');
    expect(old!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-20T09:30:00.000Z');
  });

  it('a row opens /trade on its instrument', async () => {
    mockServer({
      'GET /api/notification/list': ok({ data: [priceAlert(5, { read_at: NOW })], total: 1, unread: 0 }),
    });
    const { nav } = renderPage(<NotificationsPage />);
    fireEvent.click(await screen.findByTestId('notification-row'));
    expect(nav.navigate).toHaveBeenCalledWith('/trade?code=EUR%2FUSD');
    expect(appStore.get(currentInstrumentAtom)).toEqual({ id: 3, code: 'EUR/USD' });
  });

  it('pages with "Load more", marks each new page read, then says there is no more', async () => {
    const s = mockServer({
      'GET /api/notification/list': (req) =>
        req.query.get('page') === '1'
          ? ok({ data: Array.from({ length: 20 }, (_, i) => priceAlert(30 - i)), total: 22, unread: 22 })
          : ok({ data: [priceAlert(10), priceAlert(9)], total: 22, unread: 2 }),
      'POST /api/notification/read': ok({ unread: 0 }),
    });
    renderPage(<NotificationsPage />);
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(20));
    expect(s.find('/api/notification/list')[0]!.query.get('limit')).toBe('20');
    await waitFor(() => expect(s.find('/api/notification/read')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(22));
    expect(screen.getByText('No more')).toBeInTheDocument();
    await waitFor(() => expect(s.find('/api/notification/read')).toHaveLength(2));
    expect(s.find('/api/notification/read').map((c) => c.body)).toEqual([
      { ids: Array.from({ length: 20 }, (_, i) => 30 - i).join(',') },
      { ids: '10,9' },
    ]);
  });

  it('while open, new notifications arrive at the top live, a newer state of one moves it up, and they are marked read', async () => {
    const s = mockServer({
      'GET /api/notification/list': ok({
        data: [priceAlert(5, { read_at: NOW }), priceAlert(4)],
        total: 2,
        unread: 1,
      }),
      'POST /api/notification/read': ok({ unread: 0 }),
    });
    const rt = fakeRealtime();
    try {
      renderPage(<NotificationsPage />);
      await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(2));
      await waitFor(() => expect(s.find('/api/notification/read')).toHaveLength(1));
      const fill: NotificationView = {
        id: 6,
        type: 'order_filled',
        payload: {
          order_id: 91,
          forex_id: 1,
          code: 'EUR/USD',
          side: 1,
          lots: '0.1',
          price: '1.09870',
          time: NOW,
        },
        read_at: null,
        created_at: NOW,
      };
      rt.emit(TOPICS.notification, fill);
      const seven = priceAlert(7);
      if (seven.type !== 'price_alert') throw new Error('a price alert');
      rt.emit(TOPICS.priceAlert, { ...seven.payload, notification_id: 7, muted: false });
      // The alert of row 5 again (same id, a newer state): one row, at the top.
      rt.emit(TOPICS.notification, { ...priceAlert(5), created_at: NOW });
      const rows = screen.getAllByTestId('notification-row');
      expect(rows.map((r) => r.getAttribute('data-type'))).toEqual([
        'price_alert',
        'price_alert',
        'order_filled',
        'price_alert',
      ]);
      expect(rows).toHaveLength(4);
      expect(within(rows[2]!).getByTestId('notification-body').textContent).toContain('1.09870');
      // Each new unread one is marked read as it is shown (row 5 again: its newer state was unread).
      await waitFor(() => expect(s.find('/api/notification/read')).toHaveLength(4));
      expect(s.find('/api/notification/read').map((c) => c.body)).toEqual([
        { ids: '4' },
        { ids: '6' },
        { ids: '7' },
        { ids: '5' },
      ]);
    } finally {
      rt.detach();
    }
  });

  it('an empty list says so in words, and asks nothing to be marked', async () => {
    const s = mockServer({ 'GET /api/notification/list': ok({ data: [], total: 0, unread: 0 }) });
    renderPage(<NotificationsPage />);
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
    expect(s.find('/api/notification/read')).toHaveLength(0);
  });

  it('a list of only unknown kinds shows them as plain rows and marks them read', async () => {
    const s = mockServer({
      'GET /api/notification/list': ok({ data: [futureKind(1)], total: 1, unread: 1 }),
      'POST /api/notification/read': ok({ unread: 0 }),
    });
    renderPage(<NotificationsPage />);
    expect(await screen.findByTestId('notification-row')).toHaveTextContent('Update the app');
    await waitFor(() => expect(s.find('/api/notification/read')).toHaveLength(1));
    expect(s.find('/api/notification/read')[0]!.body).toEqual({ ids: '1' });
  });

  it('a failed load offers Retry, which loads the list', async () => {
    let fail = true;
    mockServer({
      'GET /api/notification/list': () =>
        fail
          ? { status: 503, body: { code: 0, msg: 'down', data: null } }
          : ok({ data: [priceAlert(1, { read_at: NOW })], total: 1, unread: 0 }),
    });
    renderPage(<NotificationsPage />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('Request failed, please try again')).toBeInTheDocument();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('notification-row')).toHaveTextContent('EUR/USD bid above 1.10000');
  });

  it('a read that fails is asked again when the connection comes back', async () => {
    let readFails = true;
    const s = mockServer({
      'GET /api/notification/list': ok({ data: [priceAlert(1)], total: 1, unread: 1 }),
      'POST /api/notification/read': () =>
        readFails ? { status: 503, body: { code: 0, msg: 'down', data: null } } : ok({ unread: 0 }),
    });
    renderPage(<NotificationsPage />);
    await waitFor(() => expect(s.find('/api/notification/read')).toHaveLength(1));
    readFails = false;
    const connection = async (online: boolean) =>
      act(async () => {
        Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
        window.dispatchEvent(new Event(online ? 'online' : 'offline'));
      });
    await connection(false);
    expect(s.find('/api/notification/read')).toHaveLength(1);
    await connection(true);
    await waitFor(() => expect(s.find('/api/notification/read')).toHaveLength(2));
    expect(s.find('/api/notification/read')[1]!.body).toEqual({ ids: '1' });
  });
});

describe('notification settings', () => {
  const allOn = Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, true]));

  it('the gear opens one switch per kind, all on at first; a switch saves that kind at once', async () => {
    const s = mockServer({
      'GET /api/notification/list': ok({ data: [], total: 0, unread: 0 }),
      'GET /api/notification/settings': ok({ types: allOn }),
      'POST /api/notification/settings': (req) =>
        ok({
          types: {
            ...allOn,
            ...Object.fromEntries(Object.entries(req.body as object).map(([k, v]) => [k, v === '1'])),
          },
        }),
    });
    renderPage(<NotificationsPage />);
    const gear = screen.getByRole('button', { name: 'Notification settings' });
    expect(gear).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('notification-settings')).toBeNull();
    fireEvent.click(gear);
    expect(gear).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByTestId('notification-settings');
    expect(panel).toHaveTextContent('Notify me about');
    const switches = await within(panel).findAllByRole('switch');
    expect(switches.map((sw) => sw.closest('label')?.textContent)).toEqual([
      'Price alert',
      'Order filled',
      'Position closed',
      'Margin call',
      'Deposit',
      'Withdrawal',
      'Identity check',
      'Customer service',
    ]);
    expect(switches.every((sw) => (sw as HTMLInputElement).checked)).toBe(true);

    fireEvent.click(screen.getByTestId('notification-switch-support_reply'));
    expect(screen.getByTestId('notification-switch-support_reply')).not.toBeChecked();
    await waitFor(() =>
      expect(s.find('/api/notification/settings').filter((c) => c.method === 'POST')).toHaveLength(1),
    );
    expect(s.find('/api/notification/settings').find((c) => c.method === 'POST')!.body).toEqual({
      support_reply: '0',
    });
    await waitFor(() => expect(screen.getByTestId('notification-switch-support_reply')).not.toBeChecked());
  });

  it('a switch that fails to save goes back and says so', async () => {
    mockServer({
      'GET /api/notification/list': ok({ data: [], total: 0, unread: 0 }),
      'GET /api/notification/settings': ok({ types: { ...allOn, kyc: false } }),
      'POST /api/notification/settings': refuse('nope'),
    });
    renderPage(<NotificationsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Notification settings' }));
    const kyc = await screen.findByTestId('notification-switch-kyc');
    expect(kyc).not.toBeChecked();
    fireEvent.click(kyc);
    expect(kyc).toBeChecked();
    await waitFor(() => expect(kyc).not.toBeChecked());
    expect(toastTexts()).toContain('The setting was not saved. Please try again.');
  });

  it('settings that do not load offer Retry', async () => {
    let fail = true;
    mockServer({
      'GET /api/notification/list': ok({ data: [], total: 0, unread: 0 }),
      'GET /api/notification/settings': () =>
        fail ? { status: 503, body: { code: 0, msg: 'down', data: null } } : ok({ types: allOn }),
    });
    renderPage(<NotificationsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Notification settings' }));
    const panel = await screen.findByTestId('notification-settings');
    fail = false;
    fireEvent.click(await within(panel).findByRole('button', { name: 'Retry' }));
    expect(await within(panel).findAllByRole('switch')).toHaveLength(NOTIFICATION_TYPES.length);
  });
});
