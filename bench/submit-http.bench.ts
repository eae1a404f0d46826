/**
 * bench/submit-http: order submit over HTTP on the embedded store (SQLite, WAL, synchronous=FULL) — throughput and
 * p50/p99 latency — beside a bare Fastify route answering a fixed envelope, on the same machine in the same run,
 * with the same client (keep-alive fetch loops in a worker thread). Target: submit at least 0.3x the bare route's
 * throughput.
 *
 *   node_modules/.bin/tsx bench/submit-http.bench.ts
 *
 * Each submit is a real market order (0.01 lot EUR/USD buy at 1:100) by one of 100 demo users: session check,
 * validation, margin and fee, one transaction (order row, three balance changes, three ledger rows), the engine's
 * index update. Quotes come from a fixed in-memory market (the price feed is not part of what is measured).
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { FakeMarket } from '../server/test/support/fake-market';
import { load, percentile } from './load';
import type { LoadResult } from './load';
import { figure, smokeOr } from './support';

/** Client concurrency levels: the bare route and submit are measured at each. */
const LEVELS = smokeOr([32], [32, 64, 128]);
const DURATION_MS = smokeOr(1_500, 8_000);
const WARM_UP_MS = smokeOr(300, 1500);
const USERS = 100;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
  // Production settings where they matter: answers are not checked against their schemas (a test-time guard).
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { dataDir: dir, staticDir: path.join(dir, 'static'), checkResponses: false },
  );
  const big: [number, number] = [1_000_000, 60_000];
  const app = buildApp(config, {
    market: new FakeMarket(),
    limits: { demoPerIp: big, loginPerIp: big, loginPerAccount: big },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ code: 1, msg: 'success', data: { Id: 1 } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as AddressInfo).port;

  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const r = await app.inject({ method: 'GET', url: '/api/user/createAccountDemoForU' });
    tokens.push((r.json() as { data: { token: string } }).data.token);
  }
  const submitUrl = `http://127.0.0.1:${port}/v1/api/forex/submit?type=1&cont=0.01&forex_id=1&status=1&multiple=100`;
  const headers = tokens.map((t) => ({ authorization: t, lang: 'en' }));

  // Warm-up of both.
  await load({ urls: [`http://127.0.0.1:${barePort}/bare`], concurrency: 32, durationMs: WARM_UP_MS });
  await load({ urls: [submitUrl], headers, concurrency: 32, durationMs: WARM_UP_MS });

  const row = (name: string, r: LoadResult) =>
    `  ${name.padEnd(26)} ${(r.ok / r.seconds).toFixed(0).padStart(7)} req/s   p50 ${percentile(r.latencies, 0.5).toFixed(2)} ms   p99 ${percentile(r.latencies, 0.99).toFixed(2)} ms   ok ${r.ok}  failed ${r.fail}`;
  console.log(
    `order submit over HTTP, embedded SQLite (WAL, synchronous=FULL), keep-alive clients in a worker thread, ${DURATION_MS / 1000} s per run after ${WARM_UP_MS / 1000} s of warm-up, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(2)}`,
  );
  const batcher = app.services.trading.batcher;
  for (const concurrency of LEVELS) {
    // Each measured run opens with a warm-up from its own worker (see ./load): the same for both.
    const b = await load({
      urls: [`http://127.0.0.1:${barePort}/bare`],
      concurrency,
      durationMs: DURATION_MS,
      warmUpMs: WARM_UP_MS,
    });
    const before = { ...batcher.stats };
    // How late the server's event loop ran while the submits were measured (what holds a request before it is read).
    const delay = monitorEventLoopDelay();
    const measuring = setTimeout(() => delay.enable(), WARM_UP_MS);
    const s = await load({
      urls: [submitUrl],
      headers,
      concurrency,
      durationMs: DURATION_MS,
      warmUpMs: WARM_UP_MS,
    });
    clearTimeout(measuring);
    delay.disable();
    const batches = batcher.stats.batches - before.batches;
    const jobs = batcher.stats.jobs - before.jobs;
    console.log(` ${concurrency} concurrent clients:`);
    console.log(row('bare Fastify route', b));
    console.log(row('GET /v1/api/forex/submit', s));
    console.log(
      `  group commit: ${batches} transactions for ${jobs} submits (${(jobs / Math.max(1, batches)).toFixed(1)} per commit)`,
    );
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    console.log(
      `  server event-loop delay during the submits: p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms`,
    );
    console.log(
      `  throughput ratio submit / bare: ${(s.ok / s.seconds / (b.ok / b.seconds)).toFixed(3)}x (target >= 0.3x)`,
    );
    figure(`submit p99 at ${concurrency} clients`, percentile(s.latencies, 0.99), ' ms', '<= 100 ms at 64');
    figure(
      `submit / bare throughput at ${concurrency} clients`,
      s.ok / s.seconds / (b.ok / b.seconds),
      'x',
      '>= 0.3x',
    );
  }
  await app.services.trading.engine.idle();
  const orders = await app.ctx.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  console.log(`  orders in the database: ${Number(orders?.n ?? 0)}`);

  await bare.close();
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
