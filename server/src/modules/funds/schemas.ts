/** Inputs of the funds calls and the shapes of their answers, each tied to the wire contract. */
import { z } from 'zod';
import { CASHIER_LOCKS, isMoneyText, LEDGER_TYPE, moneyToCents } from '@meridian/shared/pure';
import type {
  AccountFigures,
  Balance,
  CashierState,
  DepositNetwork,
  DepositRecordPage,
  DepositSubmitted,
  DrawMethod,
  DrawSymbol,
  LedgerPage,
  OpsDepositPage,
  OpsDrawCurrency,
  OpsFundsDecided,
  OpsPayChannel,
  OpsWithdrawalPage,
  PayWay,
  Statement,
  WithdrawPlaced,
  WithdrawRecordPage,
} from '@meridian/shared/pure';
import { contract, wire } from '../../lib/contract';
import { id as rowId, int, optInt, optStr, str } from '../../lib/validate';

export const pageQuery = z.object({
  page: optInt(1, 100000).transform((v) => v ?? 1),
  limit: optInt(1, 100).transform((v) => v ?? 10),
});

const { cents, micros, time } = wire;
const percent = z.string().regex(/^-?\d+\.\d{2}$/);

export const balanceSchema = contract<Balance>()(z.strictObject({ balance: cents, lock_balance: cents }));

export const accountFiguresSchema = contract<AccountFigures>()(
  z.strictObject({
    balance: cents,
    lock_balance: cents,
    equity: micros,
    used_margin: micros,
    free_margin: micros,
    margin_level: percent.nullable(),
    floating_profit: micros,
    stop_out_level: percent,
    positions: z.number().int().min(0),
  }),
);

/** GET /api/statement: two UTC days, `YYYY-MM-DD` (checked as real days, in order, by the statement). */
export const statementQuery = z.object({ from: str(10), to: str(10) });

const ledgerType = z.literal(Object.values(LEDGER_TYPE));
export const statementSchema = contract<Statement>()(
  z.strictObject({
    from: z.string(),
    to: z.string(),
    uid: z.string(),
    generated_at: time,
    opening_balance: cents,
    closing_balance: cents,
    totals: z.strictObject({
      deposits: cents,
      withdrawals: cents,
      fees: cents,
      realised_pl: cents,
      written_off: cents,
      other: cents,
    }),
    movements: z.array(
      z.strictObject({
        id: z.number().int(),
        time,
        type: ledgerType,
        text: z.string(),
        amount: cents,
        cash_after: cents,
        order_id: z.number().int().nullable(),
      }),
    ),
    trades: z.array(
      z.strictObject({
        id: z.number().int(),
        code: z.string(),
        side: z.literal([1, 2]),
        lots: z.string(),
        opened_at: time,
        open_price: z.string(),
        closed_at: time,
        close_price: z.string(),
        fee: cents,
        profit: cents,
        close_reason: z.string().nullable(),
      }),
    ),
  }),
);

export const ledgerPageSchema = contract<LedgerPage>()(
  z.strictObject({
    list: z.array(
      z.strictObject({
        Id: z.number().int(),
        Value: cents,
        BalanceAfter: cents,
        Type: z.literal(Object.values(LEDGER_TYPE)),
        Memo: z.string(),
        MemoTran: z.string(),
        CreatedAtTran: time,
      }),
    ),
    total: z.number().int().min(0),
  }),
);

// ---- deposits, withdrawals, the wallet ----

/**
 * USD amount as the money calls take it: plain digits with at most 2 decimals, more than 0, at most 9 integer digits.
 * Exponents, hex, NaN, Infinity, signs, 30 decimals and a repeated parameter (an array) are refused before any
 * arithmetic.
 */
export const money = () =>
  z
    .union([z.string(), z.number()], { message: 'v.required' })
    .transform((v) => (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'x') : v.trim()))
    .pipe(
      z
        .string()
        .min(1, { message: 'v.required' })
        .refine((v) => isMoneyText(v), { message: 'v.amount' })
        .refine((v) => isMoneyText(v) && moneyToCents(v) > 0, { message: 'v.amountPositive' }),
    );

