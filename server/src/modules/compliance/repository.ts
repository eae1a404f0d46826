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

/**
 * The ops decision on a waiting submission: true when this call decided it, false when it was no longer waiting
 * (someone else decided first), so two reviewers at once can never both win. `decidedBy` is the ops account.
 */
export async function decideRealName(
  db: Q,
  id: number,
  decision: {
    approved: boolean;
    decidedBy: number;
    reasonCode?: string | null;
    reason: string | null;
    at: number;
  },
): Promise<boolean> {
  const r = await db
    .updateTable('real_name')
    .set({
      review_status: decision.approved ? REVIEW.approved : REVIEW.rejected,
      decided_by_ops: decision.decidedBy,
      decided_at: decision.at,
      reason_code: decision.approved ? null : (decision.reasonCode ?? null),
      reason: decision.reason,
    })
    .where('id', '=', id)
    .where('review_status', '=', REVIEW.waiting)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
