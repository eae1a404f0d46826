/**
 * What a trader reads when the server refuses: a stop loss or take profit that is not a price has its own code and
 * sentence and changes nothing, and schema refusals name fields by their label in the caller's language, never by
 * their wire name ("invite_code must be at most 16 characters").
 */
import { ERROR_CODES } from '@meridian/shared/pure';
import { call, MODES } from './helpers';
import { api, fundedUser, invariants, tradingApp } from './support/trading';
import type { TradingApp } from './support/trading';

const SUBMIT = '/v1/api/forex/submit';
const HOSTILE = [
  '-1',
  '-0',
  'abc',
  '1e3',
  '1e308',
  '0x10',
  'NaN',
  'Infinity',
  '-Infinity',
  `1.${'1'.repeat(30)}`,
  ' 1 2',
];

describe.each(MODES)('refusal messages (%s)', (mode) => {
  let x: TradingApp;
  beforeAll(async () => {
    x = await tradingApp(mode);
  });
  afterAll(async () => {
    await x.t.close();
  });
  beforeEach(() => {
    x.market.setPrice('EURUSD', 1.1, 1.1002);
    x.market.setOpen('EURUSD', true);
  });

  const orderCount = async (userId: number) =>
    Number(
      (
        await x.app.ctx.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a negative, non-numeric or hostile stop loss or take profit with its own code, and stores nothing', async () => {
    const u = await fundedUser(x.app, 100_000_00);
    for (const field of ['stop_loss_price', 'target_profit_price']) {
      for (const value of HOSTILE) {
        const r = await api(x.app, u.token, SUBMIT, {
          type: 1,
          cont: '0.1',
          forex_id: 1,
          status: 1,
          multiple: 100,
          [field]: value,
        });
        expect([field, value, r.code]).toEqual([field, value, ERROR_CODES.stopPriceInvalid]);
      }
    }
    const en = await api(x.app, u.token, SUBMIT, {
      type: 1,
      cont: '0.1',
      forex_id: 1,
      status: 1,
      multiple: 100,
      stop_loss_price: '-5',
    });
    expect(en.msg).toBe('“Stop loss” must be a price above 0, or 0 for none.');
    const hk = await x.app.inject({
      method: 'GET',
      url: `${SUBMIT}?type=1&cont=0.1&forex_id=1&status=1&multiple=100&target_profit_price=abc`,
      headers: { authorization: u.token, lang: 'hk' },
    });
    expect(hk.json()).toMatchObject({
      code: ERROR_CODES.stopPriceInvalid,
      msg: '「止盈價」必須是大於 0 的價格，或填 0 表示不設定。',
    });
    // A repeated parameter is refused before validation (one value per parameter on every call).
    const twice = await x.app.inject({
      method: 'GET',
      url: `${SUBMIT}?type=1&cont=0.1&forex_id=1&status=1&multiple=100&stop_loss_price=1&stop_loss_price=2`,
      headers: { authorization: u.token },
    });
    expect(twice.json().code).toBe(ERROR_CODES.validation);
    expect(await orderCount(u.user.id)).toBe(0);
    await invariants(x.app, u.user.id);

    // 0 (or nothing) still means "not set".
    const none = await api(x.app, u.token, SUBMIT, {
      type: 1,
      cont: '0.1',
      forex_id: 1,
      status: 1,
      multiple: 100,
      stop_loss_price: '0',
      target_profit_price: '',
    });
    expect(none.code).toBe(1);
    expect(none.data).toMatchObject({ TargetLossPrice: '0', TargetProfitPrice: '0' });

    // The TP/SL edit of a position refuses the same way and leaves its levels as they were.
    const pos = await api(x.app, u.token, SUBMIT, {
      type: 1,
      cont: '0.1',
      forex_id: 1,
      status: 1,
      multiple: 100,
      stop_loss_price: '1.05',
    });
    expect(pos.code).toBe(1);
    const id = (pos.data as { Id: number }).Id;
    for (const value of HOSTILE) {
      const r = await api(x.app, u.token, '/v1/api/forex/set_stop_price', { id, stop_loss_price: value });
      expect([value, r.code]).toEqual([value, ERROR_CODES.stopPriceInvalid]);
    }
    const row = await x.app.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.stop_loss).toBe('1.05');
    await invariants(x.app, u.user.id);
  });

  it('names fields by their label in the caller’s language, never by their wire name', async () => {
    const long = {
      account: 'someone@example.com',
      password: 'Secret123',
      re_password: 'Secret123',
      sms_code: '123456',
    };
    const en = await call(x.app, {
      method: 'POST',
      url: '/api/user/register',
      form: { ...long, invite_code: 'X'.repeat(40) },
    });
    expect(en.body.code).toBe(ERROR_CODES.validation);
    expect(en.body.msg).toBe('“Invitation code” must be at most 16 characters.');
    const ar = await call(x.app, {
      method: 'POST',
      url: '/api/user/register',
      form: { ...long, invite_code: 'X'.repeat(40) },
      headers: { lang: 'ar' },
    });
    expect(ar.body.msg).toBe('يجب ألا يزيد «رمز الدعوة» على 16 حرفًا.');
    const u = await fundedUser(x.app, 100_000_00);
    for (const [query, label] of [
      [{ type: 1, forex_id: 1, multiple: 100 }, 'Please fill in “Lots”.'],
      [{ type: 1, cont: 'x', forex_id: 1, multiple: 100 }, '“Lots” is not valid.'],
      [{ type: 1, cont: '0.1', forex_id: 'one', multiple: 100 }, '“Product” must be a whole number.'],
      [{ type: 9, cont: '0.1', forex_id: 1 }, '“Type” is out of the allowed range.'],
    ] as const) {
      const r = await api(x.app, u.token, SUBMIT, query);
      expect(r.msg).toBe(label);
    }
    // Whatever is refused, no message carries a wire name (snake_case) or an English field in another language.
    for (const [url, query] of [
      [SUBMIT, { type: 'x', cont: '-', client_order_id: '!!' }],
      ['/v1/api/forex/my_deal', { status: 'x', page: '-3', limit: '1e9' }],
      ['/v1/api/forex/close', { id: 'abc' }],
      ['/v1/api/main/accountLog/forexChange', { page: '0' }],
    ] as const) {
      const r = await api(x.app, u.token, url, query);
      expect(r.code).not.toBe(1);
      expect(r.msg).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    }
  });
});
