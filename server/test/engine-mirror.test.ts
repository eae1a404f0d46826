/**
 * The engine's mirror after closes, in both storage modes: a close, a partial close, close-all, a cancel and a
 * triggered stop hand the engine what their transaction committed (no re-read of the user), and after each the
 * mirror (open orders, their lots, margin and fee, the index entries, the trailing stops and the account's balances)
 * equals the database, and equals what a full re-read of the user gives.
 */
import type { CloseAllResult, OrderView } from '@meridian/shared/pure';
import { call, MODES } from './helpers';
import { api, expectInvariants, fundedUser, invariants, tradingApp } from './support/trading';
import type { TradingApp } from './support/trading';

const SUBMIT = '/v1/api/forex/submit';
const CLOSE = '/v1/api/forex/close';

const FIELDS = [
  'id',
  'status',
  'lots',
  'margin_cents',
  'margin_micros',
  'fee_cents',
  'fee_micros',
  'stop_loss',
  'take_profit',
  'trailing_distance',
] as const;

describe.each(MODES)('engine mirror after closes (%s)', (mode) => {
  let x: TradingApp;
  beforeAll(async () => {
    x = await tradingApp(mode);
    x.market.setPrice('EURUSD', 1.1, 1.1002);
    x.market.setOpen('EURUSD', true);
  });
  afterAll(async () => {
    await x.t.close();
  });

  const pick = (o: Record<string, unknown>) => Object.fromEntries(FIELDS.map((f) => [f, o[f]]));

  /** The user's open orders and balances as the engine mirrors them. */
  const mirror = (userId: number) => ({
    orders: [...x.engine.orders.values()]
      .filter((o) => o.user_id === userId)
      .sort((a, b) => a.id - b.id)
      .map(pick),
    account: x.engine.accountOf(userId),
  });

  /** The same, from the database. */
  const stored = async (userId: number) => {
    const rows = await x.app.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', [0, 1])
      .orderBy('id')
      .execute();
    const u = await x.app.ctx.db
      .selectFrom('users')
      .select(['balance', 'lock_balance'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return { orders: rows.map(pick), account: { balanceCents: u.balance, lockCents: u.lock_balance } };
  };

  /** Mirror = database, and a re-read of the user changes nothing. */
  const expectMirrored = async (userId: number) => {
    await x.engine.idle();
    const before = mirror(userId);
    expect(before).toEqual(await stored(userId));
    await x.engine.resyncUser(userId);
    expect(mirror(userId)).toEqual(before);
    expectInvariants(await invariants(x.app, userId));
  };

  it('keeps the mirror equal to the database through every kind of close', async () => {
    const u = await fundedUser(x.app, 60_000_00);
    const uid = u.user.id;
    const open = async (extra: Record<string, string | number>) => {
      const r = await api<OrderView>(x.app, u.token, SUBMIT, {
        type: 1,
        forex_id: 1,
        status: 1,
        multiple: 100,
        ...extra,
      });
      expect(r.code).toBe(1);
      return r.data.Id;
    };
    const withStops = await open({ cont: '0.07', stop_loss_price: '1.09', target_profit_price: '1.12' });
    const trailing = await open({ cont: '0.05', trailing_distance: 50 });
    const plain = await open({ cont: '0.03' });
    const pending = await open({ cont: '0.02', status: 0, target_price: '1.05' });
    await expectMirrored(uid);
    expect(x.engine.trailing.has(trailing)).toBe(true);
    expect(x.engine.index.has('pending', pending, 1)).toBe(true);

    // A partial close: the position keeps its id with fewer lots, less margin and fee; the balances move.
    x.market.setPrice('EURUSD', 1.1012, 1.1014);
    const part = await api<OrderView>(x.app, u.token, CLOSE, { id: withStops, lots: '0.03' });
    expect(part.code).toBe(1);
    await expectMirrored(uid);
    expect(x.engine.orders.get(withStops)?.lots).toBe('0.04');
    expect(x.engine.index.has('sl', withStops, 1)).toBe(true);
    expect(x.engine.index.has('tp', withStops, 1)).toBe(true);

    // A whole close: the order leaves the mirror and the index.
    const whole = await api<OrderView>(x.app, u.token, CLOSE, { id: plain });
    expect(whole.code).toBe(1);
    await expectMirrored(uid);
    expect(x.engine.orders.has(plain)).toBe(false);

    // Close-all of the trailing position: its trailing stop goes with it.
    const all = await call<CloseAllResult>(x.app, {
      method: 'POST',
      url: '/v1/api/forex/close_all',
      token: u.token,
      form: { scope: 'all', ids: String(trailing) },
    });
    expect(all.body.code).toBe(1);
    await expectMirrored(uid);
    expect(x.engine.orders.has(trailing)).toBe(false);
    expect(x.engine.trailing.has(trailing)).toBe(false);

    // A cancel: the pending order leaves the index, no money moves.
    const cancelled = await api<OrderView>(x.app, u.token, '/v1/api/forex/cancel_trade', { id: pending });
    expect(cancelled.code).toBe(1);
    await expectMirrored(uid);
    expect(x.engine.index.has('pending', pending, 1)).toBe(false);

    // A stop loss the price crosses: closed by the engine, then mirrored from that close as well.
    x.market.setPrice('EURUSD', 1.0899, 1.0901);
    await x.engine.idle();
    expect(x.engine.orders.has(withStops)).toBe(false);
    expect(x.engine.index.has('tp', withStops, 1)).toBe(false);
    const row = await x.app.ctx.db
      .selectFrom('orders')
      .select(['status', 'close_reason'])
      .where('id', '=', withStops)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 3, close_reason: 'sl' });
    await expectMirrored(uid);
    expect(mirror(uid).orders).toEqual([]);
  });
});
