import type { RateLimiter, RateLimits } from '../lib/rate-limit';
import type { MarketOverrides } from '../modules/markets';
import type { Mailer, SmsProvider } from '../modules/notify';
import type { EventBus } from '../realtime/bus';
import type { Lease } from '../realtime/lease';
import type { Presence } from '../realtime/presence';
import type { PushOverrides } from '../modules/push';
import type { HealthOf } from '../modules/releases';
import type { Storage } from '../storage/db';

/** Pieces a test (or a bench) may supply instead of the ones buildApp would build. */
export type AppOverrides = {
  storage?: Storage;
  limiter?: RateLimiter;
  limits?: Partial<RateLimits>;
  sms?: SmsProvider | null;
  mailer?: Mailer;
  now?: () => number;
  bus?: EventBus;
  lease?: Lease;
  presence?: Presence;
  /** Where the log goes instead of stdout (tests read it back). */
  logStream?: { write(line: string): void };
  /** Delay before an unread agent reply is e-mailed to the trader. */
  supportMailDelayMs?: number;
  /** The per-version health the release guard reads, instead of the telemetry's. */
  releaseHealth?: HealthOf;
} & MarketOverrides &
  PushOverrides;
