/** Inputs of the trading calls (query strings: everything arrives as text). */
import { z } from 'zod';
import { int, optInt, optStr } from '../../lib/validate';

/** A non-negative decimal given as number or text. */
const decimal = () =>
  z
    .union([z.number().nonnegative().finite(), z.string().trim()], { message: 'v.invalid' })
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .pipe(z.string().regex(/^\d{1,12}(?:\.\d{1,10})?$/, { message: 'v.invalid' }));

const optDecimal = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), decimal().optional());

export const submitQuery = z.object({
  type: int(1, 2),
  cont: decimal(),
  forex_id: int(1),
  status: optInt(0, 1).transform((v) => (v ?? 1) as 0 | 1),
  target_price: optDecimal(),
  stop_loss_price: optDecimal(),
  target_profit_price: optDecimal(),
  multiple: optInt(1, 100000),
  client_order_id: optStr(64).pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { message: 'v.invalid' })
      .optional(),
  ),
});

export const idQuery = z.object({ id: int(1) });

export const stopsQuery = z.object({
  id: int(1),
  target_profit_price: optDecimal(),
  stop_loss_price: optDecimal(),
});

export const dealQuery = z.object({
  status: optInt(0, 3).transform((v) => v ?? 1),
  page: optInt(1, 100000).transform((v) => v ?? 1),
  limit: optInt(1, 100).transform((v) => v ?? 10),
});

export const pageQuery = z.object({
  page: optInt(1, 100000).transform((v) => v ?? 1),
  limit: optInt(1, 100).transform((v) => v ?? 10),
});
