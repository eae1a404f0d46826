import crypto from 'node:crypto';
import { RedisBus } from '../../src/realtime/bus';
import { RedisLease } from '../../src/realtime/lease';
import { createTestApp } from '../helpers';
import type { TestApp } from '../helpers';
import { FakeMarket } from './fake-market';

/** The tests' Redis: where it is, and whether it answers (a test that needs it skips loudly outside CI, fails in CI). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * True when Redis answers a PING. When it does not: in CI (`CI=true`) this throws, elsewhere it prints that `what`
 * was SKIPPED and returns false, so the caller returns.
 */
export async function redisReachable(what: string): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let up: boolean;
  try {
    await r.connect();
    await r.ping();
    up = true;
  } catch {
    up = false;
  } finally {
    r.disconnect();
  }
  if (up) return true;
  if (process.env.CI === 'true') throw new Error(`CI=true and Redis is unreachable at ${REDIS_URL}`);
  console.warn(`\n!!! Redis at ${REDIS_URL} is unreachable: ${what} was SKIPPED.\n`);
  return false;
}

/**
 * API nodes sharing one Redis bus and lease (fresh names per call) and one market: `node('a')` starts a node, and
 * `node('b', a.config.dataDir)` a second one on the same database. `stop()` ends every lease it started.
 */
export function redisNodes(opts: { market?: FakeMarket; ttlMs?: number } = {}) {
  const key = `meridian:test:lease:${crypto.randomBytes(6).toString('hex')}`;
  const channel = `meridian:test:${crypto.randomBytes(6).toString('hex')}`;
  const market = opts.market ?? new FakeMarket();
  const leases: RedisLease[] = [];
  const node = async (id: string, dataDir?: string): Promise<TestApp> => {
    const bus = new RedisBus(REDIS_URL, channel);
    await bus.whenReady();
    const lease = new RedisLease({ redis: REDIS_URL, key, ttlMs: opts.ttlMs ?? 2000, renewMs: 200, id });
    leases.push(lease);
    await lease.start();
    return createTestApp('sqlite', { bus, lease, market }, dataDir ? { dataDir } : {});
  };
  const stop = async () => {
    for (const l of leases) await l.stop();
  };
  return { market, leases, node, stop };
}
