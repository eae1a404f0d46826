/**
 * What a push message says for each kind of notification (docs/rules.md#notifications): the trader's own figures of
 * that event in the device's language, the page a tap opens, the urgency (high for a margin call and a stop-out), no
 * words of a support reply, and a signed P/L kept whole in a right-to-left language.
 */
import path from 'node:path';
import type { NotificationView } from '@meridian/shared/pure';
import { loadI18n } from '../src/lib/i18n';
import { pushMessage, urgencyOf } from '../src/modules/push/payload';

const i18n = loadI18n(path.join(__dirname, '../../locales'));
const T = 1_700_000_000_000;
const n = (id: number, type: string, payload: unknown) =>
  ({ id, type, payload, read_at: null, created_at: T }) as NotificationView;
const msg = (v: NotificationView, lang: 'en' | 'hk' | 'ar' = 'en') => pushMessage(i18n.t, lang, v, () => 5);

const closed = (reason: string) =>
  n(2, 'position_closed', {
    order_id: 502,
    forex_id: 1,
    code: 'EUR/USD',
    side: 1,
    lots: '0.2',
    reason,
    price: '1.05500',
    profit: '-904.00',
    written_off: '0.00',
    time: T,
  });

describe('push messages of the notifications', () => {
  it('each kind: its title, body and target', () => {
    const cases: [NotificationView, { title: string; body: string; url: string }][] = [
      [
        n(1, 'order_filled', {
          order_id: 501,
          forex_id: 1,
          code: 'EUR/USD',
          side: 2,
          lots: '0.1',
          price: '1.09870',
          time: T,
        }),
        { title: 'Order filled: EUR/USD', body: 'Sell 0.1 lots at 1.09870.', url: '/order?type=1&id=501' },
      ],
      [
        closed('tp'),
        {
          title: 'EUR/USD closed by take profit',
          body: 'Buy 0.2 lots at 1.05500. Realised P/L −904.00 USD.',
          url: '/order?type=3&id=502',
        },
      ],
      [
        n(3, 'margin_call', { level: '99.94', threshold: 100, stop_out: 50, time: T }),
        {
          title: 'Margin call: margin level below 100%',
          body: 'Margin level 99.94%. Positions are closed at 50%: add funds or reduce positions.',
          url: '/order?type=1',
        },
      ],
      [
        n(4, 'deposit', { id: 31, type: 1, status: 1, amount: '500.00', currency_code: 'USD', time: T }),
        {
          title: 'Deposit credited',
          body: '500.00 USD was added to your account.',
          url: '/mine/charge?type=1&record=31',
        },
      ],
      [
        n(5, 'withdrawal', {
          id: 41,
          type: 1,
          status: 2,
          amount: '200.00',
          received: '199.000000',
          currency_code: 'USDT',
          time: T,
        }),
        {
          title: 'Withdrawal rejected',
          body: '200.00 USD is back in your account. Open it to see why.',
          url: '/mine/withdraw?type=0&record=41',
        },
      ],
      [
        n(6, 'kyc', { id: 9, status: 2, time: T }),
        { title: 'Identity verified', body: 'Your identity check was approved.', url: '/mine/auth' },
      ],
    ];
    for (const [v, want] of cases) expect(msg(v)).toEqual({ id: v.id, type: v.type, time: T, ...want });
  });

  it('a support reply says there is one, never its words', () => {
    const reply = (count: number) =>
      n(7, 'support_reply', {
        conversation: 3,
        count,
        agent: 'anna',
        preview: 'Your card ends 4242',
        time: T,
      });
    expect(msg(reply(1))).toMatchObject({
      title: 'Customer service replied',
      body: 'You have a new reply.',
      url: '/mine/chat',
    });
    expect(msg(reply(3)).body).toBe('You have 3 new replies.');
    expect(JSON.stringify(msg(reply(3), 'hk'))).not.toMatch(/4242|anna/);
  });

  it('urgency: high for a margin call and a stop-out only', () => {
    expect(urgencyOf(closed('stop_out'))).toBe('high');
    expect(urgencyOf(closed('sl'))).toBe('normal');
    expect(urgencyOf(n(3, 'margin_call', { level: '69.00', threshold: 70, stop_out: 50, time: T }))).toBe(
      'high',
    );
    expect(urgencyOf(n(6, 'kyc', { id: 9, status: 3, time: T }))).toBe('normal');
  });

  it('in the device’s language; a signed P/L stays whole in Arabic', () => {
    expect(msg(closed('stop_out'), 'hk')).toMatchObject({
      title: 'EUR/USD 被強制平倉',
      body: '買入 0.2 手，平倉價 1.05500。已實現盈虧 −904.00 USD。',
    });
    expect(msg(closed('sl'), 'ar').body).toContain('\u2066−904.00\u2069');
  });
});
