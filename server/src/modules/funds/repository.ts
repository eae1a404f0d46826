/** Funds storage: reads of the ledger. Its rows are written only by changeBalance (accounts), beside each change. */
import type { DB } from '../../storage/db';
import type { Selectable } from 'kysely';
import type { LedgerTable } from '../../storage/schema';

type Ledger = Selectable<LedgerTable>;

/** One page of a user's balance-account ledger, newest first, and the number of rows. */
export async function ledgerPage(
  db: DB,
  userId: number,
  page: number,
  limit: number,
): Promise<{ rows: Ledger[]; total: number }> {
  const base = db.selectFrom('ledger').where('user_id', '=', userId).where('account', '=', 'balance');
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
