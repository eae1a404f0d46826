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
  deposit: 8,
  withdraw_hold: 9,
  other: 10,
  withdraw_return: 11,
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

// ---- deposits (docs/calls.md#funds) ----

/** Deposit `type`: 0 digital coin, 1 bank. */
export const DEPOSIT_TYPE = { coin: 0, bank: 1 } as const;
export type DepositType = (typeof DEPOSIT_TYPE)[keyof typeof DEPOSIT_TYPE];

/** Deposit `status` (docs/states.md#deposit-status). */
export const DEPOSIT_STATUS = { unchecked: 0, finished: 1, rejected: 2, invalid: 3 } as const;
export type DepositStatus = (typeof DEPOSIT_STATUS)[keyof typeof DEPOSIT_STATUS];

/** GET /api/quickCharge/info: one of our receiving addresses (`id` is the submit's `charge_id`). */
export type DepositNetwork = {
  id: number;
  address: string;
  currency_code: string;
  protocol_code: string;
  /** Ours (additive): tells two addresses of one network apart (finance's label, or the address's end). */
  label: string;
};

/** GET /api/quickCharge/wire_list: one bank pay way for wire deposits (`id` is the submit's `wire_id`). */
export type PayWay = {
  id: number;
  name: string;
  currency_code: string;
  bank_name: string;
  payee_name: string;
  payee_account: string;
  bank_swift: string;
};

/** GET /api/quickCharge/quick_ist: one deposit record; `number` in USD with 2 decimals. */
export type DepositRecord = {
  id: number;
  number: string;
  type: DepositType;
  currency_code: string;
  status: DepositStatus;
  created_at: string;
  remark: string;
};
export type DepositRecordPage = { data: DepositRecord[]; total: number };

/** What a deposit submit answers. */
export type DepositSubmitted = { id: number; status: DepositStatus };

// ---- withdrawals ----

/** Withdrawal currency `type` and bound method `draw_type`: 1 coin address, 2 bank account. */
export const DRAW_TYPE = { coin: 1, bank: 2 } as const;
export type DrawType = (typeof DRAW_TYPE)[keyof typeof DRAW_TYPE];

/** Withdrawal `status` (docs/states.md#withdraw-status). */
export const WITHDRAW_STATUS = { waiting: 0, paid: 1, rejected: 2 } as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUS)[keyof typeof WITHDRAW_STATUS];

/** `fee_type` 1: `draw_rate` is a fixed fee; any other: a percentage of the amount (docs/rules.md#withdraw-fee). */
export const FEE_TYPE_FIXED = 1;

/** GET /api/account/draw_symbol_list: a withdrawal currency; rates are exact decimal text. */
export type DrawSymbol = {
  id: number;
  code: string;
  protocol: string;
  draw_rate: string;
  fee_type: number;
  usd_price: string;
  /**
   * Decimals of the amount received in this currency (ours, additive: 8 BTC, 6 USDT, 2 USD; `currencyDecimals`):
   * `real_number` and the withdraw screen's preview keep them.
   */
  decimals: number;
};

/** GET /api/wallet/get_draw_method: a bound withdrawal method; `usable_at` (ours) ends its cooling period (ms). */
export type DrawMethod = {
  id: number;
  type: DrawType;
  dc_address: string;
  payee_account: string;
  payee_name: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  draw_currency: { id: number; code: string; protocol: string };
  usable_at: number;
};

/** GET /api/account/draw_list: one withdrawal; money as text, `status` (ours) beside the spec's `status_name`. */
export type WithdrawRecord = {
  id: number;
  number: string;
  real_number: string;
  draw_currency: { code: string };
  fee: string;
  status: WithdrawStatus;
  status_name: string;
  created_at: string;
  type: DrawType;
  address: string;
  payee_account: string;
  notes: string;
};
export type WithdrawRecordPage = { data: WithdrawRecord[]; total: number };

/** POST /api/account/draw answers the record and the balance after the hold. */
export type WithdrawPlaced = { record: WithdrawRecord; balance: string };

/**
 * Why a withdrawal cannot be made now (ours, beyond the spec: the cashier says which and links to the fix).
 * `until` (ms) for the time-bound ones. `real_name`: no identity submitted (or it was rejected);
 * `real_name_review`: submitted, waiting for review (added later: older clients show its sentence with no button).
 */
export const CASHIER_LOCKS = [
  'frozen',
  'real_name',
  'no_method',
  'cooling',
  'password',
  'no_free',
  'real_name_review',
] as const;
export type CashierLock = (typeof CASHIER_LOCKS)[number];

