/**
 * The funds calls on top of the ledger and the trading module's account reads: the balance, the account figures at
 * live prices and the ledger in the caller's language; deposits, withdrawals and the wallet are its cashier.
 */
import { formatMicros, LEDGER_TYPE, marginLevelPercent, STOP_OUT_LEVEL_PERCENT } from '@meridian/shared/pure';
import type {
  AccountFigures,
  Balance,
  Language,
  LedgerPage,
  LedgerType,
  Statement,
} from '@meridian/shared/pure';
import type { I18n } from '../../lib/i18n';
import { formatCents } from '../../lib/money';
import { fmtTime } from '../../lib/time';
import { findUserById } from '../accounts';
import { Cashier } from './cashier';
import type { CashierDeps } from './cashier';
import * as repo from './repository';
import { accountStatement } from './statement';
import type { AccountReads } from '../trading';

export type FundsDeps = CashierDeps & {
  /** What the statement reads of trading, besides the snapshot the cashier reads. */
  accounts: Pick<AccountReads, 'snapshot' | 'ordersBetween'>;
};

/** Ledger `Type` of a kind of movement; any other kind is `other` and shows its memo. */
const typeOf = (kind: string): LedgerType =>
  (LEDGER_TYPE as Record<string, LedgerType | undefined>)[kind] ?? LEDGER_TYPE.other;

/**
 * A movement as a reader sees it: a named kind by its message in `lang` (with the order it belongs to), any other
 * by its memo. The trader's ledger and the back office's user page say the same thing.
 */
export function ledgerText(
  t: I18n['t'],
  lang: Language,
  row: { kind: string; memo: string | null; ref_id: string | null },
): string {
  return typeOf(row.kind) === LEDGER_TYPE.other
    ? (row.memo ?? row.kind)
    : t(lang, `ledger.${row.kind}`, { id: row.ref_id ?? '' });
}

export class Funds {
  /** Deposits, withdrawals and the wallet. */
  readonly cashier: Cashier;

  constructor(private readonly deps: FundsDeps) {
    this.cashier = new Cashier(deps);
  }

  /** What waits for finance (the dashboard counts). */
  waiting(table: 'deposits' | 'withdrawals') {
    return repo.waitingSummary(this.deps.db, table);
  }

  /** GET /v1/api/main/wallet/getBalance. */
  async balance(userId: number): Promise<Balance> {
    const user = await findUserById(this.deps.db, userId);
    return { balance: formatCents(user?.balance ?? 0), lock_balance: formatCents(user?.lock_balance ?? 0) };
  }

  /** GET /v1/api/main/account/forexDetail. */
  async figures(userId: number): Promise<AccountFigures> {
    const f = await this.deps.accounts.snapshot(userId);
    const level = marginLevelPercent(f.equityMicros, f.usedMicros);
    return {
      balance: formatCents(f.balanceCents),
      lock_balance: formatCents(f.lockCents),
      equity: formatMicros(f.equityMicros),
      used_margin: formatMicros(f.usedMicros),
      free_margin: formatMicros(f.equityMicros - f.usedMicros),
      margin_level: level === null ? null : level.toFixed(2),
      floating_profit: formatMicros(f.floatingMicros),
      stop_out_level: STOP_OUT_LEVEL_PERCENT.toFixed(2),
      positions: f.holding.length,
    };
  }

  /** GET /api/statement: the account over a period of UTC days, from the ledger (./statement.ts). */
  statement(userId: number, lang: Language, period: { from: string; to: string }): Promise<Statement> {
    const { db, i18n, now, accounts } = this.deps;
    return accountStatement(
      { db, i18n, now, accounts, ledgerText: (l, row) => ledgerText(i18n.t, l, row) },
      userId,
      lang,
      period,
    );
  }

  /** GET /v1/api/main/accountLog/forexChange: the balance account's ledger, newest first. */
  async ledger(userId: number, lang: Language, page: number, limit: number): Promise<LedgerPage> {
    const { rows, total } = await repo.ledgerPage(this.deps.db, userId, page, limit);
    return {
      list: rows.map((r) => {
        const type = typeOf(r.kind);
        const memo = r.memo ?? r.kind;
        return {
          Id: r.id,
          Value: formatCents(r.amount),
          BalanceAfter: formatCents(r.balance_after),
          Type: type,
          Memo: memo,
          MemoTran: ledgerText(this.deps.i18n.t, lang, r),
          CreatedAtTran: fmtTime(r.created_at),
        };
      }),
      total,
    };
  }
}
