/**
 * Builds the market parts of the app context: the lease (Redis when configured, else always leader), the price feed
 * (the simulator unless overridden) and the market service implementing MarketData.
 */
import crypto from 'node:crypto';
import type { Config } from '../../config';
import type { EventBus } from '../../realtime/bus';
import { LocalLease, RedisLease } from '../../realtime/lease';
import type { Lease } from '../../realtime/lease';
import type { DB } from '../../storage/db';
import type { MarketData } from './contract';
import { SimulatedFeed } from './feed';
import type { PriceFeed } from './feed';
import { MarketService } from './service';

export type MarketOverrides = {
  market?: MarketData;
  feed?: PriceFeed;
  lease?: Lease;
  /** Run the feed on real timers when leader. Default: true, except with NODE_ENV=test. */
  feedAutoStart?: boolean;
};

type Log = { warn: (obj: unknown, msg?: string) => void; error: (obj: unknown, msg?: string) => void };

export function createMarkets(
  config: Config,
  deps: { db: DB; bus: EventBus; now: () => number; log?: Log },
  overrides: MarketOverrides = {},
): { market: MarketData; feed: PriceFeed; lease: Lease } {
  const test = config.nodeEnv === 'test';
  const lease =
    overrides.lease ??
    (config.redisUrl
      ? new RedisLease({
          redis: config.redisUrl,
          onError: (err) => deps.log?.warn({ err }, 'lease: redis error'),
        })
      : new LocalLease());
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
      ...(deps.log ? { log: deps.log } : {}),
    });
  return { market, feed, lease };
}
