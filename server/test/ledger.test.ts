/** The ledger: every balance change is a row written in the same transaction, in exact integer cents. */
import { changeBalance, changeBalances } from '../src/modules/accounts/repository';
import type { BalanceChange } from '../src/modules/accounts/repository';
import { createDemo, createTestApp, MODES } from './helpers';
import type { TestApp } from './helpers';

describe.each(MODES)('ledger (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(mode);
  });
  afterAll(() => t.close());

  const balanceOf = async (id: number) =>
    t.app.ctx.db
      .selectFrom('users')
      .select(['balance', 'lock_balance'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const ledgerOf = (id: number) =>
    t.app.ctx.db.selectFrom('ledger').selectAll().where('user_id', '=', id).orderBy('id').execute();

  it('writes one row per change with the balance after it', async () => {
    const demo = await createDemo(t.app);
    const db = t.app.ctx.db;
    await db.transaction().execute(async (trx) => {
      await changeBalance(trx, {
        userId: demo.user.id,
        amount: -1_234_56,
        kind: 'margin',
        at: 1,
        account: 'balance',
      });
      await changeBalance(trx, {
        userId: demo.user.id,
        amount: 1_234_56,
        kind: 'margin',
        at: 1,
        account: 'lock_balance',
      });
    });
    expect(await balanceOf(demo.user.id)).toEqual({ balance: 98_765_44, lock_balance: 1_234_56 });
    const rows = await ledgerOf(demo.user.id);
    expect(rows.map((r) => [r.account, r.amount, r.balance_after])).toEqual([
      ['balance', 10_000_000, 10_000_000],
      ['balance', -1_234_56, 98_765_44],
      ['lock_balance', 1_234_56, 1_234_56],
    ]);
  });

  it('refuses to go negative and a failed transaction leaves neither balance nor ledger changed', async () => {
    const demo = await createDemo(t.app);
    await expect(
      t.app.ctx.db.transaction().execute(async (trx) => {
        await changeBalance(trx, { userId: demo.user.id, amount: -5_000_00, kind: 'fee', at: 1 });
        await changeBalance(trx, { userId: demo.user.id, amount: -99_000_00, kind: 'fee', at: 1 });
      }),
    ).rejects.toMatchObject({ code: 1203 });
    expect((await balanceOf(demo.user.id)).balance).toBe(10_000_000);
    expect(await ledgerOf(demo.user.id)).toHaveLength(1);
    await expect(
      t.app.ctx.db
        .transaction()
        .execute((trx) => changeBalance(trx, { userId: demo.user.id, amount: 0.5, kind: 'x', at: 1 })),
    ).rejects.toThrow(/integer cents/);
  });
  it('makes several changes of one account at once exactly as one by one: balances, rows, refusals', async () => {
    // Each sequence runs on two users starting alike: one by changeBalance in turn, one by changeBalances.
    const sequences: Omit<BalanceChange, 'userId' | 'at'>[][] = [
      // an open: margin out of the balance into the lock, then the fee
      [
        { amount: -7701, kind: 'trade_margin' },
        { amount: 7701, kind: 'trade_margin', account: 'lock_balance' },
        { amount: -4, kind: 'trade_fee' },
      ],
      // a close at a loss (after the margin was locked): the margin back both ways, then the loss (may go negative)
      [
        { amount: 3300, kind: 'trade_margin', account: 'lock_balance' },
        { amount: -3300, kind: 'margin_release', account: 'lock_balance' },
        { amount: 3300, kind: 'margin_release' },
        { amount: -12_000_000_00, kind: 'trade_profit', allowNegative: true },
      ],
      // refused at the second step: the lock cannot give more than it holds after the first
      [
        { amount: 500, kind: 'x', account: 'lock_balance' },
        { amount: -999_999_999_99, kind: 'y', account: 'lock_balance' },
      ],
      // `keep` counted at its place in the sequence: passes only with the 1.00 added before it (100,000.00 + 1.00
      // must keep 99,998.50 after taking 2.00), refused when it asks 0.50 more than that leaves
      [
        { amount: 100, kind: 'x' },
        { amount: -200, kind: 'y', keep: 99_998_50 },
      ],
      [
        { amount: 100, kind: 'x' },
        { amount: -200, kind: 'y', keep: 99_999_50 },
      ],
    ];
    const outcomes: unknown[] = [];
    for (const seq of sequences) {
      const a = await createDemo(t.app);
      const b = await createDemo(t.app);
      const db = t.app.ctx.db;
      const one = await db
        .transaction()
        .execute(async (trx) => {
          for (const c of seq) await changeBalance(trx, { ...c, userId: a.user.id, at: 5 });
          return 'ok';
        })
        .catch((e: { code?: number }) => e.code);
      const all = await db
        .transaction()
        .execute(async (trx) => {
          await changeBalances(
            trx,
            seq.map((c) => ({ ...c, userId: b.user.id, at: 5 })),
          );
          return 'ok';
        })
        .catch((e: { code?: number }) => e.code);
      expect(all).toBe(one);
      outcomes.push(all);
      expect(await balanceOf(b.user.id)).toEqual(await balanceOf(a.user.id));
      // The rows of the sequence (the demo grant before them was written at another time).
      const rows = async (id: number) =>
        (await ledgerOf(id))
          .filter((r) => r.created_at === 5)
          .map((r) => [r.account, r.amount, r.balance_after, r.kind, r.ref_id]);
      expect(await rows(b.user.id)).toEqual(await rows(a.user.id));
    }
    expect(outcomes).toEqual(['ok', 'ok', 1203, 'ok', 1203]);
  });
});
