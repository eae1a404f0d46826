/**
 * The account statement reconciles with the ledger to the cent, in both storage modes: opening + every movement =
 * closing = balance + margin held; margin moved to the lock is not a movement; fees and realised P/L equal the
 * trades'; a period before the account is empty; another trader's rows never appear; bad periods are refused before
 * anything is read.
 */
import { ERROR_CODES } from '@meridian/shared/pure';
import type { OrderView, Statement } from '@meridian/shared/pure';
import { changeBalance } from '../src/modules/accounts/repository';
import { MODES } from './helpers';
import { api, fundedUser, tradingApp } from './support/trading';
import type { TradingApp } from './support/trading';

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const cents = (text: string) => Math.round(Number(text) * 100);

describe.each(MODES)('account statement (%s)', (mode) => {
  let x: TradingApp;
  beforeAll(async () => {
    x = await tradingApp(mode);
  });
  afterAll(() => x.t.close());
  beforeEach(() => {
    x.market.setPrice('EURUSD', 1.1, 1.1002);
    x.market.setOpen('EURUSD', true);
  });

  const statement = (token: string, from: string, to: string) =>
    // With the cache-buster every GET of the app carries.
    api<Statement>(x.app, token, '/api/statement', { from, to, t: Date.now() });
  const trade = async (token: string, exit: [number, number]) => {
    const opened = await api<OrderView>(x.app, token, '/v1/api/forex/submit', {
      type: 1,
      cont: '0.1',
      forex_id: 1,
      status: 1,
      multiple: 100,
    });
    expect(opened.code).toBe(1);
    x.market.setPrice('EURUSD', ...exit);
    const closed = await api<OrderView>(x.app, token, '/v1/api/forex/close', { id: opened.data.Id });
    expect(closed.code).toBe(1);
    x.market.setPrice('EURUSD', 1.1, 1.1002);
    return closed.data;
  };

  it('opening + movements = closing = balance + margin held, and fees and P/L equal the trades', async () => {
    const u = await fundedUser(x.app, 0);
    // Yesterday's money (the opening balance of a statement that starts today), then today's.
    const credit = (amount: number, kind: string, at: number) =>
      x.app.ctx.db
        .transaction()
        .execute((trx) =>
          changeBalance(trx, { userId: u.user.id, amount, kind, at, refType: 'deposit', refId: '9' }),
        );
    await credit(250_00, 'deposit', Date.now() - DAY);
    await credit(1000_00, 'deposit', Date.now());
    const won = await trade(u.token, [1.105, 1.1052]);
    const lost = await trade(u.token, [1.098, 1.0982]);
    // One still open: its margin is held, its fee booked, no P/L yet.
    const open = await api<OrderView>(x.app, u.token, '/v1/api/forex/submit', {
      type: 2,
      cont: '0.2',
      forex_id: 1,
      status: 1,
      multiple: 100,
    });
    expect(open.code).toBe(1);

    const today = day(Date.now());
    const r = await statement(u.token, today, today);
    expect(r.code).toBe(1);
    const s = r.data;
    expect(s.opening_balance).toBe('250.00');
    expect(s.totals.deposits).toBe('1000.00');
    const bal = await api<{ balance: string; lock_balance: string }>(
      x.app,
      u.token,
      '/v1/api/main/wallet/getBalance',
    );
    expect(cents(s.closing_balance)).toBe(cents(bal.data.balance) + cents(bal.data.lock_balance));
    const moved = s.movements.reduce((n, m) => n + cents(m.amount), 0);
    expect(cents(s.opening_balance) + moved).toBe(cents(s.closing_balance));
    const totals = Object.values(s.totals).reduce((n, v) => n + cents(v), 0);
    expect(totals).toBe(moved);
    // The last movement's running balance is the closing one; margin moves are not listed.
    expect(s.movements.at(-1)?.cash_after).toBe(s.closing_balance);
    expect(s.movements.some((m) => /margin/i.test(m.text))).toBe(false);
    // Three fees, two realised results: equal to the trades listed, to the cent.
    expect(s.trades.map((t) => t.id)).toEqual([won.Id, lost.Id, open.data.Id]);
    expect(cents(s.totals.fees)).toBe(-s.trades.reduce((n, t) => n + cents(t.fee), 0));
    expect(cents(s.totals.realised_pl)).toBe(s.trades.reduce((n, t) => n + cents(t.profit), 0));
    expect(cents(s.totals.realised_pl)).toBe(cents(won.FactProfits) + cents(lost.FactProfits));
    expect(s.trades.at(-1)).toMatchObject({ closed_at: '', profit: '0.00', side: 2, lots: '0.2' });
    // And the ledger itself says the same: the sum of every row of both accounts is the closing balance.
    const rows = await x.app.ctx.db
      .selectFrom('ledger')
      .select('amount')
      .where('user_id', '=', u.user.id)
      .execute();
    expect(rows.reduce((n, row) => n + Number(row.amount), 0)).toBe(cents(s.closing_balance));

    // A period that ended before the money: nothing, and the statement of yesterday holds only the deposit.
    const before = day(Date.now() - 3 * DAY);
    const empty = (await statement(u.token, before, before)).data;
    expect(empty).toMatchObject({
      opening_balance: '0.00',
      closing_balance: '0.00',
      movements: [],
      trades: [],
    });
    const yesterday = (await statement(u.token, day(Date.now() - DAY), day(Date.now() - DAY))).data;
    expect(yesterday.movements.map((m) => m.amount)).toEqual(['250.00']);
    expect(yesterday.totals.deposits).toBe('250.00');
    expect(yesterday.closing_balance).toBe('250.00');
  });

  it("never lists another trader's money", async () => {
    const a = await fundedUser(x.app, 500_00);
    const b = await fundedUser(x.app, 700_00);
    await trade(a.token, [1.105, 1.1052]);
    const today = day(Date.now());
    const s = (await statement(b.token, today, today)).data;
    expect(s.closing_balance).toBe('700.00');
    expect(s.trades).toEqual([]);
    expect(s.movements).toHaveLength(1);
  });

  it('refuses a bad period with a clear message before reading anything', async () => {
    const u = await fundedUser(x.app, 0);
    const today = day(Date.now());
    const tomorrow = day(Date.now() + DAY);
    for (const [from, to] of [
      ['2026-02-30', today],
      ['abc', today],
      ['1e308', today],
      [today, 'NaN'],
      ['-0', today],
      ['2026-1-1', today],
      [today, tomorrow],
      [today, day(Date.now() - DAY)],
      [day(Date.now() - 400 * DAY), today],
      ['2026-01-01T00:00:00', today],
    ]) {
      const r = await statement(u.token, from!, to!);
      expect([r.code, from, to]).toEqual([ERROR_CODES.validation, from, to]);
      expect(r.msg.length).toBeGreaterThan(5);
      expect(r.data).toBeNull();
    }
    const guest = await api(x.app, '', '/api/statement', { from: today, to: today });
    expect(guest.code).not.toBe(1);
  });
});
