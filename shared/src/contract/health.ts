/** The wire contract of GET /healthz (docs/ops.md#scale-out-and-health): one node's view of its dependencies. */

/** `ok`: everything this node needs works; `degraded`: it answers, but Redis is down or prices are frozen. */
export type HealthState = 'ok' | 'degraded';
/** `off`: no REDIS_URL (one node); `up` / `down`: the shared Redis as this node sees it now. */
export type RedisState = 'off' | 'up' | 'down';
/** `live`: the newest quote of an open instrument is within QUOTE_MAX_AGE_MS; `stale`: frozen; `closed`: nothing trades. */
export type FeedState = 'live' | 'stale' | 'closed';

export type Health = {
  status: HealthState;
  redis: RedisState;
  feed: FeedState;
  /** This node runs the feed and the trading engine (holds the lease). */
  leader: boolean;
  /** Age (ms) of the newest quote of an open instrument; null when none is open. */
  quoteAgeMs: number | null;
};
