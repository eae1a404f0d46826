/**
 * Partial close (GET /v1/api/forex/close with `lots`) and close-all (POST /v1/api/forex/close_all), in both storage
 * modes on a FakeMarket: the money of the part exactly (margin share released, P/L booked, ledger = balances to the
 * cent), the rest keeping its id and stops and closing normally afterwards, the part's own linked record, every
 * refusal (lots rules, hostile numbers), and close-all's per-order results, scopes, ownership and frozen accounts.
 */
import { ERROR_CODES, TOPICS } from '@meridian/shared/pure';
import type { CloseAllResult, DealPage, OrderView } from '@meridian/shared/pure';
import { call, createTestApp, HIGH_LIMITS, MODES, registerUser } from './helpers';
import { api, expectInvariants, fundedUser, invariants, tradingApp } from './support/trading';
import type { TradingApp } from './support/trading';

const SUBMIT = '/v1/api/forex/submit';
const CLOSE = '/v1/api/forex/close';
const CLOSE_ALL = '/v1/api/forex/close_all';

describe.each(MODES)('partial close and close-all (%s)', (mode) => {
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
    x.market.setPrice('XAUUSD', 2000, 2000.5);
    x.market.setOpen('EURUSD', true);
    x.market.setOpen('BTCUSD', true);
  });

  const open = (token: string, cont: string, extra: Record<string, string | number> = {}) =>
    api<OrderView>(x.app, token, SUBMIT, { type: 1, cont, forex_id: 1, status: 1, multiple: 100, ...extra });
  const row = (id: number) =>
    x.app.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const balances = (token: string) => api(x.app, token, '/v1/api/main/wallet/getBalance');
  const closeAll = (token: string, form: Record<string, string | number>) =>
    call<CloseAllResult>(x.app, { method: 'POST', url: CLOSE_ALL, token, form });

  it('closes part of a position: its share of margin released, its P/L booked, exact to the cent', async () => {
    const u = await fundedUser(x.app, 60_000_00); // 60,000.00 USD: stops allowed
    // 0.07 lots at 1.1002, 1:100: margin 77.014 -> 77.01 locked; fee 0.035 -> 0.04
    const pos = await open(u.token, '0.07', { stop_loss_price: '1.09', target_profit_price: '1.12' });
    expect(pos.code).toBe(1);
    expect((await balances(u.token)).data).toEqual({ balance: '59922.95', lock_balance: '77.01' });

    x.market.setPrice('EURUSD', 1.105, 1.1052);
    const part = await api<OrderView>(x.app, u.token, CLOSE, { id: pos.data.Id, lots: '0.03' });
    expect(part.code).toBe(1);
    expect(part.msg).toContain('0.03');
    expect(part.data).toMatchObject({
      Status: 3,
      CloseReason: 'manual',
      ParentId: pos.data.Id,
      Quantity: 0.03,
      ClosePrice: '1.10500',
      FillPrice: '1.10020',
      FactProfits: '14.400000', // (1.105 - 1.1002) x 0.03 x 100000
      CautionMoney: '33.006000', // 3/7 of 77.014
      TargetLossPrice: '1.09000',
      TargetProfitPrice: '1.12000',
    });
    expect(part.data.Id).not.toBe(pos.data.Id);
    // 7701 cents x 3/7 = 3300.43 -> 3300 released; 4401 stay locked (the two add up to what was locked)
    expect((await balances(u.token)).data).toEqual({ balance: '59970.35', lock_balance: '44.01' });
    const rest = await row(pos.data.Id);
    expect(rest).toMatchObject({
      status: 1,
      lots: '0.04',
      margin_cents: 4401,
      margin_micros: 44_008_000,
      stop_loss: '1.09',
      take_profit: '1.12',
    });
    expect(rest.fee_micros + (await row(part.data.Id)).fee_micros).toBe(35_000);
    expectInvariants(await invariants(x.app, u.user.id));

    // The part's own ledger rows, in one transaction with the change: release 33.00 both ways, P/L 14.40.
    const ledger = await x.app.ctx.db
      .selectFrom('ledger')
      .select(['account', 'amount', 'kind'])
      .where('ref_id', '=', String(part.data.Id))
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { account: 'lock_balance', amount: -3300, kind: 'margin_release' },
      { account: 'balance', amount: 3300, kind: 'margin_release' },
      { account: 'balance', amount: 1440, kind: 'trade_profit' },
    ]);

    // The engine re-reads the position: the next FOREX_TRADE carries the new lots, margin and P/L.
    await x.engine.idle();
    expect(x.engine.orders.get(pos.data.Id)?.lots).toBe('0.04');
    const seen: unknown[] = [];
    const off = x.app.ctx.bus.subscribe((ev) => {
      if (ev.topic === TOPICS.forexTrade && ev.userId === u.user.id) seen.push(ev.data);
    });
    x.engine.publishTrade(u.user.id);
    off();
    const live = (seen[0] as OrderView[]).find((o) => o.Id === pos.data.Id);
    expect(live).toMatchObject({
      Quantity: 0.04,
      CautionMoney: '44.008000',
      FactProfits: '19.200000',
      TargetProfitPrice: '1.12000',
    });

    // The rest still closes by its take profit, as any position: 0.04 x (1.1205 - 1.1002) x 100000 = 81.20
    x.market.setPrice('EURUSD', 1.1205, 1.1207);
    await x.engine.idle();
    expect(await row(pos.data.Id)).toMatchObject({ status: 3, close_reason: 'tp', profit_cents: 8120 });
    expect((await balances(u.token)).data).toEqual({ balance: '60095.56', lock_balance: '0.00' });
    // 60,000.00 - 0.04 fee + 14.40 + 81.20
    expectInvariants(await invariants(x.app, u.user.id));
  });

  it('links the part to its position: history, the position filter and a second part', async () => {
    const u = await fundedUser(x.app, 10_000_00);
    const pos = await open(u.token, '0.5');
    const a = await api<OrderView>(x.app, u.token, CLOSE, { id: pos.data.Id, lots: '0.1' });
    const b = await api<OrderView>(x.app, u.token, CLOSE, { id: pos.data.Id, lots: '0.2' });
    expect([a.code, b.code]).toEqual([1, 1]);
    expect((await row(pos.data.Id)).lots).toBe('0.2');
    const parts = await api<DealPage>(x.app, u.token, '/v1/api/forex/my_deal', {
      status: 3,
      page: 1,
      parent_id: pos.data.Id,
    });
    expect(parts.data.data.map((o) => o.Id).sort()).toEqual([a.data.Id, b.data.Id].sort());
    expect(parts.data.data.every((o) => o.ParentId === pos.data.Id)).toBe(true);
    // At 1.1 vs 1.1002 each part lost its spread: -2.00 and -4.00
    expect(parts.data.all_fact_profits).toBe('-6.000000');
    const history = await api<DealPage>(x.app, u.token, '/v1/api/forex/my_deal', { status: 3, page: 1 });
    expect(history.data.total).toBe(2);
    // The rest closes whole, as before: lots absent.
    const last = await api<OrderView>(x.app, u.token, CLOSE, { id: pos.data.Id });
    expect(last.data).toMatchObject({ Id: pos.data.Id, Status: 3, Quantity: 0.2, ParentId: null });
    expect(last.msg).toBe('Position closed.');
    expectInvariants(await invariants(x.app, u.user.id));
    // Another user sees none of these parts.
    const other = await fundedUser(x.app, 0);
    const theirs = await api<DealPage>(x.app, other.token, '/v1/api/forex/my_deal', {
      status: 3,
      page: 1,
      parent_id: pos.data.Id,
    });
    expect(theirs.data.total).toBe(0);
  });

  it('refuses lots below the minimum, off the step, not less than the whole, leaving too little, hostile numbers', async () => {
    const u = await fundedUser(x.app, 100_000_00);
    const gold = await api<OrderView>(x.app, u.token, SUBMIT, {
      type: 1,
      cont: '0.5',
      forex_id: 3, // XAUUSD: min 0.1, step 0.1
      status: 1,
      multiple: 20,
    });
    expect(gold.code).toBe(1);
    const refused = async (lots: string) => api(x.app, u.token, CLOSE, { id: gold.data.Id, lots });
    expect(await refused('0.05')).toMatchObject({
      code: ERROR_CODES.lotsInvalid,
      msg: expect.stringContaining('0.1'),
    });
    expect(await refused('0.15')).toMatchObject({
      code: ERROR_CODES.lotsInvalid,
      msg: expect.stringContaining('multiple'),
    });
    expect(await refused('0.5')).toMatchObject({
      code: ERROR_CODES.closeLotsNotLess,
      msg: expect.stringContaining('0.5'),
    });
    expect(await refused('0.6')).toMatchObject({ code: ERROR_CODES.closeLotsNotLess });
    // Hostile numbers: refused (1001) before any arithmetic.
    for (const lots of [
      '1e308',
      '1e-308',
      'NaN',
      'Infinity',
      '-0',
      '-0.1',
      '0',
      '0x10',
      '0.' + '1'.repeat(30),
      '99999',
    ]) {
      const r = await refused(lots);
      expect([lots, r.code]).toEqual([lots, ERROR_CODES.validation]);
    }
    const repeated = await call(x.app, {
      method: 'GET',
      url: `${CLOSE}?id=${gold.data.Id}&lots=0.1&lots=0.2`,
      token: u.token,
    });
    expect(repeated.body.code).toBe(ERROR_CODES.validation);
    // Leaving exactly the minimum open is fine: 0.2 - 0.1.
    const small = await api<OrderView>(x.app, u.token, SUBMIT, {
      type: 1,
      cont: '0.2',
      forex_id: 3,
      status: 1,
      multiple: 20,
    });
    const ok = await api(x.app, u.token, CLOSE, { id: small.data.Id, lots: '0.1' });
    expect(ok.code).toBe(1);
    expect((await row(small.data.Id)).lots).toBe('0.1');
    expectInvariants(await invariants(x.app, u.user.id));
    // Not holding, not the caller's, market closed:
    const other = await fundedUser(x.app, 100_000_00);
    expect((await api(x.app, other.token, CLOSE, { id: gold.data.Id, lots: '0.1' })).code).toBe(
      ERROR_CODES.orderNotFound,
    );
    await api(x.app, u.token, CLOSE, { id: small.data.Id });
    expect((await api(x.app, u.token, CLOSE, { id: small.data.Id, lots: '0.1' })).code).toBe(
      ERROR_CODES.orderState,
    );
    const eur = await open(u.token, '0.1');
    x.market.setOpen('EURUSD', false);
    expect((await api(x.app, u.token, CLOSE, { id: eur.data.Id, lots: '0.05' })).code).toBe(
      ERROR_CODES.marketClosed,
    );
    expect((await row(eur.data.Id)).lots).toBe('0.1');
  });

  it('refuses a part that would leave less than the minimum open', async () => {
    // An instrument whose minimum is above its step (gold's minimum raised to 0.2 for this test only).
    const u = await fundedUser(x.app, 100_000_00);
    const gold = await api<OrderView>(x.app, u.token, SUBMIT, {
      type: 1,
      cont: '0.5',
      forex_id: 3,
      status: 1,
      multiple: 20,
    });
    const inst = x.market.instrument(3);
    if (!inst) throw new Error('no XAUUSD');
    const min = inst.minLots;
    inst.minLots = '0.2';
    try {
      const r = await api(x.app, u.token, CLOSE, { id: gold.data.Id, lots: '0.4' });
      expect(r).toMatchObject({ code: ERROR_CODES.closeLotsRemainder, msg: expect.stringContaining('0.2') });
      expect((await api(x.app, u.token, CLOSE, { id: gold.data.Id, lots: '0.3' })).code).toBe(1);
    } finally {
      inst.minLots = min;
    }
    expect((await row(gold.data.Id)).lots).toBe('0.2');
  });

  it('two partial closes racing on one position never take the same lots twice', async () => {
    const u = await fundedUser(x.app, 10_000_00);
    const pos = await open(u.token, '0.3');
    const rs = await Promise.all(
      [0, 1, 2, 3].map(() => api(x.app, u.token, CLOSE, { id: pos.data.Id, lots: '0.2' })),
    );
    expect(rs.filter((r) => r.code === 1)).toHaveLength(1);
    expect((await row(pos.data.Id)).lots).toBe('0.1');
    expectInvariants(await invariants(x.app, u.user.id));
  });

  describe('close-all', () => {
    it('closes each confirmed position as its own order; a closed market fails that row only', async () => {
      const u = await fundedUser(x.app, 100_000_00);
      const a = await open(u.token, '0.1');
      const b = await open(u.token, '0.2');
      const btc = await api<OrderView>(x.app, u.token, SUBMIT, {
        type: 1,
        cont: '0.01',
        forex_id: 5,
        status: 1,
        multiple: 10,
      });
      x.market.setOpen('BTCUSD', false);
      const r = await closeAll(u.token, { scope: 'all', ids: `${a.data.Id},${b.data.Id},${btc.data.Id}` });
      expect(r.body.code).toBe(1);
      expect(r.body.data.closed.map((o) => o.Id).sort()).toEqual([a.data.Id, b.data.Id].sort());
      expect(r.body.data.closed.every((o) => o.Status === 3 && o.CloseReason === 'manual')).toBe(true);
      expect(r.body.data.failed).toEqual([
        { id: btc.data.Id, code: ERROR_CODES.marketClosed, msg: 'The market is closed.' },
      ]);
      expect(r.body.msg).toMatch(/2.*1/);
      // Each its own ledger rows
      for (const o of [a, b]) {
        const rows = await x.app.ctx.db
          .selectFrom('ledger')
          .select('kind')
          .where('ref_id', '=', String(o.data.Id))
          .execute();
        expect(rows.map((l) => l.kind)).toEqual(expect.arrayContaining(['margin_release', 'trade_profit']));
      }
      expect((await row(btc.data.Id)).status).toBe(1);
      expectInvariants(await invariants(x.app, u.user.id));
    });

    it("only what the trader confirmed: another position stays open; not the caller's ids are refused", async () => {
      const u = await fundedUser(x.app, 100_000_00);
      const seen = await open(u.token, '0.1');
      const unseen = await open(u.token, '0.1');
      const stranger = await fundedUser(x.app, 100_000_00);
      const theirs = await open(stranger.token, '0.1');
      const r = await closeAll(u.token, { scope: 'all', ids: `${seen.data.Id},${theirs.data.Id}` });
      expect(r.body.data.closed.map((o) => o.Id)).toEqual([seen.data.Id]);
      expect(r.body.data.failed).toEqual([
        { id: theirs.data.Id, code: ERROR_CODES.orderNotFound, msg: 'The order was not found.' },
      ]);
      expect((await row(unseen.data.Id)).status).toBe(1);
      expect((await row(theirs.data.Id)).status).toBe(1);
      expectInvariants(await invariants(x.app, stranger.user.id));
    });

    it('scope losing closes the losing ones only; scope symbol that instrument only', async () => {
      const u = await fundedUser(x.app, 100_000_00);
      const long = await open(u.token, '0.1'); // a buy at 1.1002
      const short = await open(u.token, '0.1', { type: 2 }); // a sell at 1.1
      const btc = await api<OrderView>(x.app, u.token, SUBMIT, {
        type: 1,
        cont: '0.01',
        forex_id: 5,
        status: 1,
        multiple: 10,
      });
      x.market.setPrice('EURUSD', 1.101, 1.1012); // the long gains, the short loses
      const ids = `${long.data.Id},${short.data.Id}`;
      const losing = await closeAll(u.token, { scope: 'losing', ids });
      expect(losing.body.data.closed.map((o) => o.Id)).toEqual([short.data.Id]);
      expect(losing.body.data.failed).toEqual([
        { id: long.data.Id, code: ERROR_CODES.closeAllOutOfScope, msg: expect.stringContaining('loss') },
      ]);
      const sym = await closeAll(u.token, {
        scope: 'symbol',
        symbol: 'BTCUSD',
        ids: `${long.data.Id},${btc.data.Id}`,
      });
      expect(sym.body.data.closed.map((o) => o.Id)).toEqual([btc.data.Id]);
      expect(sym.body.data.failed).toMatchObject([
        { id: long.data.Id, code: ERROR_CODES.closeAllOutOfScope },
      ]);
      // by display code too
      const again = await closeAll(u.token, {
        scope: 'symbol',
        symbol: 'EUR/USD',
        ids: String(long.data.Id),
      });
      expect(again.body.data.closed.map((o) => o.Id)).toEqual([long.data.Id]);
      // already closed: reported, nothing booked twice
      const twice = await closeAll(u.token, { scope: 'all', ids: String(long.data.Id) });
      expect(twice.body.data.failed).toMatchObject([{ id: long.data.Id, code: ERROR_CODES.orderState }]);
      expectInvariants(await invariants(x.app, u.user.id));
    });

    it('refuses malformed input before closing anything', async () => {
      const u = await fundedUser(x.app, 100_000_00);
      const a = await open(u.token, '0.1');
      for (const form of [
        { scope: 'everything', ids: String(a.data.Id) },
        { scope: 'symbol', ids: String(a.data.Id) },
        { scope: 'all', ids: '' },
        { scope: 'all', ids: '1e3' },
        { scope: 'all', ids: `${a.data.Id},-1` },
        { scope: 'all', ids: `${a.data.Id},0` },
        { scope: 'all', ids: '99999999999' },
        { scope: 'all', ids: Array.from({ length: 501 }, (_, i) => i + 1).join(',') },
      ]) {
        const r = await closeAll(u.token, form);
        expect([form, r.body.code]).toEqual([form, ERROR_CODES.validation]);
      }
      expect((await row(a.data.Id)).status).toBe(1);
      const noSession = await call(x.app, {
        method: 'POST',
        url: CLOSE_ALL,
        form: { scope: 'all', ids: '1' },
      });
      expect(noSession.body.code).toBe(999);
    });

    it('a frozen account may close what is open (as with a single close) but places nothing new', async () => {
      const u = await fundedUser(x.app, 100_000_00);
      const a = await open(u.token, '0.1');
      await x.app.ctx.db
        .updateTable('users')
        .set({ frozen_at: Date.now(), frozen_reason: 'review' })
        .where('id', '=', u.user.id)
        .execute();
      expect((await open(u.token, '0.1')).code).toBe(ERROR_CODES.accountFrozen);
      const r = await closeAll(u.token, { scope: 'all', ids: String(a.data.Id) });
      expect(r.body.data.closed.map((o) => o.Id)).toEqual([a.data.Id]);
    });

    it('is rate-limited per trader', async () => {
      const t = await createTestApp(mode, { limits: { ...HIGH_LIMITS, closeAllPerUser: [2, 60_000] } });
      try {
        const reg = await registerUser(t.app);
        const hit = () =>
          call(t.app, { method: 'POST', url: CLOSE_ALL, token: reg.token, form: { scope: 'all', ids: '1' } });
        expect((await hit()).body.code).toBe(1);
        expect((await hit()).body.code).toBe(1);
        const third = await hit();
        expect(third.body.code).toBe(ERROR_CODES.rateLimited);
        expect(third.status).toBe(429);
      } finally {
        await t.close();
      }
    });
  });
});
