/**
 * The wire contract of the funds calls: the balance, the account figures and the ledger. Types only. Deposits and
 * withdrawals add theirs here.
 */

/** GET /v1/api/main/wallet/getBalance: USD with 2 decimals. */
export type Balance = { balance: string; lock_balance: string };

/**
 * GET /v1/api/main/account/forexDetail: the account at the live prices. Equity = balance + lock_balance + floating
 * P/L; used margin = lock_balance; free margin = equity - used margin; margin level = equity / used margin x 100 (null
 * with no margin in use). Money is text: 2 decimals for the balances, 6 for the rest; levels are percentages.
 */
export type AccountFigures = {
  balance: string;
  lock_balance: string;
  equity: string;
  used_margin: string;
  free_margin: string;
  margin_level: string | null;
  floating_profit: string;
  stop_out_level: string;
  positions: number;
};

/** `Type` of a ledger row: one per kind of movement; 10 for any other, whose `Memo` is shown as is. */
export const LEDGER_TYPE = {
  demo_grant: 1,
  demo_reset: 2,
  trade_margin: 3,
  margin_release: 4,
  trade_fee: 5,
  trade_profit: 6,
  write_off: 7,
  other: 10,
} as const;
export type LedgerType = (typeof LEDGER_TYPE)[keyof typeof LEDGER_TYPE];

/** One movement of the balance account, newest first. */
export type LedgerRow = {
  Id: number;
  /** Signed USD, 2 decimals. */
  Value: string;
  BalanceAfter: string;
  Type: LedgerType;
  Memo: string;
  /** The movement described in the caller's language. */
  MemoTran: string;
  /** UTC `YYYY-MM-DD HH:mm:ss`. */
  CreatedAtTran: string;
};

/** GET /v1/api/main/accountLog/forexChange. */
export type LedgerPage = { list: LedgerRow[]; total: number };
