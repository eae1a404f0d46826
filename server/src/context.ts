/**
 * The platform every module is built on: config, storage, translations, mail, limits, a clock, the realtime bus and
 * the leadership lease. Built once by buildApp (app/platform.ts) and handed to every route plugin as its `ctx` option;
 * only tests read it back as `app.ctx`. Domain services (markets, trading, funds, social, ops, support) are not here:
 * app/services.ts builds them from these pieces and app/modules.ts hands each module's routes what they use.
 */
import path from 'node:path';
import type { Config } from './config';
import type { I18n } from './lib/i18n';
import type { RateLimiter, RateLimits } from './lib/rate-limit';
import type { Mailer, SmsProvider } from './modules/notify';
import type { EventBus } from './realtime/bus';
import type { Lease } from './realtime/lease';
import type { Presence } from './realtime/presence';
import type { DB, Storage } from './storage/db';

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
  /** Leadership among API nodes: only the leader runs the feed and the trading engine. */
  lease: Lease;
  /** Which traders have a signed-in socket on any node (the gateway tells it; Web Push asks it). */
  presence: Presence;
};

export function uploadsDirOf(config: Config): string {
  return path.join(config.dataDir, 'uploads');
}
