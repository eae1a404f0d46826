/** Social storage: the simulated traders (`traders`). */
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, TradersTable } from '../../storage/schema';

type Q = Kysely<Database> | Transaction<Database>;
export type Trader = Selectable<TradersTable>;

export function traders(db: Q): Promise<Trader[]> {
  return db.selectFrom('traders').selectAll().execute();
}

export async function traderIds(db: Q): Promise<number[]> {
  return (await db.selectFrom('traders').select('user_id').execute()).map((t) => t.user_id);
}

export async function insertTrader(db: Q, t: Insertable<TradersTable>): Promise<void> {
  await db.insertInto('traders').values(t).execute();
}
