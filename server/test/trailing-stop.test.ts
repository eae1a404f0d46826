/**
 * Trailing stops (docs/rules.md#trailing-stop), in both storage modes: set through set_stop_price, moved by the
 * engine on every price in the trader's favour only, closed with reason `trailing` at the level, kept across a
 * reload and a restart on the same storage; hostile distances refused before any arithmetic.
 */
import type { OrderView } from '@meridian/shared/pure';
import { ERROR_CODES } from '@meridian/shared/pure';
import { buildApp } from '../src/app';
import type { TradingEngine } from '../src/modules/trading';
import { HIGH_LIMITS, MODES } from './helpers';
import { FakeMarket } from './support/fake-market';
import { api, expectInvariants, fundedUser, invariants, tradingApp } from './support/trading';
import type { TradingApp } from './support/trading';

const SUBMIT = '/v1/api/forex/submit';
const STOPS = '/v1/api/forex/set_stop_price';

describe.each(MODES)('trailing stop (%s)', (mode) => {
  let tr: TradingApp;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    tr = await tradingApp(mode);
    const u = await fundedUser(tr.app, 10_000_000);
    token = u.token;
    userId = u.user.id;
  });
  afterAll(async () => {
    await tr.t.close();
  });

  const open = async (type: 1 | 2) => {
    tr.market.setPrice('EURUSD', 1.1, 1.1002);
    const r = await api<OrderView>(tr.app, token, SUBMIT, {
      type,
      cont: '0.1',
      forex_id: 1,
      status: 1,
      multiple: 100,
    });
    expect(r.code).toBe(1);
    return r.data.Id;
  };
  const holding = async (id: number) => {
    await tr.engine.idle();
    const page = await api<{ data: OrderView[] }>(tr.app, token, '/v1/api/forex/my_deal', {
      status: 1,
      limit: 100,
    });
    return page.data.data.find((o) => o.Id === id);
  };
  const closedView = async (id: number) => {
    await tr.engine.idle();
    const page = await api<{ data: OrderView[] }>(tr.app, token, '/v1/api/forex/my_deal', {
      status: 3,
      limit: 100,
    });
    return page.data.data.find((o) => o.Id === id);
  };
  const level = (e: TradingEngine, id: number) => e.trailing.levelOf(id)?.level;

  it('ratchets a long up with the bid, never back, and closes it with reason trailing at the level', async () => {
    const id = await open(1);
    const set = await api<OrderView>(tr.app, token, STOPS, { id, trailing_distance: 50 });
    await tr.engine.idle();
    expect(set.code).toBe(1);
    // From the bid 1.10000, 50 points (5 decimals) below.
    expect(set.data).toMatchObject({ TrailingDistance: 50, TargetLossPrice: '1.09950' });
    tr.market.setPrice('EURUSD', 1.1012, 1.1014);
    expect(level(tr.engine, id)).toBe('1.1007');
    tr.market.setPrice('EURUSD', 1.1008, 1.101); // down, not crossed: stays
    expect(level(tr.engine, id)).toBe('1.1007');
    tr.market.setPrice('EURUSD', 1.102, 1.1022);
    expect(level(tr.engine, id)).toBe('1.1015');
    await tr.engine.flushTrailing();
    expect((await holding(id))?.TargetLossPrice).toBe('1.10150');
    tr.market.setPrice('EURUSD', 1.1014, 1.1016); // crosses 1.10150
    const closed = await closedView(id);
    expect(closed).toMatchObject({
      CloseReason: 'trailing',
      CloseExpectedPrice: '1.10150',
      ClosePrice: '1.10140',
    });
    expect(tr.engine.trailing.has(id)).toBe(false);
    expectInvariants(await invariants(tr.app, userId));
  });

  it('ratchets a short down with the ask, never back, and closes at the level', async () => {
    const id = await open(2);
    const set = await api<OrderView>(tr.app, token, STOPS, { id, trailing_distance: 30 });
    await tr.engine.idle();
    expect(set.data).toMatchObject({ TrailingDistance: 30, TargetLossPrice: '1.10050' });
    tr.market.setPrice('EURUSD', 1.0988, 1.099);
    expect(level(tr.engine, id)).toBe('1.0993');
    tr.market.setPrice('EURUSD', 1.099, 1.0992); // up a little: stays
    expect(level(tr.engine, id)).toBe('1.0993');
    tr.market.setPrice('EURUSD', 1.0991, 1.0993); // at the level: closes
    const closed = await closedView(id);
    expect(closed).toMatchObject({ CloseReason: 'trailing', CloseExpectedPrice: '1.09930' });
  });

  it('starts at the better of a stop loss sent and the trailing level, and plain stops still close as sl', async () => {
    const id = await open(1);
    const r = await api<OrderView>(tr.app, token, STOPS, {
      id,
      stop_loss_price: '1.0998',
      trailing_distance: 50,
    });
    await tr.engine.idle();
    expect(r.data.TargetLossPrice).toBe('1.09980');
    const plain = await open(1);
    await api<OrderView>(tr.app, token, STOPS, { id: plain, stop_loss_price: '1.0990' });
    await tr.engine.idle();
    expect(tr.engine.trailing.has(plain)).toBe(false);
    // Clearing the distance leaves a plain stop loss where it is.
    const off = await api<OrderView>(tr.app, token, STOPS, { id, stop_loss_price: '1.0998' });
    await tr.engine.idle();
    expect(off.data).toMatchObject({ TrailingDistance: 0, TargetLossPrice: '1.09980' });
    expect(tr.engine.trailing.has(id)).toBe(false);
    tr.market.setPrice('EURUSD', 1.0989, 1.0991);
    expect((await closedView(plain))?.CloseReason).toBe('sl');
    expect((await closedView(id))?.CloseReason).toBe('sl');
  });

  it('keeps the moved level when the engine reloads from the repository', async () => {
    const id = await open(1);
    await api<OrderView>(tr.app, token, STOPS, { id, trailing_distance: 20 });
    await tr.engine.idle();
    tr.market.setPrice('EURUSD', 1.103, 1.1032);
    expect(level(tr.engine, id)).toBe('1.1028');
    await tr.engine.idle();
    await tr.engine.flushTrailing();
    // A lower price before the reload: the level read back is the one reached, not one from this price.
    tr.market.setPrice('EURUSD', 1.1029, 1.1031);
    await tr.engine.reload();
    expect(level(tr.engine, id)).toBe('1.1028');
    // A trader's own change to the row meanwhile wins over the memory: the engine re-reads it.
    await api<OrderView>(tr.app, token, STOPS, { id, trailing_distance: 25 });
    await tr.engine.idle();
    await tr.engine.idle();
    expect(level(tr.engine, id)).toBe('1.10265');
    await api(tr.app, token, '/v1/api/forex/close', { id });
  });

  it('refuses hostile or out-of-range distances with 1001, before anything changes', async () => {
    const id = await open(1);
    for (const bad of [
      '1e3',
      '-5',
      '0x10',
      'NaN',
      'Infinity',
      '1.5',
      '1e308',
      '1e-308',
      '1000001',
      '99999999999999999999',
    ]) {
      const r = await api(tr.app, token, STOPS, { id, trailing_distance: bad });
      expect([bad, r.code]).toEqual([bad, ERROR_CODES.validation]);
    }
    // Larger than the price for a long: no level at all.
    const far = await api(tr.app, token, STOPS, { id, trailing_distance: 200000 });
    expect(far.code).toBe(ERROR_CODES.validation);
    expect(tr.engine.trailing.has(id)).toBe(false);
    expect((await holding(id))?.TrailingDistance).toBe(0);
  });

  it('a market order submitted with a distance holds a trailing stop from its first price', async () => {
    const id = await open(1);
    const before = (await holding(id))?.Id;
    expect(before).toBe(id);
    tr.market.setPrice('EURUSD', 1.1, 1.1002);
    const r = await api<OrderView>(tr.app, token, SUBMIT, {
      type: 1,
      cont: '0.1',
      forex_id: 1,
      status: 1,
      multiple: 100,
      trailing_distance: 40,
    });
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ TrailingDistance: 40, TargetLossPrice: '1.09960' });
    await tr.engine.idle();
    expect(level(tr.engine, r.data.Id)).toBe('1.0996');
    tr.market.setPrice('EURUSD', 1.101, 1.1012);
    expect(level(tr.engine, r.data.Id)).toBe('1.1006');
    // A stop loss sent that is better than the distance's level is where a short's stop starts.
    const short = await api<OrderView>(tr.app, token, SUBMIT, {
      type: 2,
      cont: '0.1',
      forex_id: 1,
      status: 1,
      multiple: 100,
      stop_loss_price: '1.1014',
      trailing_distance: 100,
    });
    expect(short.data).toMatchObject({ TrailingDistance: 100, TargetLossPrice: '1.10140' });
    await api(tr.app, token, '/v1/api/forex/close', { id: r.data.Id });
    await api(tr.app, token, '/v1/api/forex/close', { id: short.data.Id });
    await api(tr.app, token, '/v1/api/forex/close', { id });
  });

  it('refuses a hostile distance on submit and opens nothing', async () => {
    tr.market.setPrice('EURUSD', 1.1, 1.1002);
    const count = async () =>
      (await api<{ total: number }>(tr.app, token, '/v1/api/forex/my_deal', { status: 1, limit: 100 })).data
        .total;
    const n = await count();
    for (const bad of ['1e308', '-5', 'NaN', '2.5', '1000001', '200000']) {
      const r = await api(tr.app, token, SUBMIT, {
        type: 1,
        cont: '0.1',
        forex_id: 1,
        status: 1,
        multiple: 100,
        trailing_distance: bad,
      });
      expect(r.code).toBe(ERROR_CODES.validation);
    }
    expect(await count()).toBe(n);
  });

  it('a pending order keeps its distance and its trailing stop starts at the fill', async () => {
    tr.market.setPrice('EURUSD', 1.1, 1.1002);
    const pending = await api<OrderView>(tr.app, token, SUBMIT, {
      type: 1,
      cont: '0.1',
      forex_id: 1,
      status: 0,
      target_price: '1.09',
      multiple: 100,
      trailing_distance: 20,
    });
    expect(pending.data).toMatchObject({ Status: 0, TrailingDistance: 20, TargetLossPrice: '0' });
    const id = pending.data.Id;
    // Set on a pending order through the TP/SL edit as well: kept, not armed before the fill.
    const edit = await api<OrderView>(tr.app, token, STOPS, { id, trailing_distance: 30 });
    expect(edit.code).toBe(1);
    expect(edit.data).toMatchObject({ TrailingDistance: 30, TargetLossPrice: '0' });
    await tr.engine.idle();
    expect(tr.engine.trailing.has(id)).toBe(false);
    tr.market.setPrice('EURUSD', 1.0898, 1.09); // the ask reaches the target: fills
    await tr.engine.idle();
    await tr.engine.idle();
    const filled = await holding(id);
    // From the bid at the fill, 30 points below.
    expect(filled).toMatchObject({ Status: 1, TrailingDistance: 30, TargetLossPrice: '1.08950' });
    expect(level(tr.engine, id)).toBe('1.0895');
    tr.market.setPrice('EURUSD', 1.0908, 1.091);
    expect(level(tr.engine, id)).toBe('1.0905');
    await api(tr.app, token, '/v1/api/forex/close', { id });
    expectInvariants(await invariants(tr.app, userId));
  });
});

