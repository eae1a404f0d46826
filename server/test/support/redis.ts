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
