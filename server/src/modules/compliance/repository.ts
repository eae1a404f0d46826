/** Real-name submissions and their review decisions. */
import type { Kysely, Transaction } from 'kysely';
import type { Database, RealName } from '../../storage/schema';

type Q = Kysely<Database> | Transaction<Database>;

export const REVIEW = { waiting: 1, approved: 2, rejected: 3 } as const;

export function latestRealName(db: Q, userId: number): Promise<RealName | undefined> {
  return db
    .selectFrom('real_name')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The ops decision on a waiting submission (used by the ops review; here for tests and the later issue). */
export async function decideRealName(
  db: Q,
  id: number,
  decision: { approved: boolean; decidedBy: number; reason: string | null; at: number },
): Promise<boolean> {
  const r = await db
    .updateTable('real_name')
    .set({
      review_status: decision.approved ? REVIEW.approved : REVIEW.rejected,
      decided_by: decision.decidedBy,
      decided_at: decision.at,
      reason: decision.reason,
    })
    .where('id', '=', id)
    .where('review_status', '=', REVIEW.waiting)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
