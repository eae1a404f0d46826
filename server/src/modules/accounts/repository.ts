/** Accounts storage: users, sessions and the ledger rows written with balance changes. */
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewUser, User } from '../../storage/schema';
import type { DB } from '../../storage/db';
import { ERROR_CODES } from '@meridian/shared/pure';
import { AppError } from '../../lib/errors';
import { randomCode, randomDigits, sha256 } from '../../lib/security';

type Q = Kysely<Database> | Transaction<Database>;

export function findUserByEmail(db: Q, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Q, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByInviteCode(db: Q, code: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('invite_code', '=', code).executeTakeFirst();
}

export function findDemoUser(db: Q, demoSecret: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('demo_secret_hash', '=', sha256(demoSecret))
    .where('is_demo', '=', 1)
    .executeTakeFirst();
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

/** Insert a user with fresh public uid and invite code (retried on the rare collision). */
export async function insertUser(db: Q, values: Omit<NewUser, 'uid' | 'invite_code'>): Promise<User> {
  for (let attempt = 0; ; attempt++) {
    const uid = String(10_000_000 + (Number(randomDigits(8)) % 90_000_000));
    const invite_code = randomCode(8);
    const clash = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('uid', '=', uid), eb('invite_code', '=', invite_code)]))
      .executeTakeFirst();
    if (clash && attempt < 8) continue;
    return db
      .insertInto('users')
      .values({ ...values, uid, invite_code })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}

export async function insertSession(
  db: Q,
  s: { user_id: number; token_hash: string; created_at: number; expires_at: number; ip: string | null },
): Promise<void> {
  await db.insertInto('sessions').values(s).execute();
}

export async function revokeSession(db: Q, sessionId: number, at: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllSessions(db: Q, userId: number, at: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Change a balance (or the locked balance) and write its ledger row in the caller's transaction; returns the new
 * value in cents. Refuses (code 1203) a change that would make it negative unless `allowNegative`. The trading
 * engine and funds use this for every balance change.
 */
export async function changeBalance(
  trx: Transaction<Database>,
  change: {
    userId: number;
    amount: number;
    kind: string;
    at: number;
    account?: 'balance' | 'lock_balance';
    refType?: string;
    refId?: string;
    memo?: string;
    allowNegative?: boolean;
  },
): Promise<number> {
  if (!Number.isSafeInteger(change.amount)) throw new Error('amount must be integer cents');
  const column = change.account ?? 'balance';
  let q = trx
    .updateTable('users')
    .set((eb) => ({ [column]: eb(column, '+', change.amount), updated_at: change.at }))
    .where('id', '=', change.userId);
  if (!change.allowNegative && change.amount < 0) q = q.where(column, '>=', -change.amount);
  const row = await q.returning(column).executeTakeFirst();
  if (!row) throw new AppError(ERROR_CODES.insufficientBalance, 'error.insufficientBalance');
  const after = (row as Record<string, number>)[column] ?? 0;
  await trx
    .insertInto('ledger')
    .values({
      user_id: change.userId,
      amount: change.amount,
      balance_after: after,
      account: column,
      kind: change.kind,
      ref_type: change.refType ?? null,
      ref_id: change.refId ?? null,
      memo: change.memo ?? null,
      created_at: change.at,
    })
    .execute();
  return after;
}

export type { DB };
