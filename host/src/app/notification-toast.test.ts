import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance } from 'i18next';
import {
  appStore,
  attachRealtime,
  detachRealtime,
  initI18n,
  registerNamespace,
  setLanguageAtom,
  toastsAtom,
} from '@meridian/shared';
import type { RealtimeClient, TopicHandler } from '@meridian/shared';
import type { NotificationView } from '@meridian/shared/pure';
import { notificationToastText, toastKindOf } from './notification-toast';

const ns = (lng: string, name: string) =>
  JSON.parse(readFileSync(join(__dirname, '../../../locales', lng, `${name}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

/** The `notifications` strings of `lng`, as the host loads them. */
function translator(lng: string) {
  const t = createInstance();
  void t.init({
    lng,
    ns: ['notifications'],
    resources: { [lng]: { notifications: ns(lng, 'notifications') } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return (key: string, vars?: Record<string, string>) => t.t(key, vars);
}

const filled: NotificationView = {
  id: 3,
  type: 'order_filled',
  payload: { order_id: 7, forex_id: 1, code: 'EUR/USD', side: 1, lots: '0.1', price: '1.10020', time: 1 },
  read_at: null,
  created_at: 1,
};
const stopOut: NotificationView = {
  id: 4,
  type: 'position_closed',
  payload: {
    order_id: 8,
    forex_id: 5,
    code: 'BTC/USD',
    side: 2,
    lots: '0.01',
    reason: 'stop_out',
    price: '61000.00',
    profit: '-1234.50',
    written_off: '0.00',
    time: 1,
  },
  read_at: null,
  created_at: 1,
};
const margin: NotificationView = {
  id: 5,
  type: 'margin_call',
  payload: { level: '95.12', threshold: 100, stop_out: 50, time: 1 },
  read_at: null,
  created_at: 1,
};

describe('the notification toast', () => {
  it('says the type and the sentence of the notification centre, in the reader’s language', () => {
    expect(notificationToastText(filled, 'en', translator('en'))).toBe(
      'Order filled: Buy EUR/USD 0.1 lots at 1.10020',
    );
    expect(notificationToastText(stopOut, 'en', translator('en'))).toBe(
      'Position closed: BTC/USD 0.01 lots closed by stop-out at 61,000.00 — P/L -1,234.50 USD',
    );
    expect(notificationToastText(margin, 'hk', translator('hk'))).toBe(
      '追加保證金：保證金水平 95.12%，低於 100%。降至 50% 時將強制平倉。',
    );
    expect(notificationToastText(filled, 'de', translator('de'))).toBe(
      'Order ausgeführt: Kauf EUR/USD 0,1 Lots zu 1,10020',
    );
  });

  it('money at risk and refusals are error toasts; good news success; a reply plain news', () => {
    expect(toastKindOf(stopOut)).toBe('error');
    expect(toastKindOf(margin)).toBe('error');
    expect(toastKindOf(filled)).toBe('success');
    expect(
      toastKindOf({
        id: 6,
        type: 'deposit',
        payload: { id: 1, type: 0, status: 2, amount: '5.00', currency_code: 'USDT', time: 1 },
        read_at: null,
        created_at: 1,
      }),
    ).toBe('error');
    expect(
      toastKindOf({
        id: 7,
        type: 'support_reply',
        payload: { conversation: 1, count: 1, agent: null, preview: 'Hi', time: 1 },
        read_at: null,
        created_at: 1,
      }),
    ).toBe('info');
  });

  it('shows when a NOTIFICATION frame arrives; a type this build does not know shows nothing', async () => {
    const handlers = new Map<string, TopicHandler>();
    attachRealtime({
      subscribe: (topic: string, h: TopicHandler) => {
        handlers.set(topic, h);
        return () => handlers.delete(topic);
      },
      getStatus: () => 'open',
      onStatus: () => () => {},
      ensureOpen: () => {},
    } as unknown as RealtimeClient);
    registerNamespace('common', async () => ({}));
    registerNamespace('shell', async (lng) => ns(lng, 'shell'));
    await initI18n('en', ['common', 'shell']);
    // The chunk registers its namespace at the host's root; here it is read from the locales package.
    registerNamespace('notifications', async (lng) => ns(lng, 'notifications'));
    await appStore.set(setLanguageAtom, 'en');
    const before = appStore.get(toastsAtom).length;
    handlers.get('NOTIFICATION')?.({ ...filled, type: 'future_kind' } as never, 'NOTIFICATION');
    handlers.get('NOTIFICATION')?.(filled, 'NOTIFICATION');
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(
      appStore
        .get(toastsAtom)
        .slice(before)
        .map((t) => [t.text, t.kind]),
    ).toEqual([['Order filled: Buy EUR/USD 0.1 lots at 1.10020', 'success']]);
    detachRealtime();
  });
});
