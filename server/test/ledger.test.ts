/** The ledger: every balance change is a row written in the same transaction, in exact integer cents. */
import { changeBalance } from '../src/modules/accounts/repository';
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
});