/** A decimal rate or price for ops: at most 12 integer digits and 8 decimals. */
const rate = () =>
  z
    .string({ message: 'v.required' })
    .trim()
    .regex(/^\d{1,12}(?:\.\d{1,8})?$/, { message: 'v.invalid' });

/** A single-line text without markup or control characters. */
const optText = (max: number) =>
  optStr(max).pipe(
    z
      .string()
      .regex(/^[^<>\p{Cc}]+$/u, { message: 'v.invalid' })
      .optional(),
  );

export const coinDepositQuery = z.object({
  number: money(),
  proofImg: str(300),
  address: str(128),
  charge_id: rowId(),
});

export const wireDepositQuery = z.object({
  number: money(),
  proofImg: str(300),
  wire_id: rowId(),
});

export const depositRecordsQuery = z.object({
  type: int(0, 1),
  page: optInt(1, 100000).transform((v) => v ?? 1),
  limit: optInt(1, 50).transform((v) => v ?? 10),
});

export const drawSymbolQuery = z.object({ type: int(1, 2) });

export const drawBody = z.object({
  draw_currency_id: rowId(),
  number: money(),
  memo: optText(200),
  draw_method_id: rowId(),
});

export const drawListQuery = z.object({
  type: int(1, 2),
  page: optInt(1, 100000).transform((v) => v ?? 1),
  limit: optInt(1, 50).transform((v) => v ?? 10),
});

export const drawMethodQuery = z.object({ draw_type: int(1, 2), draw_id: optInt(1) });

export const bindBody = z.object({
  type: int(1, 2),
  draw_id: optInt(1),
  dc_address: optStr(128),
  network: optStr(16),
  bank_name: optText(100),
  bank_address: optText(200),
  bank_swift: optStr(16).transform((v) => v?.toUpperCase()),
  payee_name: optText(100),
  payee_account: optStr(64).pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9 -]{4,34}$/, { message: 'v.invalid' })
      .optional(),
  ),
  branch_name: optText(100),
  receive_currency: optStr(16).pipe(
    z
      .string()
      .regex(/^[A-Za-z]{3,10}$/, { message: 'v.invalid' })
      .optional(),
  ),
  remark: optText(200),
});

export const idBody = z.object({ id: rowId() });

const { ms } = wire;
const id = z.number().int().min(1);
const depositType = z.union([z.literal(0), z.literal(1)]);
const depositStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
const drawType = z.union([z.literal(1), z.literal(2)]);
const withdrawStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const decimalText = z.string().regex(/^\d+(?:\.\d+)?$/);

export const depositNetworksSchema = contract<DepositNetwork[]>()(
  z.array(
    z.strictObject({
      id,
      address: z.string(),
      currency_code: z.string(),
      protocol_code: z.string(),
      label: z.string(),
    }),
  ),
);

export const payWaysSchema = contract<PayWay[]>()(
  z.array(
    z.strictObject({
      id,
      name: z.string(),
      currency_code: z.string(),
      bank_name: z.string(),
      payee_name: z.string(),
      payee_account: z.string(),
      bank_swift: z.string(),
    }),
  ),
);

export const depositSubmittedSchema = contract<DepositSubmitted>()(
  z.strictObject({ id, status: depositStatus }),
);

export const depositRecordPageSchema = contract<DepositRecordPage>()(
  z.strictObject({
    data: z.array(
      z.strictObject({
        id,
        number: cents,
        type: depositType,
        currency_code: z.string(),
        status: depositStatus,
        created_at: time,
        remark: z.string(),
      }),
    ),
    total: z.number().int().min(0),
  }),
);

export const drawSymbolsSchema = contract<DrawSymbol[]>()(
  z.array(
    z.strictObject({
      id,
      code: z.string(),
      protocol: z.string(),
      draw_rate: decimalText,
      fee_type: z.number().int(),
      usd_price: decimalText,
      decimals: z.number().int().min(0).max(8),
    }),
  ),
);

