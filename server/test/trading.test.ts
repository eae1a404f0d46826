/**
 * The trading engine over HTTP on a FakeMarket, in both storage modes: opening and closing at the right side of the
 * quote, margin and fee, refusals with their codes, per-object authorization, pending fills (limit, stop, gaps),
 * SL/TP sides, stop-out order, negative balance protection, idempotent and concurrent submits, demo reset, the
 * account figures and the ledger view.
 */
import { ERROR_CODES } from '@meridian/shared/pure';
import type { DealPage, OrderView } from '@meridian/shared/pure';
import { createDemo, MODES } from './helpers';
import { api, expectInvariants, fundedUser, invariants, tradingApp } from './support/trading';
import type { TradingApp } from './support/trading';

const SUBMIT = '/v1/api/forex/submit';

describe.each(MODES)('trading (%s)', (mode) => {
  let x: TradingApp;
  beforeAll(async () => {
    x = await tradingApp(mode);
  });
  afterAll(async () => {
    await x.t.close();
  });
  beforeEach(() => {
    x.market.setPrice('EURUSD', 1.1, 1.1002);
    x.market.setPrice('BTCUSD', 60000, 60010);
    x.market.setPrice('USDJPY', 150, 150.02);
    x.market.setOpen('EURUSD', true);
  });

  const buyEur = (token: string, extra: Record<string, string | number> = {}) =>
    api<OrderView>(x.app, token, SUBMIT, {
      type: 1,
      cont: '0.1',
      forex_id: 1,
      status: 1,
      multiple: 100,
      ...extra,
    });

  it('opens a buy at the ask with the spec margin and fee, locks the margin, closes at the bid', async () => {
    const u = await fundedUser(x.app, 1000_00);
    const r = await buyEur(u.token);
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({
      Status: 1,
      OrderType: 1,
      Price: '1.10020',
      OriginPrice: '1.10020',
      FillPrice: '1.10020',
      CautionMoney: '110.020000', // 0.1 x 100000 x 1.1002 / 100
      TradeFee: '0.050000', // trade_fee_type 1: 0.1 lots x 0.5
      ForexTradeLists: { ShowCode: 'EUR/USD' },
    });
    const bal = await api(x.app, u.token, '/v1/api/main/wallet/getBalance');
    expect(bal.data).toEqual({ balance: '889.93', lock_balance: '110.02' });

    x.market.setPrice('EURUSD', 1.105, 1.1052);
    const deal = await api<DealPage>(x.app, u.token, '/v1/api/forex/my_deal', { status: 1, page: 1 });
    expect(deal.data.total).toBe(1);
    expect(deal.data.data[0]?.FactProfits).toBe('48.000000');
    expect(deal.data.data[0]?.UpdatePrice).toBe('1.10500');
    expect(deal.data.all_fact_profits).toBe('48.000000');
    expect(deal.data.balance).toBe('889.93');

    const detail = await api(x.app, u.token, '/v1/api/main/account/forexDetail');
    expect(detail.data).toMatchObject({
      balance: '889.93',
      lock_balance: '110.02',
      equity: '1047.950000',
      used_margin: '110.020000',
      free_margin: '937.930000',
      floating_profit: '48.000000',
      margin_level: '952.51',
    });

    const c = await api<OrderView>(x.app, u.token, '/v1/api/forex/close', { id: r.data.Id });
    expect(c.code).toBe(1);
    expect(c.data).toMatchObject({
      Status: 3,
      ClosePrice: '1.10500',
      FactProfits: '48.000000',
      CloseReason: 'manual',
    });
    const bal2 = await api(x.app, u.token, '/v1/api/main/wallet/getBalance');
    expect(bal2.data).toEqual({ balance: '1047.95', lock_balance: '0.00' });
    expectInvariants(await invariants(x.app, u.user.id));

    const hist = await api(x.app, u.token, '/v1/api/forex/my_deal', { status: 3, page: 1 });
    expect(hist.data.total).toBe(1);
    expect(hist.data.all_fact_profits).toBe('48.000000');

    const log = await api<{ list: { Value: string; Type: number; MemoTran: string }[]; total: number }>(
      x.app,
      u.token,
      '/v1/api/main/accountLog/forexChange',
      { page: 1 },
    );
    expect(log.data.total).toBe(5); // grant, margin, fee, margin back, profit
    expect(log.data.list.map((l) => [l.Type, l.Value])).toEqual([
      [6, '48.00'],
      [4, '110.02'],
      [5, '-0.05'],
      [3, '-110.02'],
      [10, '1000.00'],
    ]);
    expect(log.data.list[0]?.MemoTran).toBe(`Profit/loss of order ${r.data.Id}`);
  });

  it('a sell opens at the bid and closes at the ask; JPY P/L is converted to USD', async () => {
    const u = await fundedUser(x.app, 5000_00);
    const s = await api<OrderView>(x.app, u.token, SUBMIT, {
      type: 2,
      cont: '0.1',
      forex_id: 1,
      status: 1,
      multiple: 100,
    });
    expect(s.data.Price).toBe('1.10000');
    x.market.setPrice('EURUSD', 1.095, 1.0952);
    const c = await api<OrderView>(x.app, u.token, '/v1/api/forex/close', { id: s.data.Id });
    expect(c.data.ClosePrice).toBe('1.09520');
    expect(c.data.FactProfits).toBe('48.000000'); // (1.1 - 1.0952) x 10000

    const j = await api<OrderView>(x.app, u.token, SUBMIT, {
      type: 1,
      cont: '0.01',
      forex_id: 2,
      status: 1,
      multiple: 100,
    });
    expect(j.data.Price).toBe('150.020');
    x.market.setPrice('USDJPY', 151.02, 151.04);
    const jc = await api<OrderView>(x.app, u.token, '/v1/api/forex/close', { id: j.data.Id });
    // 1000 units x 1.0 JPY = 1000 JPY at 1/151.03 USD per JPY
    expect(jc.data.FactProfits).toBe('6.621201');
    expectInvariants(await invariants(x.app, u.user.id));
  });

  it("history's realised total is what the ledger booked: the sum of each close's cents", async () => {
    const u = await fundedUser(x.app, 5000_00);
    const buy = () =>
      api<OrderView>(x.app, u.token, SUBMIT, {
        type: 1,
        cont: '0.01',
        forex_id: 2,
        status: 1,
        multiple: 100,
      });
    const a = await buy();
    const b = await buy();
    // 1000 units x 0.01 JPY at 1/150.04 USD per JPY: 0.066649 USD each, booked as 0.07 each.
    x.market.setPrice('USDJPY', 150.03, 150.05);
    for (const o of [a, b]) {
      const c = await api<OrderView>(x.app, u.token, '/v1/api/forex/close', { id: o.data.Id });
      expect(c.data.FactProfits).toBe('0.066649');
    }
    const hist = await api<DealPage>(x.app, u.token, '/v1/api/forex/my_deal', { status: 3, page: 1 });
    // Not 0.133298 (the sum before rounding, 0.13 in cents): the two 0.07 the balance received.
    expect(hist.data.all_fact_profits).toBe('0.140000');
    expectInvariants(await invariants(x.app, u.user.id));
  });

  it('USD/JPY: margin, fee, P/L and stop-out are booked in USD, the account currency, not in yen', async () => {
    const u = await fundedUser(x.app, 2000_00);
    const open = await api<OrderView>(x.app, u.token, SUBMIT, {
      type: 1,
      cont: '1',
      forex_id: 2,
      status: 1,
      multiple: 100,
    });
    expect(open.code).toBe(1);
    // 1 lot x 100,000 x 150.02 / 100 = 150,020 JPY, at 1 / 150.01 (the mid) USD per JPY: 1,000.066662 USD.
    expect(open.data).toMatchObject({
      FillPrice: '150.020',
      CautionMoney: '1000.066662',
      TradeFee: '0.500000',
    });
    expect((await api(x.app, u.token, '/v1/api/main/wallet/getBalance')).data).toEqual({
      balance: '999.43', // 2000 - 1000.07 - 0.50
      lock_balance: '1000.07',
    });
    x.market.setPrice('USDJPY', 151.02, 151.04);
    await x.engine.idle();
    const detail = await api(x.app, u.token, '/v1/api/main/account/forexDetail');
    // (151.02 - 150.02) x 100,000 = 100,000 JPY at 1 / 151.03: 662.120109 USD.
    expect(detail.data).toMatchObject({ used_margin: '1000.070000', floating_profit: '662.120109' });
    const closed = await api<OrderView>(x.app, u.token, '/v1/api/forex/close', { id: open.data.Id });
    expect(closed.data.FactProfits).toBe('662.120109');
    expect((await api(x.app, u.token, '/v1/api/main/wallet/getBalance')).data).toEqual({
      balance: '2661.62', // 999.43 + 1000.07 + 662.12
      lock_balance: '0.00',
    });
    // Stop-out on USD figures: 1 lot at 151.04 locks 1,000.07 USD; equity 2661.12 + P/L in USD.
    const again = await api<OrderView>(x.app, u.token, SUBMIT, {
      type: 1,
      cont: '1',
      forex_id: 2,
      status: 1,
      multiple: 100,
    });
    expect(again.data.CautionMoney).toBe('1000.066212');
    await x.engine.idle();
    // At 148.50: -254,000 JPY = -1,710.32 USD, equity 950.80 > 50% of 1,000.07: held.
    x.market.setPrice('USDJPY', 148.5, 148.52);
    await x.engine.idle();
    expect(
      (
        await x.app.ctx.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', again.data.Id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(1);
    // At 147.50: -354,000 JPY = -2,399.84 USD, equity 261.28 <= 500.04: stopped out.
    x.market.setPrice('USDJPY', 147.5, 147.52);
    await x.engine.idle();
    const row = await x.app.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', again.data.Id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 3, close_reason: 'stop_out', close_price: '147.5' });
    expectInvariants(await invariants(x.app, u.user.id));
  });

  it('fixed margin mode: lots x units per lot', async () => {
    const u = await fundedUser(x.app, 100_000_00);
    const r = await api<OrderView>(x.app, u.token, SUBMIT, {
      type: 1,
      cont: '0.5',
      forex_id: 3,
      status: 1,
      multiple: 20,
    });
    expect(r.data.CautionMoney).toBe('50.000000');
    expect(r.data.TradeFee).toBe('1.000000');
  });

  it('refuses with distinct codes and translated messages', async () => {
    const rich = await fundedUser(x.app, 100_000_00);
    const poor = await fundedUser(x.app, 100_00);
    const cases: [Record<string, string | number>, number, string | RegExp][] = [
      [{ forex_id: 999 }, ERROR_CODES.instrumentNotFound, 'This product does not exist.'],
      [{ multiple: 7 }, ERROR_CODES.leverageInvalid, /not available/],
      [{ forex_id: 4, cont: 1 }, ERROR_CODES.leverageInvalid, /Leverage not configured/],
      [{ cont: '0.015' }, ERROR_CODES.lotsInvalid, /multiple of 0.01/],
      [{ cont: '0.001' }, ERROR_CODES.lotsInvalid, /minimum/],
      [{ cont: '100' }, ERROR_CODES.insufficientBalance, /insufficient/],
      [{ stop_loss_price: '1.2' }, ERROR_CODES.stopsInvalid, 'For a buy, the stop loss must be below 1.1.'],
      [{ target_profit_price: '1.05' }, ERROR_CODES.stopsInvalid, /take profit must be above/],
      [{ status: 0 }, ERROR_CODES.validation, 'Please enter the price.'],
    ];
    for (const [extra, code, msg] of cases) {
      const r = await buyEur(rich.token, extra);
      expect([extra, r.code]).toEqual([extra, code]);
      expect(r.msg).toMatch(msg);
    }
    const sl = await buyEur(poor.token, { stop_loss_price: '1.0' });
    expect(sl.code).toBe(ERROR_CODES.stopsNotAllowed);
    expect(sl.msg).toMatch(/below 50000/);
    x.market.setOpen('EURUSD', false);
    const closed = await buyEur(rich.token);
    expect(closed.code).toBe(ERROR_CODES.marketClosed);
    x.market.setOpen('EURUSD', true);
    // translated
    const hk = await x.app.inject({
      method: 'GET',
      url: `${SUBMIT}?type=1&cont=1&forex_id=999&status=1&multiple=100`,
      headers: { authorization: rich.token, lang: 'hk' },
    });
    expect(hk.json()).toMatchObject({ code: ERROR_CODES.instrumentNotFound, msg: '此產品不存在。' });
    const noAuth = await x.app.inject({ method: 'GET', url: `${SUBMIT}?type=1&cont=1&forex_id=1` });
    expect(noAuth.json().code).toBe(999);
  });

  it("never lets a user see, close, cancel or edit another user's orders", async () => {
    const a = await fundedUser(x.app, 100_000_00);
    const b = await fundedUser(x.app, 100_000_00);
    const pos = await buyEur(a.token);
    const pend = await buyEur(a.token, { status: 0, target_price: '1.05' });
    for (const [url, q] of [
      ['/v1/api/forex/close', { id: pos.data.Id }],
      ['/v1/api/forex/cancel_trade', { id: pend.data.Id }],
      ['/v1/api/forex/set_stop_price', { id: pos.data.Id, stop_loss_price: '1.0' }],
    ] as const) {
      const r = await api(x.app, b.token, url, q);
      expect(r.code).toBe(ERROR_CODES.orderNotFound);
    }
    const list = await api(x.app, b.token, '/v1/api/forex/my_deal', { status: 1 });
    expect(list.data.total).toBe(0);
    // and the wrong state is its own code
    const st = await api(x.app, a.token, '/v1/api/forex/cancel_trade', { id: pos.data.Id });
    expect(st.code).toBe(ERROR_CODES.orderState);
    const st2 = await api(x.app, a.token, '/v1/api/forex/close', { id: pend.data.Id });
    expect(st2.code).toBe(ERROR_CODES.orderState);
    const ok = await api<OrderView>(x.app, a.token, '/v1/api/forex/cancel_trade', { id: pend.data.Id });
    expect(ok.data).toMatchObject({ Status: 3, CloseReason: 'cancel' });
    const again = await api(x.app, a.token, '/v1/api/forex/cancel_trade', { id: pend.data.Id });
    expect(again.code).toBe(ERROR_CODES.orderState);
  });

  it('fills pending orders on the right side, at the first available price after a gap', async () => {
    const u = await fundedUser(x.app, 100_000_00);
    const pend = (type: number, target: string) =>
      api<OrderView>(x.app, u.token, SUBMIT, {
        type,
        cont: '0.1',
        forex_id: 1,
        status: 0,
        multiple: 100,
        target_price: target,
      });
    const buyLimit = await pend(1, '1.095');
    const buyStop = await pend(1, '1.11');
    const sellLimit = await pend(2, '1.108');
    const sellStop = await pend(2, '1.09');
    expect([buyLimit, buyStop, sellLimit, sellStop].map((r) => r.data.PendingKind)).toEqual([
      'limit',
      'stop',
      'limit',
      'stop',
    ]);
    const statusOf = async (id: number) =>
      await x.app.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await x.engine.idle();

    // the bid touches 1.095 but a buy watches the ask: no fill
    x.market.setPrice('EURUSD', 1.095, 1.0952);
    await x.engine.idle();
    expect((await statusOf(buyLimit.data.Id)).status).toBe(0);
    x.market.setPrice('EURUSD', 1.0948, 1.095);
    await x.engine.idle();
    expect(await statusOf(buyLimit.data.Id)).toMatchObject({ status: 1, open_price: '1.095' });

    // gap down through the sell stop: filled at the first bid, 1.085
    x.market.setPrice('EURUSD', 1.085, 1.0852);
    await x.engine.idle();
    expect(await statusOf(sellStop.data.Id)).toMatchObject({
      status: 1,
      open_price: '1.085',
      expected_price: '1.09',
    });

    // the ask reaches the sell limit target but a sell watches the bid
    x.market.setPrice('EURUSD', 1.1079, 1.1081);
    await x.engine.idle();
    expect((await statusOf(sellLimit.data.Id)).status).toBe(0);
    // gap up: sell limit fills at the better bid 1.112; buy stop at the first ask 1.1122
    x.market.setPrice('EURUSD', 1.112, 1.1122);
    await x.engine.idle();
    expect(await statusOf(sellLimit.data.Id)).toMatchObject({ status: 1, open_price: '1.112' });
    expect(await statusOf(buyStop.data.Id)).toMatchObject({ status: 1, open_price: '1.1122' });
    expectInvariants(await invariants(x.app, u.user.id));
  });

  it('triggers SL and TP on the right side: a long on the bid, a short on the ask', async () => {
    const u = await fundedUser(x.app, 100_000_00);
    const long = await buyEur(u.token, { target_profit_price: '1.105', stop_loss_price: '1.09' });
    const short = await api<OrderView>(x.app, u.token, SUBMIT, {
      type: 2,
      cont: '0.1',
      forex_id: 1,
      status: 1,
      multiple: 100,
      stop_loss_price: '1.105',
      target_profit_price: '1.09',
    });
    expect(short.code).toBe(1);
    await x.engine.idle();
    const row = (id: number) =>
      x.app.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // ask reaches 1.105 (the short's SL) while the bid stays below the long's TP
    x.market.setPrice('EURUSD', 1.1049, 1.1051);
    await x.engine.idle();
    expect(await row(short.data.Id)).toMatchObject({
      status: 3,
      close_reason: 'sl',
      close_price: '1.1051',
      close_expected_price: '1.105',
    });
    expect((await row(long.data.Id)).status).toBe(1);
    x.market.setPrice('EURUSD', 1.105, 1.1052);
    await x.engine.idle();
    expect(await row(long.data.Id)).toMatchObject({ status: 3, close_reason: 'tp', close_price: '1.105' });

    // a short's TP watches the ask; a long's SL the bid
    const long2 = await buyEur(u.token, { stop_loss_price: '1.1' });
    const short2 = await api<OrderView>(x.app, u.token, SUBMIT, {
      type: 2,
      cont: '0.1',
      forex_id: 1,
      status: 1,
      multiple: 100,
      target_profit_price: '1.1',
    });
    await x.engine.idle();
    x.market.setPrice('EURUSD', 1.1, 1.1002); // bid = 1.1: the long's SL; the short's ask is still above 1.1
    await x.engine.idle();
    expect(await row(long2.data.Id)).toMatchObject({ status: 3, close_reason: 'sl' });
    expect((await row(short2.data.Id)).status).toBe(1);
    x.market.setPrice('EURUSD', 1.0997, 1.0999);
    await x.engine.idle();
    expect(await row(short2.data.Id)).toMatchObject({ status: 3, close_reason: 'tp', close_price: '1.0999' });
    expectInvariants(await invariants(x.app, u.user.id));
  });

  it('edits SL/TP with the same side rules', async () => {
    const u = await fundedUser(x.app, 100_000_00);
    const pos = await buyEur(u.token);
    const bad = await api(x.app, u.token, '/v1/api/forex/set_stop_price', {
      id: pos.data.Id,
      stop_loss_price: '1.2',
    });
    expect(bad.code).toBe(ERROR_CODES.stopsInvalid);
    const good = await api<OrderView>(x.app, u.token, '/v1/api/forex/set_stop_price', {
      id: pos.data.Id,
      stop_loss_price: '1.08',
      target_profit_price: '1.12',
    });
    expect(good.data).toMatchObject({ TargetLossPrice: '1.08000', TargetProfitPrice: '1.12000' });
    await x.engine.idle();
    x.market.setPrice('EURUSD', 1.12, 1.1202);
    await x.engine.idle();
    const row = await x.app.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', pos.data.Id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 3, close_reason: 'tp' });
  });

  it('stops out at 50% margin level, largest loss first, only as far as needed', async () => {
    const u = await fundedUser(x.app, 1000_00);
    const eur = await api<OrderView>(x.app, u.token, SUBMIT, {
      type: 1,
      cont: '0.2',
      forex_id: 1,
      status: 1,
      multiple: 100,
    });
    const btc = await api<OrderView>(x.app, u.token, SUBMIT, {
      type: 1,
      cont: '0.01',
      forex_id: 5,
      status: 1,
      multiple: 10,
    });
    expect([eur.code, btc.code]).toEqual([1, 1]);
    await x.engine.idle();
    x.market.setPrice('BTCUSD', 59000, 59010); // BTC loses 10.10
    await x.engine.idle();
    // EUR: 20000 units; equity 1000 - 0.11 fees - 10.1 + 20000 x (bid - 1.1002) <= 0.5 x 280.05 at bid ~ 1.0572
    x.market.setPrice('EURUSD', 1.06, 1.0602);
    await x.engine.idle();
    let rows = await x.app.ctx.db.selectFrom('orders').selectAll().where('user_id', '=', u.user.id).execute();
    expect(rows.every((r) => r.status === 1)).toBe(true);
    x.market.setPrice('EURUSD', 1.057, 1.0572);
    await x.engine.idle();
    rows = await x.app.ctx.db.selectFrom('orders').selectAll().where('user_id', '=', u.user.id).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(eur.data.Id)).toMatchObject({
      status: 3,
      close_reason: 'stop_out',
      close_price: '1.057',
    });
    expect(byId.get(btc.data.Id)).toMatchObject({ status: 1 });
    expectInvariants(await invariants(x.app, u.user.id));
  });

  it('writes off a loss beyond the balance after a gap (negative balance protection)', async () => {
    const u = await fundedUser(x.app, 1000_00);
    const eur = await api<OrderView>(x.app, u.token, SUBMIT, {
      type: 1,
      cont: '0.2',
      forex_id: 1,
      status: 1,
      multiple: 100,
    });
    await x.engine.idle();
    x.market.setPrice('EURUSD', 1.0, 1.0002); // gap: loss 20000 x 0.1002 = 2004
    await x.engine.idle();
    const row = await x.app.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', eur.data.Id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 3, close_reason: 'stop_out', profit_cents: -2004_00 });
    // balance before the close: 1000 - 220.04 - 0.10 = 779.86; + 220.04 back = 999.90; - 2004 = -1004.10
    expect(row.written_off_cents).toBe(1004_10);
    const inv = await invariants(x.app, u.user.id);
    expect(inv.balance).toBe(0);
    expectInvariants(inv);
    const log = await api(x.app, u.token, '/v1/api/main/accountLog/forexChange', { page: 1 });
    expect(log.data.list[0]).toMatchObject({ Type: 7, Value: '1004.10' });
  });

  it('slippage guard: refuses a market fill worse than the price seen by more than the deviation, takes a better one', async () => {
    const u = await fundedUser(x.app, 100_000_00);
    const count = async () =>
      (await x.app.ctx.db.selectFrom('orders').select('id').where('user_id', '=', u.user.id).execute())
        .length;
    // The ask is 1.10020: the trader saw 1.10000, two pips (20 points) lower.
    const worse = await buyEur(u.token, { expected_price: '1.1', max_deviation: 19 });
    expect(worse.code).toBe(ERROR_CODES.slippageExceeded);
    expect(worse.msg).toBe(
      'The price moved: a buy would now open at 1.10020, more than 19 points above the 1.10000 you saw. Nothing was placed; check the price and try again.',
    );
    // Without a deviation, any worse fill is refused.
    expect((await buyEur(u.token, { expected_price: '1.10019' })).code).toBe(ERROR_CODES.slippageExceeded);
    expect(await count()).toBe(0);
    expect((await api(x.app, u.token, '/v1/api/main/wallet/getBalance')).data).toEqual({
      balance: '100000.00',
      lock_balance: '0.00',
    });
    // Exactly at the deviation: filled, the detail shows what was seen and what it got.
    const within = await buyEur(u.token, { expected_price: '1.1', max_deviation: 20 });
    expect(within.code).toBe(1);
    expect(within.data).toMatchObject({
      ExpectedPrice: '1.10000',
      OriginPrice: '1.10000',
      FillPrice: '1.10020',
    });
    expect(within.data.CautionMoney).toBe('110.020000'); // margin at the fill, not at the price seen
    // A better fill is always taken.
    const better = await buyEur(u.token, { expected_price: '1.1010', max_deviation: 0 });
    expect(better.data).toMatchObject({ ExpectedPrice: '1.10100', FillPrice: '1.10020' });
    // A sell receives the bid (1.10000): worse than 1.10010 by 10 points.
    const sell = { type: 2, expected_price: '1.1001' };
    const s1 = await buyEur(u.token, { ...sell, max_deviation: 9 });
    expect(s1.code).toBe(ERROR_CODES.slippageExceeded);
    expect(s1.msg).toMatch(/a sell would now open at 1.10000, more than 9 points below the 1.10010/);
    expect((await buyEur(u.token, { ...sell, max_deviation: 10 })).code).toBe(1);
    expect((await buyEur(u.token, { type: 2, expected_price: '1.0999' })).code).toBe(1);
    // A pending order has its own price: the guard does not apply.
    const pending = await buyEur(u.token, { status: 0, target_price: '1.05', expected_price: '1.0' });
    expect(pending.data).toMatchObject({ Status: 0, ExpectedPrice: '1.05000' });
    // Translated.
    const hk = await x.app.inject({
      method: 'GET',
      url: `${SUBMIT}?type=1&cont=0.1&forex_id=1&status=1&multiple=100&expected_price=1.1`,
      headers: { authorization: u.token, lang: 'hk' },
    });
    expect(hk.json()).toMatchObject({
      code: ERROR_CODES.slippageExceeded,
      msg: '價格已變動：買入現在將以 1.10020 成交，比您看到的 1.10000 高出超過 0 點。訂單未下達，請確認價格後再試。',
    });
    // Hostile values are refused before any arithmetic.
    const hostile: Record<string, string | number>[] = [
      { expected_price: '-1.1' },
      { expected_price: '0' },
      { expected_price: '1e5' },
      { expected_price: '0x10' },
      { expected_price: 'NaN' },
      { expected_price: '1.1234567890123' },
      { max_deviation: -1 },
      { max_deviation: 1_000_001 },
      { max_deviation: '1e3' },
      { max_deviation: '2.5' },
    ];
    for (const bad of hostile) {
      const r = await buyEur(u.token, { expected_price: '1.1002', ...bad });
      expect([bad, r.code]).toEqual([bad, ERROR_CODES.validation]);
    }
    const twice = await x.app.inject({
      method: 'GET',
      url: `${SUBMIT}?type=1&cont=0.1&forex_id=1&multiple=100&expected_price=1.1&expected_price=1.2`,
      headers: { authorization: u.token },
    });
    expect(twice.json().code).toBe(ERROR_CODES.validation);
    expect(await count()).toBe(5);
    expectInvariants(await invariants(x.app, u.user.id));
  });

  it('makes submit idempotent with a client order id', async () => {
    const u = await fundedUser(x.app, 100_000_00);
    const first = await buyEur(u.token, { client_order_id: 'abc-1' });
    const again = await buyEur(u.token, { client_order_id: 'abc-1' });
    expect(again.data.Id).toBe(first.data.Id);
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => buyEur(u.token, { client_order_id: 'abc-2' })),
    );
    expect(new Set(burst.map((r) => r.data.Id)).size).toBe(1);
    const n = await x.app.ctx.db.selectFrom('orders').select('id').where('user_id', '=', u.user.id).execute();
    expect(n).toHaveLength(2);
    expectInvariants(await invariants(x.app, u.user.id));
  });

  it('100 simultaneous submits never exceed the balance', async () => {
    const u = await fundedUser(x.app, 1000_00); // each costs 110.02 + 0.05: at most 9 fit
    const all = await Promise.all(Array.from({ length: 100 }, () => buyEur(u.token)));
    const ok = all.filter((r) => r.code === 1).length;
    expect(ok).toBe(9);
    expect(all.filter((r) => r.code !== 1).every((r) => r.code === ERROR_CODES.insufficientBalance)).toBe(
      true,
    );
    const inv = await invariants(x.app, u.user.id);
    expect(inv.balance).toBe(1000_00 - 9 * (110_02 + 5));
    expectInvariants(inv);
  });

  it('demo users trade the same engine and reset to 100,000.00', async () => {
    const d = await createDemo(x.app);
    const pos = await buyEur(d.token, { stop_loss_price: '1.0' });
    expect(pos.code).toBe(1);
    await buyEur(d.token, { status: 0, target_price: '1.05' });
    x.market.setPrice('EURUSD', 1.09, 1.0902);
    const r = await api(x.app, d.token, '/v1/api/main/user/resetForexDemoAccount');
    expect(r.code).toBe(1);
    expect(r.data).toEqual({ balance: '100000.00' });
    const bal = await api(x.app, d.token, '/v1/api/main/wallet/getBalance');
    expect(bal.data).toEqual({ balance: '100000.00', lock_balance: '0.00' });
    const hist = await api<{ data: OrderView[] }>(x.app, d.token, '/v1/api/forex/my_deal', { status: 3 });
    expect(hist.data.data.map((o) => o.CloseReason).sort()).toEqual(['reset', 'reset']);
    expectInvariants(await invariants(x.app, d.user.id));
    const real = await fundedUser(x.app, 0);
    const refused = await api(x.app, real.token, '/v1/api/main/user/resetForexDemoAccount');
    expect(refused.code).toBe(ERROR_CODES.forbidden);
  });
});
