/**
 * The wire contract of the market calls: the trade list, the categories and the candles; and the quote-age rule
 * trading follows (docs/rules.md#no-price).
 */
import type { MarginMode } from '../domain/trading';

/** One instrument of GET /v1/api/forex/trade_list with its latest quote and day statistics. */
export type TradeListItem = {
  Id: number;
  /** Feed code, e.g. `EURUSD`. */
  Code: string;
  /** Display code, e.g. `EUR/USD`. */
  ShowCode: string;
  /** Path of the instrument's SVG logo. */
  Logo: string;
  CategoryId: number;
  /** 1 open, 0 closed. */
  MarketStatus: number;
  PricePrecision: number;
  /** Lot step. */
  Pip: number;
  /** Minimum lots. */
  ForexMinCont: number;
  /** Units per lot. */
  ForexContNum: number;
  ForexFeeRate: number;
  MarginMode: MarginMode;
  /** The leverages offered; empty when none is configured. */
  HasForexMultiple: { Value: number }[];
  /** The currency P/L is made in before its conversion to USD. */
  QuoteCurrency: string;
  ForexQuotations: { Open: number; Close: number; Change: number };
  /** The bid (charts are built on it). */
  price: number;
  bid: number;
  ask: number;
  volume: number;
  high: number;
  low: number;
  /** Today's open (UTC day). */
  open: number;
  /** Yesterday's close. */
  closed: number;
  /** Epoch ms of the quote. */
  time: number;
};

/** GET /v1/api/forex/getCategories: names in the caller's language. */
export type Category = { Id: number; NameShowTrans: string };

/** One candle of GET /v1/api/forex/kline and abbreviated_cache_kline; `Time` is the bucket start, epoch ms (UTC). */
export type Candle = { Time: number; Open: number; High: number; Low: number; Close: number; Volume: number };

/**
 * A quote older than this (ms) is a frozen price: the instrument has "no price" for trading until the feed ticks
 * again (market orders and manual closes are refused with code 1250, the trade screen says so). The feed ticks every
 * open instrument several times a second, so only a stopped feed gets there.
 */
export const QUOTE_MAX_AGE_MS = 5_000;

/** Whether a quote stamped `quoteTime` is recent enough at `now` to trade at. */
export function quoteIsFresh(quoteTime: number, now: number, maxAgeMs: number = QUOTE_MAX_AGE_MS): boolean {
  return Number.isFinite(quoteTime) && now - quoteTime <= maxAgeMs;
}
