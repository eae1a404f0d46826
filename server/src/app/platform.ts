/**
 * The platform every module is built on (`AppContext`): storage, the rate limiter, mail, the realtime bus and the
 * leadership lease — Redis-backed when REDIS_URL is set, in-process otherwise — each replaceable by an override.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { uploadsDirOf } from '../context';
import type { I18n } from '../lib/i18n';
import { DEFAULT_RATE_LIMITS, MemoryRateLimiter, RedisRateLimiter, scaleLimits } from '../lib/rate-limit';
import type { RateLimiter } from '../lib/rate-limit';
import { OutboxMailer, SmtpMailer } from '../modules/notify';
import { createBus } from '../realtime/bus';
import { LocalLease, RedisLease } from '../realtime/lease';
import { LocalPresence, RedisPresence } from '../realtime/presence';
import { createStorage } from '../storage/db';
import type { AppOverrides } from './overrides';

function rateLimiter(config: Config, now: () => number): RateLimiter {
  if (!config.redisUrl) return new MemoryRateLimiter(now);
  // Redis down: limited calls answer 1008 (enforceLimit) and the node keeps running (health: degraded).
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }).on(
    'error',
    () => undefined,
  );
  return new RedisRateLimiter(redis, undefined, now);
}

export function createPlatform(
  config: Config,
  i18n: I18n,
  log: FastifyBaseLogger,
  overrides: AppOverrides,
): AppContext {
  const now = overrides.now ?? Date.now;
  const storage =
    overrides.storage ??
    createStorage({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema,
    });
  const mailer =
    overrides.mailer ??
    (config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.smtpFrom) : new OutboxMailer(storage.db, now));
  const lease =
    overrides.lease ??
    (config.redisUrl
      ? new RedisLease({
          redis: config.redisUrl,
          ttlMs: config.leaseTtlMs,
          onError: (err) => log.warn({ err }, 'lease: redis error'),
        })
      : new LocalLease());
  return {
    config,
    storage,
    db: storage.db,
    i18n,
    mailer,
    sms: overrides.sms ?? null,
    limiter: overrides.limiter ?? rateLimiter(config, now),
    limits: scaleLimits({ ...DEFAULT_RATE_LIMITS, ...overrides.limits }, config.rateLimitScale),
    now,
    uploadsDir: uploadsDirOf(config),
    bus: overrides.bus ?? createBus(config.redisUrl),
    lease,
    presence:
      overrides.presence ??
      (config.redisUrl
        ? new RedisPresence({
            redis: config.redisUrl,
            // Installations sharing one Redis keep apart by their database schema.
            prefix: `meridian:presence:${config.databaseSchema ?? 'public'}:`,
          })
        : new LocalPresence()),
  };
}
