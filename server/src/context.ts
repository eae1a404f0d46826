/** What route modules get: config, storage, translations, mail, limits, a clock and the realtime bus. Built once by buildApp. */
import path from 'node:path';
import type { Config } from './config';
import type { I18n } from './lib/i18n';
import type { RateLimiter, RateLimits } from './lib/rate-limit';
import type { Mailer, SmsProvider } from './modules/notify/mailer';
import type { EventBus } from './realtime/bus';
import type { Lease } from './realtime/lease';
import type { MarketData } from './modules/markets/contract';
import type { PriceFeed } from './modules/markets/feed';
import type { DB, Storage } from './storage/db';
import type { OpsDashboardRegistry } from './modules/ops/dashboard';

export type AppContext = {
  config: Config;
  storage: Storage;
  db: DB;
  i18n: I18n;
  mailer: Mailer;
  sms: SmsProvider | null;
  limiter: RateLimiter;
  limits: RateLimits;
  now: () => number;
  uploadsDir: string;
  /** Realtime events to the sockets (in-process, or Redis across API nodes). */
  bus: EventBus;
  /** Market data (instruments, quotes, candles): modules/markets. A MarketService unless overridden. */
  market: MarketData;
  /** The price feed behind `market`: a SimulatedFeed unless overridden (tests: step/advance/setPrice). */
  feed: PriceFeed;
  /** Leadership among API nodes: only the leader runs the feed (and the trading engine). */
  lease: Lease;
  /** Ops dashboard counts registered by the modules (modules/ops/dashboard.ts). */
  opsDashboard: OpsDashboardRegistry;
};

export function uploadsDirOf(config: Config): string {
  return path.join(config.dataDir, 'uploads');
}
