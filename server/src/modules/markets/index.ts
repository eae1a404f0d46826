/**
 * The markets module's public surface: the MarketData contract its consumers (trading, social) depend on, and
 * createMarkets, which builds the price feed (the simulator unless overridden) and the market service implementing
 * MarketData on it.
 */
import crypto from 'node:crypto';
import { QUOTE_MAX_AGE_MS } from '@meridian/shared/pure';
import type { Config } from '../../config';
import type { EventBus } from '../../realtime/bus';
import type { Lease } from '../../realtime/lease';
import type { DB } from '../../storage/db';
import type { MarketData } from './contract';
import { SimulatedFeed } from './feed';
import type { PriceFeed } from './feed';
import { MarketService } from './service';

export type { Instrument, MarginMode, MarketData, Quote } from './contract';
export type { PriceFeed } from './feed';
export { changePercent, MarketService } from './service';
export { tradeRow } from './trade-row';

export type MarketOverrides = {
  market?: MarketData;
  feed?: PriceFeed;
  /** Run the feed on real timers when leader. Default: true, except with NODE_ENV=test. */
  feedAutoStart?: boolean;
  /**
   * Quotes older than this (ms) are not traded at. Default QUOTE_MAX_AGE_MS when the feed runs on its timers; none
   * when tests drive it by hand (they set it to test the rule).
   */
  quoteMaxAgeMs?: number | null;
};

/** What the markets module provides: the market data, and the feed behind it. */
export type Markets = {
  market: MarketData;
  /** A SimulatedFeed unless overridden (tests: step/advance/setPrice). */
  feed: PriceFeed;
};

type Log = { warn: (obj: unknown, msg?: string) => void; error: (obj: unknown, msg?: string) => void };

export function createMarkets(
  config: Config,
  deps: { db: DB; bus: EventBus; lease: Lease; now: () => number; log?: Log },
  overrides: MarketOverrides = {},
): Markets {
  const test = config.nodeEnv === 'test';
  const { lease } = deps;
  const seed = test ? 1 : crypto.randomInt(1, 2 ** 31 - 1);
  const feed =
    overrides.feed ??
    new SimulatedFeed({
      seed,
      now: deps.now,
      onError: (err) => deps.log?.error({ err }, 'tick listener failed'),
    });
  const market =
    overrides.market ??
    new MarketService({
      db: deps.db,
      bus: deps.bus,
      lease,
      feed,
      now: deps.now,
      historySeed: seed,
      autoStart: overrides.feedAutoStart ?? !test,
      maxQuoteAgeMs:
        overrides.quoteMaxAgeMs !== undefined
          ? overrides.quoteMaxAgeMs
          : (overrides.feedAutoStart ?? !test)
            ? QUOTE_MAX_AGE_MS
            : null,
      ...(deps.log ? { log: deps.log } : {}),
    });
  return { market, feed };
}
