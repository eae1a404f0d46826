/** Inputs of the funds calls and the shapes of their answers, each tied to the wire contract. */
import { z } from 'zod';
import { LEDGER_TYPE } from '@meridian/shared/pure';
import type { AccountFigures, Balance, LedgerPage } from '@meridian/shared/pure';
import { contract, wire } from '../../lib/contract';
import { optInt } from '../../lib/validate';

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
