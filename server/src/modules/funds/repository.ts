/**
 * Funds storage: reads of the ledger (its rows are written only by changeBalance (accounts), beside each change),
 * deposits, withdrawals, the receiving channels, the withdrawal currencies and the bound withdrawal methods.
 */
import type { DB } from '../../storage/db';
import type { ExpressionBuilder, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type {
  Database,
  DepositsTable,
  DrawCurrenciesTable,
  DrawMethodsTable,
  LedgerTable,
  PayChannelsTable,
  WithdrawalsTable,
} from '../../storage/schema';

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

/** Balance plus margin held just before `at` (cents): each account's last row before it, 0 when none. */
export async function cashBefore(db: DB, userId: number, at: number): Promise<number> {
  const last = (account: string) =>
    db
      .selectFrom('ledger')
      .select('balance_after')
      .where('user_id', '=', userId)
      .where('account', '=', account)
      .where('created_at', '<', at)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  const [balance, lock] = await Promise.all([last('balance'), last('lock_balance')]);
  return Number(balance?.balance_after ?? 0) + Number(lock?.balance_after ?? 0);
}

/** A user's ledger rows in [from, to), oldest first, at most `limit` + 1 (so the caller knows there were more). */
export function ledgerBetween(
  db: DB,
  userId: number,
  from: number,
  to: number,
  limit: number,
): Promise<Ledger[]> {
  return db
    .selectFrom('ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('id', 'asc')
    .limit(limit + 1)
    .execute();
}

// ---- deposits, withdrawals and the wallet (migration 0005_funds) ----

type Q = Kysely<Database> | Transaction<Database>;

export type PayChannel = Selectable<PayChannelsTable>;
export type Deposit = Selectable<DepositsTable>;
export type DrawCurrency = Selectable<DrawCurrenciesTable>;
export type DrawMethodRow = Selectable<DrawMethodsTable>;
export type Withdrawal = Selectable<WithdrawalsTable>;

export function channels(db: Q, type: number | null, enabledOnly: boolean): Promise<PayChannel[]> {
  let q = db.selectFrom('pay_channels').selectAll();
  if (type !== null) q = q.where('type', '=', type);
  if (enabledOnly) q = q.where('enabled', '=', 1);
  return q.orderBy('id', 'asc').execute();
}

export function findChannel(db: Q, id: number): Promise<PayChannel | undefined> {
  return db.selectFrom('pay_channels').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertChannel(db: Q, v: Insertable<PayChannelsTable>): Promise<PayChannel> {
  const r = await db.insertInto('pay_channels').values(v).returningAll().executeTakeFirstOrThrow();
  return r;
}

export async function setChannelEnabled(
  db: Q,
  id: number,
  enabled: boolean,
): Promise<PayChannel | undefined> {
  return db
    .updateTable('pay_channels')
    .set({ enabled: enabled ? 1 : 0 })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function insertDeposit(db: Q, v: Insertable<DepositsTable>): Promise<Deposit> {
  return db.insertInto('deposits').values(v).returningAll().executeTakeFirstOrThrow();
}

export function findDeposit(db: Q, id: number): Promise<Deposit | undefined> {
  return db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function depositPage(db: Q, userId: number, type: number, page: number, limit: number) {
  const base = db.selectFrom('deposits').where('user_id', '=', userId).where('type', '=', type);
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

/** The trader's account state finance sees beside a deposit or a withdrawal (OpsFundsAccount). */
const ACCOUNT_COLUMNS = [
  'users.frozen_at as frozen_at',
  'users.frozen_reason as frozen_reason',
  'users.balance as balance',
  'users.withdraw_hold as withdraw_hold',
] as const;

/** The latest identity check's review status of the row's trader (2 approved). */
const verifiedOf = (eb: ExpressionBuilder<Database, 'users'>) =>
  eb
    .selectFrom('real_name')
    .select('real_name.review_status')
    .whereRef('real_name.user_id', '=', 'users.id')
    .orderBy('real_name.id', 'desc')
    .limit(1)
    .as('real_name_status');

/** Ops: deposits in a status, oldest first when waiting, newest first otherwise, with the trader's uid and e-mail. */
export async function opsDepositPage(db: Q, status: number, page: number, limit: number) {
  const base = db.selectFrom('deposits').where('deposits.status', '=', status);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('users', 'users.id', 'deposits.user_id')
      .innerJoin('pay_channels', 'pay_channels.id', 'deposits.channel_id')
      .leftJoin('ops_accounts', 'ops_accounts.id', 'deposits.decided_by_ops')
      .selectAll('deposits')
      .select([
        'users.uid as uid',
        'users.email as email',
        'pay_channels.protocol_code as protocol_code',
        'pay_channels.name as channel_name',
        'ops_accounts.email as decider',
        ...ACCOUNT_COLUMNS,
      ])
      .select(verifiedOf)
      .select((eb) =>
        eb
          .selectFrom('deposits as same_proof')
          .select((e2) => e2.fn.countAll<number>().as('n'))
          .whereRef('same_proof.proof_img', '=', 'deposits.proof_img')
          .as('proof_uses'),
      )
      .orderBy('deposits.id', status === 0 ? 'asc' : 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/**
 * Decide a waiting deposit: true when this call decided it (status 0 -> `status`), false when someone else did
 * first. The conditional update is what makes a decision happen once under concurrent clicks.
 */
export async function decideDeposit(
  db: Q,
  id: number,
  d: { status: number; remark: string; by: number; at: number; received?: number; txRef?: string },
): Promise<boolean> {
  const r = await db
    .updateTable('deposits')
    .set({
      status: d.status,
      remark: d.remark,
      decided_by_ops: d.by,
      decided_at: d.at,
      ...(d.received !== undefined ? { received_cents: d.received, tx_ref: d.txRef ?? null } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function currencies(db: Q, type: number | null, enabledOnly: boolean): Promise<DrawCurrency[]> {
  let q = db.selectFrom('draw_currencies').selectAll();
  if (type !== null) q = q.where('type', '=', type);
  if (enabledOnly) q = q.where('enabled', '=', 1);
  return q.orderBy('id', 'asc').execute();
}

export function findCurrency(db: Q, id: number): Promise<DrawCurrency | undefined> {
  return db.selectFrom('draw_currencies').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function saveCurrency(
  db: Q,
  id: number | null,
  v: Omit<Insertable<DrawCurrenciesTable>, 'created_at'>,
  at: number,
): Promise<DrawCurrency | undefined> {
  if (id === null)
    return db
      .insertInto('draw_currencies')
      .values({ ...v, created_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
  return db.updateTable('draw_currencies').set(v).where('id', '=', id).returningAll().executeTakeFirst();
}

type MethodWithCurrency = DrawMethodRow & { code: string; protocol: string };

export function methodsOf(
  db: Q,
  userId: number,
  type: number,
  currencyId?: number,
): Promise<MethodWithCurrency[]> {
  let q = db
    .selectFrom('draw_methods')
    .innerJoin('draw_currencies', 'draw_currencies.id', 'draw_methods.draw_currency_id')
    .selectAll('draw_methods')
    .select(['draw_currencies.code as code', 'draw_currencies.protocol as protocol'])
    .where('draw_methods.user_id', '=', userId)
    .where('draw_methods.type', '=', type)
    .where('draw_methods.deleted_at', 'is', null);
  if (currencyId !== undefined) q = q.where('draw_methods.draw_currency_id', '=', currencyId);
  return q.orderBy('draw_methods.id', 'desc').execute();
}

/** A live method of this user (another user's, or a deleted one, is not found). */
export function findMethodOf(db: Q, userId: number, id: number): Promise<DrawMethodRow | undefined> {
  return db
    .selectFrom('draw_methods')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function countLiveMethods(
  db: Q,
  userId: number,
  type: number,
): Promise<{ n: number; readyAt: number | null }> {
  return db
    .selectFrom('draw_methods')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('usable_at').as('ready')])
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
    .then((r) => ({ n: Number(r?.n ?? 0), readyAt: r?.ready == null ? null : Number(r.ready) }));
}

export async function insertMethod(db: Q, v: Insertable<DrawMethodsTable>): Promise<DrawMethodRow> {
  return db.insertInto('draw_methods').values(v).returningAll().executeTakeFirstOrThrow();
}

export async function deleteMethod(db: Q, userId: number, id: number, at: number): Promise<boolean> {
  const r = await db
    .updateTable('draw_methods')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertWithdrawal(db: Q, v: Insertable<WithdrawalsTable>): Promise<Withdrawal> {
  return db.insertInto('withdrawals').values(v).returningAll().executeTakeFirstOrThrow();
}

export function findWithdrawal(db: Q, id: number): Promise<Withdrawal | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function withdrawalPage(db: Q, userId: number, type: number, page: number, limit: number) {
  const base = db.selectFrom('withdrawals').where('user_id', '=', userId).where('type', '=', type);
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

export async function opsWithdrawalPage(db: Q, status: number, page: number, limit: number) {
  const base = db.selectFrom('withdrawals').where('withdrawals.status', '=', status);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .innerJoin('draw_currencies', 'draw_currencies.id', 'withdrawals.draw_currency_id')
      .leftJoin('ops_accounts', 'ops_accounts.id', 'withdrawals.decided_by_ops')
      .selectAll('withdrawals')
      .select([
        'users.uid as uid',
        'users.email as email',
        'draw_currencies.protocol as protocol',
        'ops_accounts.email as decider',
        ...ACCOUNT_COLUMNS,
      ])
      .select(verifiedOf)
      .orderBy('withdrawals.id', status === 0 ? 'asc' : 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Decide a waiting withdrawal once (status 0 -> `status`); false when someone else decided first. */
export async function decideWithdrawal(
  db: Q,
  id: number,
  d: { status: number; notes: string; by: number; at: number },
): Promise<boolean> {
  const r = await db
    .updateTable('withdrawals')
    .set({ status: d.status, notes: d.notes, decided_by_ops: d.by, decided_at: d.at })
    .where('id', '=', id)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Who decided a record and when (told to an ops person who came second). */
export function decisionOf(db: Q, table: 'deposits' | 'withdrawals', id: number) {
  return db
    .selectFrom(table)
    .leftJoin('ops_accounts', 'ops_accounts.id', `${table}.decided_by_ops`)
    .select([
      `${table}.status as status`,
      `${table}.decided_at as decided_at`,
      'ops_accounts.email as decider',
    ])
    .where(`${table}.id`, '=', id)
    .executeTakeFirst();
}

/** How many records wait for finance, and since when. */
export async function waitingSummary(
  db: Q,
  table: 'deposits' | 'withdrawals',
): Promise<{ count: number; oldestAt: number | null }> {
  const r = await db
    .selectFrom(table)
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 0)
    .executeTakeFirst();
  return { count: Number(r?.n ?? 0), oldestAt: r?.oldest == null ? null : Number(r.oldest) };
}

/** The latest real-name review status of a user (2 approved), read for the cashier's lock reasons. */
export async function realNameStatus(db: Q, userId: number): Promise<number> {
  const r = await db
    .selectFrom('real_name')
    .select('review_status')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r?.review_status ?? 0;
}

export function userFunds(db: Q, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'is_demo',
      'balance',
      'withdraw_hold',
      'frozen_at',
      'frozen_reason',
      'password_changed_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Inside the transaction of a decision that moves a trader's money: lock their row while it is not frozen and answer
 * null, or answer the freeze reason. The no-op update takes the row lock (PostgreSQL re-reads `frozen_at` after a
 * concurrent freeze commits), so a freeze and a payout are ordered: never paid after the freeze was recorded.
 */
export async function lockUnfrozen(db: Q, userId: number): Promise<string | null> {
  const r = await db
    .updateTable('users')
    .set((eb) => ({ frozen_reason: eb.ref('frozen_reason') }))
    .where('id', '=', userId)
    .where('frozen_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return null;
  const row = await db
    .selectFrom('users')
    .select('frozen_reason')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.frozen_reason ?? '-';
}

/** Channels (any state) with this address (type 0, compared case-insensitively; the caller narrows) or account. */
export function channelsWith(db: Q, type: number, value: string): Promise<PayChannel[]> {
  const col = type === 0 ? 'address' : 'payee_account';
  return db
    .selectFrom('pay_channels')
    .selectAll()
    .where('type', '=', type)
    .where((eb) => eb(eb.fn('lower', [eb.ref(col)]), '=', value.toLowerCase()))
    .execute();
}

/** Whether a trader has ever bound this address (type 0) or bank account as their withdrawal method. */
export async function boundByTrader(db: Q, type: number, value: string): Promise<boolean> {
  const col = type === 0 ? 'dc_address' : 'payee_account';
  const r = await db
    .selectFrom('draw_methods')
    .select('id')
    .where((eb) => eb(eb.fn('lower', [eb.ref(col)]), '=', value.toLowerCase()))
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/** The deposit that recorded this transaction hash or bank reference (compared as typed, trimmed). */
export function depositWithRef(db: Q, ref: string) {
  return db.selectFrom('deposits').select('id').where('tx_ref', '=', ref).executeTakeFirst();
}

/** Whether a proof picture is already attached to a deposit (each proof is usable once). */
export async function proofUsed(db: Q, proof: string): Promise<boolean> {
  const r = await db
    .selectFrom('deposits')
    .select('id')
    .where('proof_img', '=', proof)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}
