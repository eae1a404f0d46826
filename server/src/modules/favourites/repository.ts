/** The only code touching the `favourites` table (migration 0010_favourites): one row per user and instrument. */
import type { DB } from '../../storage/db';

/** The user's favourite instrument ids, in the user's order. */
export async function listFavourites(db: DB, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('favourites')
    .select('forex_id')
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('forex_id')
    .execute();
  return rows.map((r) => Number(r.forex_id));
}

/**
 * Replace the user's list with `ids` (already checked) in one transaction. Two saves of one user (two phones) run one
 * after the other: the first statement takes the user's row lock (PostgreSQL; SQLite has one writer anyway), so the
 * second's delete sees the first's rows and the list is always one save's list, never a mix or a unique violation.
 */
export async function replaceFavourites(db: DB, userId: number, ids: readonly number[], now: number) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('favourites').where('user_id', '=', userId).execute();
    if (ids.length === 0) return;
    await trx
      .insertInto('favourites')
      .values(
        ids.map((forexId, position) => ({ user_id: userId, forex_id: forexId, position, created_at: now })),
      )
      .execute();
  });
}
