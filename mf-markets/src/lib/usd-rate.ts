/**
 * USD value of one unit of a quote currency from the live quotes (for the liquidation preview): 1 for USD, the bid
 * of `XXXUSD`, or 1 / bid of `USDXXX`; undefined when no instrument gives it.
 */
import type { DayMarketQuote } from '@meridian/shared';
import type { Instrument } from './instruments';

export function usdRateOf(
  currency: string | undefined,
  instruments: readonly Instrument[],
  quotes: ReadonlyMap<string, DayMarketQuote>,
): number | undefined {
  if (!currency || currency === 'USD') return 1;
  const priceOf = (code: string): number | undefined => {
    const q = quotes.get(code);
    if (q) return q.bid;
    const i = instruments.find((x) => x.Code === code);
    return i ? (i.bid ?? i.price) : undefined;
  };
  const direct = priceOf(`${currency}USD`);
  if (direct) return direct;
  const inverse = priceOf(`USD${currency}`);
  return inverse ? 1 / inverse : undefined;
}
