/**
 * The account statement: a trader's money over a period of UTC days, from the ledger alone — the opening and closing
 * balance (balance plus margin held, as the account's two ledger accounts say), every movement but the margin moved
 * between them, sums by kind, and the trades opened or closed in the period. Every figure is the ledger's cents, so
 * opening + movements = closing exactly (test/statement.test.ts reconciles it).
 */
import { LEDGER_TYPE } from '@meridian/shared/pure';
import type { Language, LedgerType, Statement, StatementTrade } from '@meridian/shared/pure';
import { ERROR_CODES } from '@meridian/shared/pure';
import type { AccountReads } from '../trading';
import type { DB } from '../../storage/db';
import type { I18n } from '../../lib/i18n';
import { AppError } from '../../lib/errors';
import { formatCents } from '../../lib/money';
import { fmtTime } from '../../lib/time';
import { findUserById } from '../accounts';
import * as repo from './repository';

const DAY_MS = 86_400_000;
/** The longest period one statement covers. */
export const STATEMENT_MAX_DAYS = 366;
/** The most movements (and trades) one statement lists: a busier period is asked for in parts. */
export const STATEMENT_MAX_ROWS = 5000;

/** Margin moved to the lock and back: no money in or out, so not a movement of the statement. */
const MARGIN_KINDS = new Set(['trade_margin', 'margin_release']);

const typeOf = (kind: string): LedgerType =>
  (LEDGER_TYPE as Record<string, LedgerType | undefined>)[kind] ?? LEDGER_TYPE.other;

/** `YYYY-MM-DD` as the UTC midnight it starts, or null when it is no such day. */
export function utcDay(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text ? ms : null;
}

export type StatementDeps = {
  db: DB;
  i18n: I18n;
  now: () => number;
  accounts: Pick<AccountReads, 'ordersBetween'>;
  ledgerText: (lang: Language, row: { kind: string; memo: string | null; ref_id: string | null }) => string;
};

export async function accountStatement(
  deps: StatementDeps,
  userId: number,
  lang: Language,
  period: { from: string; to: string },
): Promise<Statement> {
  const from = utcDay(period.from);
  const toDay = utcDay(period.to);
  const today = Math.floor(deps.now() / DAY_MS) * DAY_MS;
  if (from === null || toDay === null) throw new AppError(ERROR_CODES.validation, 'statement.badDate');
  if (toDay < from || toDay > today) throw new AppError(ERROR_CODES.validation, 'statement.badPeriod');
  if ((toDay - from) / DAY_MS + 1 > STATEMENT_MAX_DAYS)
    throw new AppError(ERROR_CODES.validation, 'statement.tooLong', { days: STATEMENT_MAX_DAYS });
  const to = toDay + DAY_MS;

  const [user, opening, rows, orders] = await Promise.all([
    findUserById(deps.db, userId),
    repo.cashBefore(deps.db, userId, from),
    repo.ledgerBetween(deps.db, userId, from, to, 4 * STATEMENT_MAX_ROWS),
    deps.accounts.ordersBetween(userId, from, to, STATEMENT_MAX_ROWS),
  ]);
  const moves = rows.filter((r) => !MARGIN_KINDS.has(r.kind));
  if (
    rows.length > 4 * STATEMENT_MAX_ROWS ||
    moves.length > STATEMENT_MAX_ROWS ||
    orders.length > STATEMENT_MAX_ROWS
  )
    throw new AppError(ERROR_CODES.validation, 'statement.tooMany', { rows: STATEMENT_MAX_ROWS });

  const totals = { deposits: 0, withdrawals: 0, fees: 0, realised_pl: 0, written_off: 0, other: 0 };
  let cash = opening;
  const movements = moves.map((r) => {
    const amount = Number(r.amount);
    cash += amount;
    const type = typeOf(r.kind);
    if (type === LEDGER_TYPE.deposit) totals.deposits += amount;
    else if (type === LEDGER_TYPE.withdraw_hold || type === LEDGER_TYPE.withdraw_return)
      totals.withdrawals += amount;
    else if (type === LEDGER_TYPE.trade_fee) totals.fees += amount;
    else if (type === LEDGER_TYPE.trade_profit) totals.realised_pl += amount;
    else if (type === LEDGER_TYPE.write_off) totals.written_off += amount;
    else totals.other += amount;
    const orderId = r.ref_type === 'order' && r.ref_id !== null ? Number(r.ref_id) : null;
    return {
      id: r.id,
      time: fmtTime(r.created_at),
      type,
      text: deps.ledgerText(lang, r),
      amount: formatCents(amount),
      cash_after: formatCents(cash),
      order_id: Number.isSafeInteger(orderId) ? orderId : null,
    };
  });
  // The closing balance is read from the ledger too, not derived: the two agree, or the statement is wrong.
  const closing = await repo.cashBefore(deps.db, userId, to);
  const trades: StatementTrade[] = orders.map((o) => ({
    id: o.id,
    code: o.show_code,
    side: o.side === 2 ? 2 : 1,
    lots: o.lots,
    opened_at: o.opened_at === null ? '' : fmtTime(o.opened_at),
    open_price: o.open_price ?? '',
    closed_at: o.closed_at === null ? '' : fmtTime(o.closed_at),
    close_price: o.close_price ?? '',
    fee: formatCents(o.fee_cents),
    profit: formatCents(o.closed_at === null ? 0 : o.profit_cents),
    close_reason: o.close_reason,
  }));
  return {
    from: period.from,
    to: period.to,
    uid: user?.uid ?? '',
    generated_at: fmtTime(deps.now()),
    opening_balance: formatCents(opening),
    closing_balance: formatCents(closing),
    totals: {
      deposits: formatCents(totals.deposits),
      withdrawals: formatCents(totals.withdrawals),
      fees: formatCents(totals.fees),
      realised_pl: formatCents(totals.realised_pl),
      written_off: formatCents(totals.written_off),
      other: formatCents(totals.other),
    },
    movements,
    trades,
  };
}