const withdrawRecord = z.strictObject({
  id,
  number: cents,
  real_number: decimalText,
  draw_currency: z.strictObject({ code: z.string() }),
  fee: cents,
  status: withdrawStatus,
  status_name: z.string(),
  created_at: time,
  type: drawType,
  address: z.string(),
  payee_account: z.string(),
  notes: z.string(),
});

export const withdrawRecordPageSchema = contract<WithdrawRecordPage>()(
  z.strictObject({ data: z.array(withdrawRecord), total: z.number().int().min(0) }),
);

export const withdrawPlacedSchema = contract<WithdrawPlaced>()(
  z.strictObject({ record: withdrawRecord, balance: cents }),
);

const drawMethod = z.strictObject({
  id,
  type: drawType,
  dc_address: z.string(),
  payee_account: z.string(),
  payee_name: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  draw_currency: z.strictObject({ id, code: z.string(), protocol: z.string() }),
  usable_at: ms,
});
export const drawMethodSchema = contract<DrawMethod>()(drawMethod);
export const drawMethodsSchema = contract<DrawMethod[]>()(z.array(drawMethod));

export const cashierStateSchema = contract<CashierState>()(
  z.strictObject({
    lock: z.enum(CASHIER_LOCKS).nullable(),
    until: ms.nullable(),
    reason: z.string(),
    free: cents,
    cooling_ms: ms,
  }),
);

// ---- the finance back office ----

export const opsQueueQuery = z.object({
  status: optInt(0, 3).transform((v) => v ?? 0),
  page: optInt(1, 100000).transform((v) => v ?? 1),
  limit: optInt(1, 100).transform((v) => v ?? 50),
});

export const opsDepositDecideBody = z
  .object({
    id: rowId(),
    decision: z.enum(['approve', 'reject', 'invalid'], { message: 'v.oneOf' }),
    reason: optText(500),
    /** Approve: USD actually received (what is credited; the declared amount when absent). */
    received: money().optional(),
    /** Approve: the transaction hash or bank reference, required, recorded once. */
    tx_ref: optStr(128).pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9 ._:/-]{3,127}$/, { message: 'v.invalid' })
        .optional(),
    ),
  })
  .superRefine((b, c) => {
    if (b.decision === 'reject' && !b.reason)
      c.addIssue({ code: 'custom', path: ['reason'], message: 'v.reasonRequired' });
    if (b.decision === 'approve' && !b.tx_ref)
      c.addIssue({ code: 'custom', path: ['tx_ref'], message: 'v.required' });
  });

export const opsWithdrawalDecideBody = z
  .object({
    id: rowId(),
    decision: z.enum(['pay', 'reject'], { message: 'v.oneOf' }),
    reference: optText(200),
    reason: optText(500),
  })
  .superRefine((b, c) => {
    if (b.decision === 'pay' && !b.reference)
      c.addIssue({ code: 'custom', path: ['reference'], message: 'v.required' });
    if (b.decision === 'reject' && !b.reason)
      c.addIssue({ code: 'custom', path: ['reason'], message: 'v.reasonRequired' });
  });

export const opsChannelBody = z
  .object({
    type: int(0, 1),
    currency_code: str(16).pipe(z.string().regex(/^[A-Za-z0-9]{2,10}$/, { message: 'v.invalid' })),
    protocol_code: optStr(16).pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9]{2,16}$/, { message: 'v.invalid' })
        .optional(),
    ),
    address: optStr(128),
    name: optText(100),
    bank_name: optText(100),
    payee_name: optText(100),
    payee_account: optStr(64).pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9 -]{4,34}$/, { message: 'v.invalid' })
        .optional(),
    ),
    bank_swift: optStr(16).transform((v) => v?.toUpperCase()),
  })
  .superRefine((b, c) => {
    const need =
      b.type === 0
        ? (['protocol_code', 'address'] as const)
        : (['name', 'bank_name', 'payee_name', 'payee_account', 'bank_swift'] as const);
    for (const k of need) if (!b[k]) c.addIssue({ code: 'custom', path: [k], message: 'v.required' });
  });

