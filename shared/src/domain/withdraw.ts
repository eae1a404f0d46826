/**
 * The withdrawal fee and the amount received (docs/rules.md#withdraw-fee), one formula for the withdraw screen's
 * preview and the server's record. Exact decimal arithmetic on BigInt, each figure rounded once to 2 decimals, half
 * away from zero:
 *
 *   fee      = draw_rate                    when fee_type is 1 (fixed)
 *            = amount x draw_rate / 100     otherwise (a percentage)
 *   received = max(0, (amount - fee) x usd_price)
 *
 * `usd_price` multiplies: it is what one USD of the balance is worth in the currency paid out.
 */
import { FEE_TYPE_FIXED } from '../contract/funds';

/** USD text the way the money calls take it: digits, at most 2 decimals, at most 9 integer digits. */
const MONEY = /^\d{1,9}(?:\.\d{1,2})?$/;
/** A rate or price: plain decimal text, at most 8 decimals. */
const RATE = /^\d{1,12}(?:\.\d{1,8})?$/;

export const isMoneyText = (v: string): boolean => MONEY.test(v);

/**
 * What a USD amount field (deposit, withdrawal) takes, for the shared number field: the money calls' own bounds
 * (2 decimals, more than 0, at most 9 integer digits), so a field that reads as valid is never refused for its form.
 */
export const MONEY_FIELD = { decimals: 2, min: '0.01', max: '999999999.99' } as const;

/** "12.3" -> 1230 (exact; the text must pass isMoneyText). */
export function moneyToCents(v: string): number {
  if (!MONEY.test(v)) throw new Error(`not an amount: ${v}`);
  const [int = '0', frac = ''] = v.split('.');
  return Number(int) * 100 + Number(frac.padEnd(2, '0'));
}

type Scaled = { n: bigint; s: number };

function scaled(v: string): Scaled {
  const [int = '0', frac = ''] = v.split('.');
  return { n: BigInt(int + frac), s: frac.length };
}

/** n / 10^s rounded to cents, half away from zero (n >= 0 here). */
function toCents(v: Scaled): bigint {
  if (v.s <= 2) return v.n * 10n ** BigInt(2 - v.s);
  const den = 10n ** BigInt(v.s - 2);
  return (v.n * 2n + den) / (den * 2n);
}

const centsText = (c: bigint): string => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;

export type WithdrawQuote = { fee: string; received: string; feeCents: number; amountCents: number };

/**
 * The fee and the amount received for `amount` (USD text) in a currency; null when the amount or the currency's
 * rates are not plain decimals (the screen shows a dash).
 */
export function withdrawQuote(
  amount: string,
  cur: { draw_rate: string; fee_type: number; usd_price: string },
): WithdrawQuote | null {
  const a = amount.trim();
  if (!MONEY.test(a) || !RATE.test(cur.draw_rate) || !RATE.test(cur.usd_price)) return null;
  const amt = scaled(a);
  const amountCents = toCents(amt);
  const rate = scaled(cur.draw_rate);
  const feeCents =
    cur.fee_type === FEE_TYPE_FIXED ? toCents(rate) : toCents({ n: amt.n * rate.n, s: amt.s + rate.s + 2 });
  const net = amountCents - feeCents;
  const price = scaled(cur.usd_price);
  const received = net <= 0n ? 0n : toCents({ n: net * price.n, s: 2 + price.s });
  return {
    fee: centsText(feeCents),
    received: centsText(received),
    feeCents: Number(feeCents),
    amountCents: Number(amountCents),
  };
}