/** GET /api/account/draw_state: what the withdraw screen needs before a form. */
export type CashierState = {
  /** The first reason found, or null when a withdrawal can be made. */
  lock: CashierLock | null;
  until: number | null;
  reason: string;
  /** USD that may leave now: the free margin at live prices, never more than the balance. */
  free: string;
  cooling_ms: number;
};

// ---- the finance back office (docs/ops.md) ----

/**
 * The trader's account as finance needs it before deciding (ours, additive): frozen and why, identity verified,
 * balance and the withdrawals held, USD with 2 decimals.
 */
export type OpsFundsAccount = {
  frozen: boolean;
  frozen_reason: string;
  verified: boolean;
  balance: string;
  withdraw_hold: string;
};

/** A deposit as finance sees it; `amount` USD with 2 decimals, times epoch ms. */
export type OpsDeposit = {
  id: number;
  uid: string;
  email: string;
  type: DepositType;
  amount: string;
  currency_code: string;
  network: string;
  address: string;
  proof_img: string;
  /** Ours: how many deposits carry this proof (1; more only for deposits made before proofs were usable once). */
  proof_uses: number;
  /** USD finance found received and credited; null until approved. */
  received: string | null;
  /** The transaction hash or bank reference recorded on approval ('' before). */
  tx_ref: string;
  status: DepositStatus;
  remark: string;
  decided_by: string | null;
  decided_at: number | null;
  created_at: number;
  account: OpsFundsAccount;
};
export type OpsDepositPage = {
  data: OpsDeposit[];
  total: number;
  page: number;
  limit: number;
  server_time: number;
};
export type OpsDepositDecision = 'approve' | 'reject' | 'invalid';

export type OpsWithdrawal = {
  id: number;
  uid: string;
  email: string;
  type: DrawType;
  amount: string;
  fee: string;
  real_number: string;
  currency_code: string;
  protocol: string;
  address: string;
  payee_account: string;
  memo: string;
  status: WithdrawStatus;
  notes: string;
  decided_by: string | null;
  decided_at: number | null;
  created_at: number;
  account: OpsFundsAccount;
};
export type OpsWithdrawalPage = {
  data: OpsWithdrawal[];
  total: number;
  page: number;
  limit: number;
  server_time: number;
};
export type OpsWithdrawalDecision = 'pay' | 'reject';

/** What a decision answers: the record in its new state. */
export type OpsFundsDecided = { id: number; status: number };

/** A receiving address (type 0) or bank pay way (type 1) as finance edits it. */
export type OpsPayChannel = {
  id: number;
  type: DepositType;
  currency_code: string;
  protocol_code: string;
  address: string;
  name: string;
  bank_name: string;
  payee_name: string;
  payee_account: string;
  bank_swift: string;
  enabled: boolean;
  created_at: number;
  /** What traders see to tell channels apart (ours, additive): `name`, or currency · network · …address end. */
  label: string;
};

export type OpsDrawCurrency = DrawSymbol & { type: DrawType; enabled: boolean };

// ---- account statement (docs/calls.md#get-apistatement) ----

/** One movement of the trader's money in a statement: every ledger row but the margin moved to and from the lock. */
export type StatementMovement = {
  id: number;
  /** UTC `YYYY-MM-DD HH:mm:ss`. */
  time: string;
  type: LedgerType;
  /** The movement in the caller's language ("Fee of order 414"). */
  text: string;
  /** Signed USD, 2 decimals. */
  amount: string;
  /** Balance plus margin held, after it (USD, 2 decimals). */
  cash_after: string;
  /** The order it belongs to, when it belongs to one. */
  order_id: number | null;
};

/** A trade opened or closed in the period (a partial close is its own closed order, linked by `from_order`). */
export type StatementTrade = {
  id: number;
  code: string;
  /** 1 buy, 2 sell. */
  side: 1 | 2;
  lots: string;
  opened_at: string;
  open_price: string;
  /** '' while it is still open. */
  closed_at: string;
  close_price: string;
  /** Fee in USD (2 decimals), booked when it opened. */
  fee: string;
  /** Realised P/L in USD (2 decimals), booked when it closed; '0.00' while open. */
  profit: string;
  close_reason: string | null;
};

/** GET /api/statement: the trader's account over a period of UTC days, every figure equal to the ledger's cents. */
export type Statement = {
  from: string;
  to: string;
  uid: string;
  generated_at: string;
  /** Balance plus margin held at the start of `from` and the end of `to` (USD, 2 decimals). */
  opening_balance: string;
  closing_balance: string;
  /** Sums of the period's movements by kind (signed USD, 2 decimals): opening + all = closing. */
  totals: {
    deposits: string;
    withdrawals: string;
    fees: string;
    realised_pl: string;
    written_off: string;
    other: string;
  };
  movements: StatementMovement[];
  trades: StatementTrade[];
};
