/**
 * Fixed-window counters for abuse limits (login, register, code sending) per IP and per account.
 * In memory in embedded mode; in Redis when REDIS_URL is set, so that several API nodes share the counts.
 */
import type { Redis } from 'ioredis';

export type HitResult = { allowed: boolean; count: number; retryAfterSec: number };

export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<HitResult>;
  /** The count of a live window without adding to it (0 and 0 s when there is none). */
  peek?(key: string): Promise<{ count: number; retryAfterSec: number }>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowMs: number): Promise<HitResult> {
    const t = this.now();
    this.sweep(t);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= t) {
      w = { count: 0, resetAt: t + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return {
      allowed: w.count <= limit,
      count: w.count,
      retryAfterSec: Math.max(1, Math.ceil((w.resetAt - t) / 1000)),
    };
  }

  async peek(key: string): Promise<{ count: number; retryAfterSec: number }> {
    const t = this.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= t) return { count: 0, retryAfterSec: 0 };
    return { count: w.count, retryAfterSec: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
  }

  private sweep(t: number) {
    if (t - this.lastSweep < 60_000) return;
    this.lastSweep = t;
    for (const [k, w] of this.windows) if (w.resetAt <= t) this.windows.delete(k);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

/**
 * One hit in Redis, windows timed by the caller's clock (ARGV[1], so tests can inject one): the count and the end of
 * the window live in a hash; the key expires with the window so idle keys go away.
 */
const SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local w = redis.call('HMGET', KEYS[1], 'c', 'r')
local c = tonumber(w[1])
local r = tonumber(w[2])
if not c or not r or r <= now then
  c = 1
  r = now + window
  redis.call('HSET', KEYS[1], 'c', c, 'r', r)
  redis.call('PEXPIRE', KEYS[1], window)
else
  c = redis.call('HINCRBY', KEYS[1], 'c', 1)
end
return {c, r - now}`;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    /** Not `meridian:rl:`: the counters of earlier versions were plain integers under that prefix. */
    private readonly prefix = 'meridian:rlw:',
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<HitResult> {
    const [count, left] = (await this.redis.eval(
      SCRIPT,
      1,
      this.prefix + key,
      String(this.now()),
      String(windowMs),
    )) as [number, number];
    return { allowed: count <= limit, count, retryAfterSec: Math.max(1, Math.ceil(left / 1000)) };
  }

  async peek(key: string): Promise<{ count: number; retryAfterSec: number }> {
    const [c, r] = await this.redis.hmget(this.prefix + key, 'c', 'r');
    const left = Number(r) - this.now();
    if (!c || !r || !(left > 0)) return { count: 0, retryAfterSec: 0 };
    return { count: Number(c), retryAfterSec: Math.max(1, Math.ceil(left / 1000)) };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

/** The limits (count per window). Tests and the crash drill may scale them. */
export type RateLimits = {
  loginPerIp: [number, number];
  loginPerAccount: [number, number];
  registerPerIp: [number, number];
  registerPerAccount: [number, number];
  codePerIp: [number, number];
  codePerTarget: [number, number];
  demoPerIp: [number, number];
  captchaPerIp: [number, number];
  uploadPerUser: [number, number];
  /** Chat messages of one trader / one visitor (docs/realtime.md#chat). */
  chatPerUser: [number, number];
  chatPerVisitor: [number, number];
  /**
   * Per source (the client IP), so a flood under fresh visitor ids cannot fill the agents' inbox: visitor chat
   * messages, new visitor conversations, guest feedback posts (docs/ops.md#abuse-limits).
   */
  chatVisitorPerIp: [number, number];
  chatVisitorConversationsPerIp: [number, number];
  feedbackGuestPerIp: [number, number];
  /** Saves of one trader's favourites (each replaces the whole list). */
  favouritesPerUser: [number, number];
  /** Account statements of one trader (each reads a period of the ledger). */
  statementPerUser: [number, number];
  /** POST /v1/api/forex/close_all of one trader: each call may close hundreds of positions (docs/rules.md#close-all). */
  closeAllPerUser: [number, number];
  /** Price alert saves and deletes of one trader (each re-arms the evaluator's index). */
  alertsPerUser: [number, number];
  /** Web Push subscribe and unsubscribe calls of one trader (a device hands its subscription over at each sign-in). */
  pushPerUser: [number, number];
  /**
   * Release-health beacons (POST /api/telemetry/remotes, docs/ops.md#release-health): per source IP (many tabs may
   * share one address: a tab sends about 5 a minute) and per tab (its random session id).
   */
  telemetryPerIp: [number, number];
  telemetryPerSession: [number, number];
};

const MIN = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: [30, 5 * MIN],
  loginPerAccount: [10, 15 * MIN],
  registerPerIp: [10, 60 * MIN],
  registerPerAccount: [5, 60 * MIN],
  codePerIp: [10, 60 * MIN],
  codePerTarget: [5, 60 * MIN],
  demoPerIp: [20, 60 * MIN],
  captchaPerIp: [60, 10 * MIN],
  uploadPerUser: [60, 60 * MIN],
  chatPerUser: [20, MIN],
  chatPerVisitor: [10, MIN],
  chatVisitorPerIp: [60, MIN],
  chatVisitorConversationsPerIp: [20, 60 * MIN],
  feedbackGuestPerIp: [20, 60 * MIN],
  favouritesPerUser: [60, MIN],
  statementPerUser: [30, 10 * MIN],
  closeAllPerUser: [30, MIN],
  alertsPerUser: [60, MIN],
  pushPerUser: [30, 60 * MIN],
  telemetryPerIp: [1200, MIN],
  telemetryPerSession: [30, MIN],
};

/** Every limit's count multiplied by `scale` (at least 1), windows unchanged. */
export function scaleLimits(limits: RateLimits, scale: number): RateLimits {
  if (scale === 1) return limits;
  const out = { ...limits };
  for (const k of Object.keys(out) as (keyof RateLimits)[]) {
    const [count, windowMs] = out[k];
    out[k] = [Math.max(1, Math.round(count * scale)), windowMs];
  }
  return out;
}
