/** Accounts storage: users, sessions and the ledger rows written with balance changes. */
import type { Compilable, Insertable, Kysely, Transaction } from 'kysely';
import type { Database, LedgerTable, NewUser, User } from '../../storage/schema';
import { prepared } from '../../storage/prepared';
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

// ---- what the back office reads and changes (users page) ----

/** A trader (not an ops or system account) by public uid. */
export function findTraderByUid(db: Q, uid: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('uid', '=', uid)
    .where('role', '=', 'user')
    .executeTakeFirst();
}

/**
 * Traders matching `q`, newest first (at most 50): an 8-digit uid exactly, text with `@` as part of an e-mail,
 * anything else as an invite code or part of an e-mail. LIKE wildcards in `q` are taken out, not obeyed.
 */
export function searchTraders(db: Q, q: string): Promise<User[]> {
  const text = q.toLowerCase();
  const like = `%${text.replace(/[%_\\]/g, '')}%`;
  let query = db.selectFrom('users').selectAll().where('role', '=', 'user');
  if (/^\d{8}$/.test(text)) query = query.where('uid', '=', text);
  else if (text.includes('@')) query = query.where('email', 'like', like);
  else {
    const code = q.toUpperCase();
    query = query.where((eb) => eb.or([eb('invite_code', '=', code), eb('email', 'like', like)]));
  }
  return query.orderBy('id', 'desc').limit(50).execute();
}

/** The user's latest ledger rows, newest first. */
export function latestLedger(db: Q, userId: number, limit: number) {
  return db
    .selectFrom('ledger')
    .select(['id', 'amount', 'balance_after', 'account', 'kind', 'memo', 'ref_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The user's sessions that still open the app at `now` (not revoked, not expired), newest first. */
export function liveSessions(db: Q, userId: number, now: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'expires_at', 'ip'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Freeze (with a reason) or unfreeze an account; false when it already was in that state, so two ops people
 * acting at once cannot both record a change.
 */
export async function setFrozen(
  db: Q,
  userId: number,
  frozen: { reason: string } | null,
  at: number,
): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ frozen_at: frozen ? at : null, frozen_reason: frozen?.reason ?? null, updated_at: at })
    .where('id', '=', userId)
    .where('frozen_at', frozen ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Change a balance (or the locked balance) and write its ledger row in the caller's transaction; returns the new
 * value in cents. Refuses (code 1203) a change that would make it negative (or leave less than `keep`) unless
 * `allowNegative`; the check is the update's own condition, so concurrent changes can never pass it together. The
 * trading engine and funds use this for every balance change (`withdraw_hold` is what waiting withdrawals hold).
 */
export type BalanceChange = {
  userId: number;
  amount: number;
  kind: string;
  at: number;
  account?: BalanceAccount;
  refType?: string;
  refId?: string;
  memo?: string;
  allowNegative?: boolean;
  /** Cents that must remain after a decrease (a withdrawal keeps what open positions need at live prices). */
  keep?: number;
};

export type BalanceAccount = 'balance' | 'lock_balance' | 'withdraw_hold';

export async function changeBalance(trx: Transaction<Database>, change: BalanceChange): Promise<number> {
  const after = await changeBalances(trx, [change]);
  return after[change.account ?? 'balance'] ?? 0;
}

const ACCOUNTS: readonly BalanceAccount[] = ['balance', 'lock_balance', 'withdraw_hold'];

/**
 * One update of a user's accounts: each account given moves by its amount, each floor given must hold before (the
 * update's own condition); the accounts moved are returned as they are after it.
 */
type BalanceUpdate = { id: number; at: number } & Partial<Record<BalanceAccount, number>> & {
    floor?: Partial<Record<BalanceAccount, number>>;
  };

const updateBalances = prepared((db, a: BalanceUpdate) => {
  const columns = ACCOUNTS.filter((c) => a[c] !== undefined);
  let q = db
    .updateTable('users')
    .set((eb) => {
      const set: Record<string, unknown> = { updated_at: a.at };
      for (const c of columns) set[c] = eb(c, '+', a[c] as number);
      return set;
    })
    .where('id', '=', a.id);
  for (const c of ACCOUNTS) {
    const floor = a.floor?.[c];
    if (floor !== undefined) q = q.where(c, '>=', floor);
  }
  return q.returning(columns) as unknown as Compilable<Partial<Record<BalanceAccount, number>>>;
});

const insertLedgerRows = prepared((db, a: { rows: Insertable<LedgerTable>[] }) =>
  db.insertInto('ledger').values(a.rows),
);

/**
 * Several changes of ONE account, in order, as changeBalance would make them one after the other, in two statements
 * (one update of the user, one insert of the ledger rows) instead of two each: every row gets the balance after it
 * as if applied alone, and every decrease that may not go negative is refused (1203) exactly when it would have been
 * at its place in the sequence (the conditions are the update's own). Used where a trade moves several balances at
 * once (an open, a close). Returns the new value of each account changed. Both statements are prepared (compiled
 * once per shape: which accounts move, how many rows).
 */
export async function changeBalances(
  trx: Transaction<Database>,
  changes: readonly BalanceChange[],
): Promise<Partial<Record<BalanceAccount, number>>> {
  const first = changes[0];
  if (!first) return {};
  const totals = new Map<BalanceAccount, number>();
  // Each guarded decrease: the column before the whole sequence must be at least this much.
  const floors = new Map<BalanceAccount, number>();
  for (const c of changes) {
    if (!Number.isSafeInteger(c.amount)) throw new Error('amount must be integer cents');
    if (c.userId !== first.userId || c.at !== first.at) throw new Error('changeBalances: one user, one time');
    const column = c.account ?? 'balance';
    const before = totals.get(column) ?? 0;
    if (!c.allowNegative && c.amount < 0) {
      const floor = -c.amount + Math.max(0, c.keep ?? 0) - before;
      floors.set(column, Math.max(floors.get(column) ?? -Infinity, floor));
    }
    totals.set(column, before + c.amount);
  }
  const columns = [...totals.keys()];
  const update: BalanceUpdate = { id: first.userId, at: first.at, floor: Object.fromEntries(floors) };
  for (const [column, total] of totals) update[column] = total;
  const row = await updateBalances.first(trx, update);
  if (!row) throw new AppError(ERROR_CODES.insufficientBalance, 'error.insufficientBalance');
  const running = new Map<BalanceAccount, number>();
  for (const column of columns) running.set(column, (row[column] ?? 0) - (totals.get(column) ?? 0));
  const rows = changes.map((c) => {
    const column = c.account ?? 'balance';
    const after = (running.get(column) ?? 0) + c.amount;
    running.set(column, after);
    return {
      user_id: c.userId,
      amount: c.amount,
      balance_after: after,
      account: column,
      kind: c.kind,
      ref_type: c.refType ?? null,
      ref_id: c.refId ?? null,
      memo: c.memo ?? null,
      created_at: c.at,
    };
  });
  await insertLedgerRows.execute(trx, { rows });
  const out: Partial<Record<BalanceAccount, number>> = {};
  for (const column of columns) out[column] = row[column] ?? 0;
  return out;
}

export type { DB };
