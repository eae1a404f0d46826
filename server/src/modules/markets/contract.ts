/**
 * The contract between market data (instruments, price feed, candles: modules/markets) and its consumers (the
 * trading engine in modules/trading, the social ranking bots). The engine depends only on this interface, so a
 * real price provider can replace the simulator without touching it, and tests drive a deterministic fake.
 */

import type { FeedState, MarginMode } from '@meridian/shared/pure';

export type { MarginMode };

export type Instrument = {
  id: number;
  /** Feed code, e.g. `EURUSD`, `XAUUSD`, `US500`, `BTCUSD`. */
  code: string;
  /** Display code, e.g. `EUR/USD`. */
  showCode: string;
  categoryId: number;
  /** Decimals of the price. */
  pricePrecision: number;
  /** Lot step, as a decimal string (e.g. "0.01"). */
  pip: string;
  /** Minimum lots, as a decimal string. */
  minLots: string;
  /** Units per lot (ForexContNum). */
  contractSize: number;
  /** ForexFeeRate, as a decimal string. */
  feeRate: string;
  marginMode: MarginMode;
  /** HasForexMultiple values; empty means leverage is not configured. */
  leverages: number[];
  /** Currency the price is quoted in (P/L currency before conversion to USD), e.g. `USD`, `JPY`, `CHF`. */
  quoteCurrency: string;
};

/** The latest price of one instrument. */
export type Quote = {
  instrumentId: number;
  code: string;
  bid: number;
  ask: number;
  /** Epoch milliseconds. */
  time: number;
};

export interface MarketData {
  instruments(): readonly Instrument[];
  instrument(idOrCode: number | string): Instrument | undefined;
  /** Latest quote, or undefined before the first tick. */
  quote(instrumentId: number): Quote | undefined;
  /**
   * Whether the latest quote is recent enough at `now` to trade at (QUOTE_MAX_AGE_MS, docs/rules.md#no-price).
   * Optional: a market without it (a test fake driven by hand) is always fresh.
   */
  quoteFresh?(instrumentId: number, now: number): boolean;
  /** Age (ms) at `now` of the newest quote of an instrument open at `now`; null when none is open (health). */
  feedAge?(now: number): number | null;
  /** The feed as GET /healthz reports it: `live`, `stale` (the trading age rule) or `closed` (nothing open). */
  feedState?(now: number): FeedState;
  /**
   * The basis of today's change (the quotes list's `closed`: the previous UTC day's close of the bid), or undefined
   * when unknown. Optional: a market without it has no percent alerts.
   */
  dayBasis?(instrumentId: number): number | undefined;
  /** Whether the instrument trades at `now` (its schedule; MarketStatus 1). */
  isOpen(instrumentId: number, now: number): boolean;
  /** Every tick, in order, for every instrument. Returns an unsubscribe. */
  onTick(listener: (quote: Quote) => void): () => void;
  /**
   * Value of 1 unit of `currency` in USD (1 for USD) by the one conversion rule, `usdRateOf` of
   * @meridian/shared/pure. Undefined when no instrument provides the rate.
   */
  usdRate(currency: string): number | undefined;
}
