/**
 * Redis away (docs/ops.md#scale-out-and-health): a node whose Redis is down at start-up starts, answers, and says
 * "degraded" on GET /healthz instead of exiting on ioredis' MaxRetriesPerRequestError; when Redis comes up it takes the
 * lease, runs the feed and reports "ok"; when Redis goes again it stays up and reports it.
 * A real process (tsx) with the feed on its timers, and a private redis-server on a free port.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from '../scripts/child-server';
import type { Health } from '@meridian/shared/pure';
import { waitFor } from './helpers';

function redisServerAvailable(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env.CI === 'true') throw new Error('CI=true and redis-server is not installed');
    process.stderr.write('\n!!! redis-server is not installed: the Redis outage test was SKIPPED.\n');
    return false;
  }
}

const describeRedis = redisServerAvailable() ? describe : describe.skip;

function startRedis(port: number): ChildProcess {
  return spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
}

describeRedis('a node and its Redis', () => {
  let node: ChildProcess | undefined;
  let redis: ChildProcess | undefined;
  let dir: string;
  let log = '';
  let health: Health | null = null;
  let base = '';

  const poll = async (): Promise<Health | null> => {
    try {
      const r = await fetch(`${base}/healthz`, { headers: { connection: 'close' } });
      const body = (await r.json()) as { code: number; data: Health };
      health = r.status === 200 && body.code === 1 ? body.data : null;
    } catch {
      health = null;
    }
    return health;
  };
  /** Poll /healthz until `pred` holds (the node's own timing: Redis reconnects, lease intervals). */
  const until = async (pred: (h: Health) => boolean, what: string, ms = 20_000) => {
    let done = false;
    const deadline = Date.now() + ms;
    while (!done) {
      if (node?.exitCode !== null) throw new Error(`the node exited:\n${log}`);
      const h = await poll();
      done = h !== null && pred(h);
      if (!done && Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}: ${JSON.stringify(h)}`);
      if (!done) await new Promise((r) => setTimeout(r, 100));
    }
    return health as unknown as Health;
  };

  afterAll(() => {
    node?.kill('SIGKILL');
    redis?.kill('SIGKILL');
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts without Redis, reports degraded, recovers when Redis comes and reports when it goes', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-redis-outage-'));
    const redisPort = await freePort();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    node = (
      await spawnServer(
        {
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
          DATA_DIR: dir,
          STATIC_DIR: path.join(dir, 'static'),
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
          LEASE_TTL_MS: '2000',
        },
        { port },
      )
    ).proc;
    node.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    node.stderr?.on('data', (d: Buffer) => (log += d.toString()));

    // Up and answering, degraded: no Redis, so no lease and no feed.
    const down = await until((h) => h.redis === 'down', 'the node to answer');
    expect(down).toMatchObject({ status: 'degraded', redis: 'down', leader: false });
    // Past the point where ioredis gave up on the first commands (MaxRetriesPerRequestError): still serving.
    await waitFor(() => log.includes('lease: redis error'), 20_000, 'the lease to report the Redis error');
    await waitFor(() => log.split('lease: redis error').length > 3, 20_000, 'more failed attempts');
    expect(await poll()).toMatchObject({ status: 'degraded', redis: 'down' });
    expect(log).not.toMatch(/^MaxRetriesPerRequestError/m); // what an unhandled rejection prints before exiting
    expect(log).not.toContain('Unhandled error event');

    // Redis comes: the node takes the lease, the feed runs, all is well.
    redis = startRedis(redisPort);
    const up = await until((h) => h.status === 'ok' && h.leader && h.feed === 'live', 'the node to recover');
    expect(up).toMatchObject({ status: 'ok', redis: 'up', feed: 'live', leader: true });

    // Redis goes again: the node keeps serving and says so; without a lease the feed freezes (no trading on it).
    redis.kill('SIGKILL');
    await new Promise((r) => redis?.once('exit', r));
    const lost = await until(
      (h) => h.redis === 'down' && !h.leader && h.feed === 'stale',
      'the outage to show',
    );
    expect(lost.status).toBe('degraded');

    // And back: the lease is taken again at once, prices flow.
    redis = startRedis(redisPort);
    await until((h) => h.status === 'ok' && h.leader && h.feed === 'live', 'the second recovery');
    expect(node.exitCode).toBeNull();
  }, 90_000);
});
