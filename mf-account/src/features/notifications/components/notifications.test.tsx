import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appStore, currentInstrumentAtom } from '@meridian/shared';
import type { AlertView, NotificationView } from '@meridian/shared/pure';
import NotificationsPage from '../../../app/pages/notifications-page';
import { logIn, mockServer, ok, renderPage, resetApp } from '../../../testing/test-utils';
import { describeNotification, idsToMark, priceAlertFigures } from '../state/notification-text';
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
    type: 'margin_call',
    payload: { level: '80' },
    read_at: null,
    created_at: NOW,
  }) as unknown as NotificationView;

const tEn = (key: string, vars?: Record<string, string>) => `${key}${vars ? ` ${JSON.stringify(vars)}` : ''}`;

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
      'notifications.priceAlert.percent_below {"code":"BTC/USD","change":"2.50"}',
    );
  });

  it('leads to /trade on the instrument', () => {
    expect(describeNotification(priceAlert(1), tEn, 'en').href).toBe('/trade?code=EUR%2FUSD');
  });

  it('marks only the shown, unread ones not asked for yet', () => {
    const items = [priceAlert(1), priceAlert(2, { read_at: NOW }), futureKind(3), priceAlert(4)];
    expect(idsToMark(items, new Set([4]))).toEqual([1]);
  });
});

describe('/mine/notifications', () => {
  it('lists the notifications in English, skips unknown types, and marks the shown ones read after they rendered', async () => {
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
      'POST /api/notification/read': ok({ unread: 1 }),
    });
    renderPage(<NotificationsPage />);
    expect(screen.getByTestId('page-mine-notifications')).toHaveTextContent('Notifications');
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(3));
    const [a, b, c] = screen.getAllByTestId('notification-row');
    expect(a).toHaveTextContent('Price alert');
    expect(a).toHaveTextContent('EUR/USD bid above 1.10000 — now 1.10012');
    expect(within(a!).getByTestId('notification-unread')).toHaveAccessibleName('Unread');
    expect(b).toHaveTextContent('BTC/USD up 2.50 % today');
    expect(c).toHaveTextContent('EUR/USD ask below 1.09500 — now 1.09490');
    expect(within(c!).queryByTestId('notification-unread')).toBeNull();
    expect(screen.queryByText(/margin/)).toBeNull();

    await waitFor(() => expect(s.find('/api/notification/read')).toHaveLength(1));
    // The shown unread ones only: not the one already read, not the kind this build cannot show.
    expect(s.find('/api/notification/read')[0]!.body).toEqual({ ids: '12,10' });
    expect(s.find('/api/notification/list')[0]!.query.get('page')).toBe('1');
    // The markers stay for this visit: the trader still sees what was new.
    expect(within(a!).getByTestId('notification-unread')).toBeInTheDocument();
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

  it('an empty list says so in words, and asks nothing to be marked', async () => {
    const s = mockServer({ 'GET /api/notification/list': ok({ data: [], total: 0, unread: 0 }) });
    renderPage(<NotificationsPage />);
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
    expect(s.find('/api/notification/read')).toHaveLength(0);
  });

  it('a list of only unknown kinds is empty too', async () => {
    mockServer({ 'GET /api/notification/list': ok({ data: [futureKind(1)], total: 1, unread: 1 }) });
    renderPage(<NotificationsPage />);
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
    expect(screen.queryByTestId('notification-row')).toBeNull();
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