describe.each(MODES)('trailing stop across a restart (%s)', (mode) => {
  it('a new app on the same storage starts from the level reached, and keeps moving it', async () => {
    const first = await tradingApp(mode);
    const u = await fundedUser(first.app, 10_000_000);
    const opened = await api<OrderView>(first.app, u.token, SUBMIT, {
      type: 1,
      cont: '0.1',
      forex_id: 1,
      status: 1,
      multiple: 100,
    });
    const id = opened.data.Id;
    await api(first.app, u.token, STOPS, { id, trailing_distance: 40 });
    await first.engine.idle();
    first.market.setPrice('EURUSD', 1.105, 1.1052);
    await first.engine.idle();
    expect(first.engine.trailing.levelOf(id)?.level).toBe('1.1046');
    // Closed without a flush pass in between: stopping the engine writes the level.
    await first.app.close();

    const market = new FakeMarket();
    market.setPrice('EURUSD', 1.1048, 1.105); // below the peak, above the level
    const second = buildApp(first.t.config, { limits: HIGH_LIMITS, market });
    try {
      await second.ready();
      const engine = second.services.trading.engine;
      expect(engine.trailing.levelOf(id)?.level).toBe('1.1046');
      market.setPrice('EURUSD', 1.106, 1.1062);
      expect(engine.trailing.levelOf(id)?.level).toBe('1.1056');
      market.setPrice('EURUSD', 1.1055, 1.1057);
      await engine.idle();
      const page = await api<{ data: OrderView[] }>(second, u.token, '/v1/api/forex/my_deal', { status: 3 });
      expect(page.data.data.find((o) => o.Id === id)).toMatchObject({
        CloseReason: 'trailing',
        CloseExpectedPrice: '1.10560',
      });
    } finally {
      await second.close();
      // first.t.close() drops the schema / the files (the first app is closed already).
      await first.t.close().catch(() => undefined);
    }
  });
});
