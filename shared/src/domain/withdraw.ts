/**
 * The withdrawal fee and the amount received (docs/rules.md#withdraw-fee), one formula for the withdraw screen's
 * preview and the server's record. Exact decimal arithmetic on BigInt, each figure rounded once to 2 decimals, half
 * away from zero:
 *
 *   fee      = draw_rate                    when fee_type is 1 (fixed)
 *            = amount x draw_rate / 100     otherwise (a percentage)
 *   received = max(0, (amount - fee) x usd_price)
 *
 * `usd_price` multiplies: it is what one USD of the balance is worth in the currency paid out. The fee is rounded to
 * cents (it is booked in USD); the amount received keeps the paid currency's own precision (`decimals`: 8 for BTC, 6
 * for USDT, 2 for USD, 0 for JPY), so a trader paid in BTC is not cut to 0.01 BTC steps.
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

/** n / 10^s rounded to `d` decimals, half away from zero (n >= 0), as text with exactly `d` decimals. */
function roundedText(v: Scaled, d: number): string {
  let units: bigint;
  if (v.s <= d) units = v.n * 10n ** BigInt(d - v.s);
  else {
    const den = 10n ** BigInt(v.s - d);
    units = (v.n * 2n + den) / (den * 2n);
  }
  if (d === 0) return units.toString();
  const p = 10n ** BigInt(d);
  return `${units / p}.${(units % p).toString().padStart(d, '0')}`;
}

/** Coins whose usual precision is not 8 decimals (more than 8 is capped: rates carry at most 8). */
const COIN_DECIMALS: Record<string, number> = { USDT: 6, USDC: 6, TRX: 6, XRP: 6, ADA: 6 };

/**
 * The decimals an amount of `code` is paid in: a bank currency (`type` 2) its ISO 4217 minor units (2 unless Intl
 * says otherwise, e.g. 0 for JPY), a coin its usual precision (8 unless listed: 6 for USDT), never above 8.
 */
export function currencyDecimals(code: string, type: number): number {
  const c = code.toUpperCase();
  if (type === 2) {
    try {
      const d = new Intl.NumberFormat('en', { style: 'currency', currency: c }).resolvedOptions()
        .maximumFractionDigits;
      return Math.min(8, Math.max(0, d ?? 2));
    } catch {
      return 2;
    }
  }
  return COIN_DECIMALS[c] ?? 8;
}

export type WithdrawQuote = {
  fee: string;
  /** In the currency paid out, with its `decimals` (2 when the currency does not say). */
  received: string;
  feeCents: number;
  amountCents: number;
};

/** True when `received` is zero (whatever its decimals): the amount does not cover the fee. */
export const isZeroAmount = (v: string): boolean => /^0(?:\.0*)?$/.test(v);

/**
 * The fee and the amount received for `amount` (USD text) in a currency; null when the amount or the currency's
 * rates are not plain decimals (the screen shows a dash).
 */
export function withdrawQuote(
  amount: string,
  cur: { draw_rate: string; fee_type: number; usd_price: string; decimals?: number },
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
  const d = cur.decimals ?? 2;
  const received = roundedText({ n: net <= 0n ? 0n : net * price.n, s: 2 + price.s }, d);
  return {
    fee: centsText(feeCents),
    received,
    feeCents: Number(feeCents),
    amountCents: Number(amountCents),
  };
}

/** A new price per USD more than this many times above or below the previous one needs a second confirmation. */
export const PRICE_BAND_FACTOR = 2;

/**
 * Whether a new `usd_price` is outside the plausible band around the previous one (× or ÷ PRICE_BAND_FACTOR):
 * 60000 instead of 0.0000166 is; a market move is not. False when either is not a rate.
 */
export function priceOutsideBand(before: string, after: string): boolean {
  if (!RATE.test(before) || !RATE.test(after)) return false;
  const at8 = (v: string) => {
    const { n, s } = scaled(v);
    return n * 10n ** BigInt(8 - s);
  };
  const b = at8(before);
  const a = at8(after);
  if (b === 0n || a === 0n) return a !== b;
  const f = BigInt(PRICE_BAND_FACTOR);
  return a > b * f || a * f < b;
}
