/**
 * USD value of one unit of a quote currency from the live quotes (for the liquidation preview), by the one rule the
 * server books with (`usdRateOf` of @meridian/shared/pure: the mid of `XXXUSD` or 1 / the mid of `USDXXX`). A quote
 * not yet received live is taken from the trade list.
 */
import type { DayMarketQuote } from '@meridian/shared';
import { usdRateFollowsPrice as followsPrice, usdRateOf as rateFromQuotes } from '@meridian/shared/pure';
import type { Instrument } from './instruments';

export function usdRateOf(
  currency: string | undefined,
  instruments: readonly Instrument[],
  quotes: ReadonlyMap<string, DayMarketQuote>,
): number | undefined {
  if (!currency) return 1;
  return rateFromQuotes(currency, (code) => quotes.get(code) ?? instruments.find((x) => x.Code === code));
}

/** Whether this instrument's P/L converts at a rate read from its own price (USD/JPY); see @meridian/shared/pure. */
export function usdRateFollowsPrice(
  inst: { Code: string; QuoteCurrency?: string },
  instruments: readonly Instrument[],
): boolean {
  if (!inst.QuoteCurrency) return false;
  return followsPrice(inst.Code, inst.QuoteCurrency, (code) => instruments.some((x) => x.Code === code));
}
