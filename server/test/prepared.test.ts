/**
 * Prepared queries (storage/prepared.ts), in both storage modes: each run binds its own values (never the first
 * run's), each shape of the arguments is its own statement (a key left out, a longer `in` list, more rows), the
 * answers are the builder's, a value put into the SQL text is refused, and a database with plugins still gets them.
 */
import { CamelCasePlugin, sql } from 'kysely';
import type { Insertable, Kysely, Selectable } from 'kysely';
import { prepared } from '../src/storage/prepared';
import type { Database, LedgerTable, UsersTable } from '../src/storage/schema';
import { createTestApp, MODES } from './helpers';
import type { TestApp } from './helpers';

const byId = prepared((db, a: { id: number }) =>
  db.selectFrom('users').select(['id', 'uid', 'balance']).where('id', '=', a.id),
);
const byIds = prepared((db, a: { ids: readonly number[] }) =>
  db.selectFrom('users').select('id').where('id', 'in', a.ids).orderBy('id'),
);
const move = prepared(
  (db, a: { id: number; set: Partial<Pick<Selectable<UsersTable>, 'balance' | 'lock_balance'>> }) =>
    db.updateTable('users').set(a.set).where('id', '=', a.id).returning(['balance', 'lock_balance']),
);
const ledgerRows = prepared((db, a: { rows: Insertable<LedgerTable>[] }) =>
  db.insertInto('ledger').values(a.rows).returning(['id', 'amount', 'memo']),
);

describe.each(MODES)('prepared queries (%s)', (mode) => {
  let t: TestApp;
  let db: Kysely<Database>;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp(mode);
    db = t.app.ctx.db;
    ids = [];
    for (let i = 0; i < 3; i++) {
      const r = await t.app.inject({ method: 'GET', url: '/api/user/createAccountDemoForU' });
      expect(r.json().code).toBe(1);
    }
    ids = (await db.selectFrom('users').select('id').where('is_demo', '=', 1).orderBy('id').execute()).map(
      (u) => u.id,
    );
    expect(ids.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(() => t.close());

  it('binds each run its own values and answers as the builder does', async () => {
    for (const id of [...ids, ...ids.slice().reverse()]) {
      const built = await db
        .selectFrom('users')
        .select(['id', 'uid', 'balance'])
        .where('id', '=', id)
        .executeTakeFirst();
      expect(await byId.first(db, { id })).toEqual(built);
    }
    expect(await byId.first(db, { id: 2_000_000_000 })).toBeUndefined();
  });

  it('compiles an `in` list of each length as its own statement', async () => {
    expect((await byIds.rows(db, { ids: [ids[1] as number] })).map((r) => r.id)).toEqual([ids[1]]);
    expect((await byIds.rows(db, { ids: [...ids] })).map((r) => r.id)).toEqual(ids);
    expect((await byIds.rows(db, { ids: [ids[2] as number, ids[0] as number] })).map((r) => r.id)).toEqual([
      ids[0],
      ids[2],
    ]);
  });

  it('leaves a column out when its value is not given (another shape), inside a transaction too', async () => {
    const id = ids[0] as number;
    expect(await move.first(db, { id, set: { balance: 111, lock_balance: 222 } })).toEqual({
      balance: 111,
      lock_balance: 222,
    });
    expect(await move.first(db, { id, set: { balance: 333 } })).toEqual({ balance: 333, lock_balance: 222 });
    await db.transaction().execute(async (trx) => {
      expect(await move.first(trx, { id, set: { lock_balance: undefined, balance: 444 } })).toEqual({
        balance: 444,
        lock_balance: 222,
      });
    });
    expect(await move.first(db, { id, set: { lock_balance: 5 } })).toEqual({ balance: 444, lock_balance: 5 });
  });

  it('inserts one row or several, nulls bound as values', async () => {
    const row = (amount: number, memo: string | null) => ({
      user_id: ids[1] as number,
      amount,
      balance_after: 0,
      account: 'balance',
      kind: 'test',
      ref_type: null,
      ref_id: null,
      memo,
      created_at: 1,
    });
    const one = await ledgerRows.rows(db, { rows: [row(1, 'a')] });
    expect(one.map((r) => [r.amount, r.memo])).toEqual([[1, 'a']]);
    const three = await ledgerRows.rows(db, { rows: [row(2, null), row(3, 'c'), row(4, null)] });
    expect(three.map((r) => [r.amount, r.memo])).toEqual([
      [2, null],
      [3, 'c'],
      [4, null],
    ]);
    expect(new Set([...one, ...three].map((r) => r.id)).size).toBe(4);
  });

  it('refuses a value put into the SQL text, when first built', async () => {
    const bad = prepared((d, a: { n: number }) => d.selectFrom('users').select(sql.lit(a.n).as('n')));
    await expect(bad.rows(db, { n: 1 })).rejects.toThrow();
  });

  it('builds afresh on a database with plugins (their transforms apply)', async () => {
    const camel = db.withPlugin(new CamelCasePlugin()) as unknown as Kysely<Database>;
    const q = prepared((d, a: { id: number }) =>
      d.selectFrom('users').select(['id', 'lock_balance']).where('id', '=', a.id),
    );
    const r = (await q.first(camel, { id: ids[0] as number })) as unknown as Record<string, unknown>;
    expect(r).toEqual({ id: ids[0], lockBalance: expect.any(Number) });
  });
});
