/** Inputs of the trading calls (query strings: everything arrives as text). */
import { z } from 'zod';
import { ERROR_CODES } from '@meridian/shared/pure';
import { int, optInt, optStr } from '../../lib/validate';

/** A non-negative decimal given as number or text. */
const decimal = () =>
  z
    .union([z.number().nonnegative().finite(), z.string().trim()], { message: 'v.invalid' })
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .pipe(z.string().regex(/^\d{1,12}(?:\.\d{1,10})?$/, { message: 'v.invalid' }));

const optDecimal = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), decimal().optional());

const STOP_PRICE = /^\d{1,12}(?:\.\d{1,10})?$/;
/**
 * A stop loss or take profit level: a plain decimal, 0 or absent for none. A negative, non-numeric or hostile value
 * (exponent, hex, NaN, Infinity, a repeated parameter, 30 decimals) is refused with its own code, so a level the
 * trader meant is never stored as "none".
 */
const stopPrice = () =>
  z
    .unknown()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return undefined;
      const text = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : null;
      if (text === null || !STOP_PRICE.test(text)) {
        ctx.addIssue({
          code: 'custom',
          message: 'trade.stopPriceInvalid',
          params: { code: ERROR_CODES.stopPriceInvalid },
        });
        return z.NEVER;
      }
      return text;
    })
    .optional();

export const submitQuery = z.object({
  type: int(1, 2),
  cont: decimal(),
  forex_id: int(1),
  status: optInt(0, 1).transform((v) => (v ?? 1) as 0 | 1),
  target_price: optDecimal(),
  stop_loss_price: stopPrice(),
  target_profit_price: stopPrice(),
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
  target_profit_price: stopPrice(),
  stop_loss_price: stopPrice(),
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