export const opsEnableBody = z.object({ id: rowId(), enabled: int(0, 1) });

export const opsCurrencyBody = z.object({
  id: optInt(1),
  type: int(1, 2),
  code: str(16).pipe(z.string().regex(/^[A-Za-z0-9]{2,10}$/, { message: 'v.invalid' })),
  protocol: str(16).pipe(z.string().regex(/^[A-Za-z0-9]{2,16}$/, { message: 'v.invalid' })),
  draw_rate: rate(),
  fee_type: int(1, 2),
  usd_price: rate().refine((v) => /[1-9]/.test(v), { message: 'v.invalid' }),
  enabled: optInt(0, 1).transform((v) => v ?? 1),
  /** 1: the price is meant even though it is far from the previous one (the second confirmation). */
  confirm: optInt(0, 1).transform((v) => v === 1),
});

const opsFundsAccount = z.strictObject({
  frozen: z.boolean(),
  frozen_reason: z.string(),
  verified: z.boolean(),
  balance: cents,
  withdraw_hold: cents,
});

const opsDeposit = z.strictObject({
  id,
  uid: z.string(),
  email: z.string(),
  type: depositType,
  amount: cents,
  currency_code: z.string(),
  network: z.string(),
  address: z.string(),
  proof_img: z.string(),
  proof_uses: z.number().int().min(0),
  received: cents.nullable(),
  tx_ref: z.string(),
  status: depositStatus,
  remark: z.string(),
  decided_by: z.string().nullable(),
  decided_at: ms.nullable(),
  created_at: ms,
  account: opsFundsAccount,
});
export const opsDepositPageSchema = contract<OpsDepositPage>()(
  z.strictObject({
    data: z.array(opsDeposit),
    total: z.number().int().min(0),
    page: z.number().int(),
    limit: z.number().int(),
    server_time: ms,
  }),
);

const opsWithdrawal = z.strictObject({
  id,
  uid: z.string(),
  email: z.string(),
  type: drawType,
  amount: cents,
  fee: cents,
  real_number: decimalText,
  currency_code: z.string(),
  protocol: z.string(),
  address: z.string(),
  payee_account: z.string(),
  memo: z.string(),
  status: withdrawStatus,
  notes: z.string(),
  decided_by: z.string().nullable(),
  decided_at: ms.nullable(),
  created_at: ms,
  account: opsFundsAccount,
});
export const opsWithdrawalPageSchema = contract<OpsWithdrawalPage>()(
  z.strictObject({
    data: z.array(opsWithdrawal),
    total: z.number().int().min(0),
    page: z.number().int(),
    limit: z.number().int(),
    server_time: ms,
  }),
);

export const opsDecidedSchema = contract<OpsFundsDecided>()(
  z.strictObject({ id, status: z.number().int().min(0).max(3) }),
);

const opsChannel = z.strictObject({
  id,
  type: depositType,
  currency_code: z.string(),
  protocol_code: z.string(),
  address: z.string(),
  name: z.string(),
  bank_name: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  bank_swift: z.string(),
  enabled: z.boolean(),
  created_at: ms,
  label: z.string(),
});
export const opsChannelSchema = contract<OpsPayChannel>()(opsChannel);
export const opsChannelsSchema = contract<OpsPayChannel[]>()(z.array(opsChannel));

const opsCurrency = z.strictObject({
  id,
  type: drawType,
  code: z.string(),
  protocol: z.string(),
  draw_rate: decimalText,
  fee_type: z.number().int(),
  usd_price: decimalText,
  decimals: z.number().int().min(0).max(8),
  enabled: z.boolean(),
});
export const opsCurrencySchema = contract<OpsDrawCurrency>()(opsCurrency);
export const opsCurrenciesSchema = contract<OpsDrawCurrency[]>()(z.array(opsCurrency));
