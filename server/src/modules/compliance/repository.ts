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

/** The review queue: how many submissions wait, and since when (the oldest). */
export async function waitingSummary(db: Q): Promise<{ count: number; oldestAt: number | null }> {
  const r = await db
    .selectFrom('real_name')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('review_status', '=', REVIEW.waiting)
    .executeTakeFirst();
  return { count: Number(r?.n ?? 0), oldestAt: r?.oldest == null ? null : Number(r.oldest) };
}

/** One page of the waiting submissions, oldest first, with their trader's uid and e-mail. */
export async function waitingPage(db: Q, page: number, limit: number) {
  const waiting = db.selectFrom('real_name').where('real_name.review_status', '=', REVIEW.waiting);
  const [total, rows] = await Promise.all([
    waiting.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    waiting
      .innerJoin('users', 'users.id', 'real_name.user_id')
      .select([
        'real_name.id as id',
        'users.uid as uid',
        'users.email as email',
        'real_name.name as name',
        'real_name.card_id as card_id',
        'real_name.created_at as created_at',
      ])
      .orderBy('real_name.id', 'asc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export function findRealName(db: Q, id: number): Promise<RealName | undefined> {
  return db.selectFrom('real_name').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every submission of a user, newest first, with the e-mail of the ops person who decided it. */
export function realNamesOf(db: Q, userId: number): Promise<(RealName & { decider: string | null })[]> {
  return db
    .selectFrom('real_name')
    .leftJoin('ops_accounts', 'ops_accounts.id', 'real_name.decided_by_ops')
    .selectAll('real_name')
    .select('ops_accounts.email as decider')
    .where('real_name.user_id', '=', userId)
    .orderBy('real_name.id', 'desc')
    .execute();
}

/** How a submission was decided, and by whom (told to a reviewer who came second). */
export function decisionOf(db: Q, id: number) {
  return db
    .selectFrom('real_name')
    .leftJoin('ops_accounts', 'ops_accounts.id', 'real_name.decided_by_ops')
    .select(['real_name.review_status', 'real_name.decided_at', 'ops_accounts.email as decider'])
    .where('real_name.id', '=', id)
    .executeTakeFirst();
}
