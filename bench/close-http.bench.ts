/**
 * bench/close-http: partial close and close-all over HTTP on the embedded store (SQLite, WAL, synchronous=FULL) at 64
 * clients — throughput and p50/p99 latency — beside a bare Fastify route answering a fixed envelope, on the same
 * machine in the same run, with the same client (keep-alive fetch loops in a worker thread), as submit-http measures
 * the submit. Target: each at least 0.3x the bare route's throughput (the submit's).
 *
 *   node_modules/.bin/tsx bench/close-http.bench.ts
 *
 * Partial close: `GET /v1/api/forex/close?id=…&lots=0.01` on one 40-lot EUR/USD position per demo user (100 users):
 * session check, validation, the lot rules, one transaction (the position shrunk, the part inserted, three balance
 * changes and their ledger rows), the engine told. Close-all: `POST /v1/api/forex/close_all` with `scope=all` and one
 * confirmed position each (opened beforehand, 0.01 lot each), so every call closes one position as a single close
 * would; the figures count the positions really closed. Quotes come from a fixed in-memory market.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { FakeMarket } from '../server/test/support/fake-market';
import { load, percentile } from './load';
import type { LoadResult } from './load';
import { figure, smokeOr } from './support';

const CONCURRENCY = 64;
const DURATION_MS = smokeOr(1_500, 8_000);
const WARM_UP_MS = smokeOr(300, 1_000);
const USERS = 100;
/**
 * Small positions per user for close-all: more than the run can close at the rates seen (a spare is never used;
 * close-all ran at about 2,400 calls a second on an older machine, 3,600 on a faster one, which closed all of 240 a
 * user within the 8 s).
 */
const SMALL_PER_USER = smokeOr(40, 480);

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { dataDir: dir, staticDir: path.join(dir, 'static'), checkResponses: false },
  );
  const big: [number, number] = [1_000_000, 60_000];
  const app = buildApp(config, {
    market: new FakeMarket(),
    limits: { demoPerIp: big, loginPerIp: big, loginPerAccount: big, closeAllPerUser: big },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ code: 1, msg: 'success', data: { Id: 1 } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;

  // Users, one big position each (partial closes), and small positions (close-all), placed through the API.
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const r = await app.inject({ method: 'GET', url: '/api/user/createAccountDemoForU' });
    tokens.push((r.json() as { data: { token: string } }).data.token);
  }
  const submit = async (token: string, cont: string): Promise<number> => {
    const r = await app.inject({
      method: 'GET',
      url: `/v1/api/forex/submit?type=1&cont=${cont}&forex_id=1&status=1&multiple=200`,
      headers: { authorization: token },
    });
    const body = r.json() as { code: number; msg: string; data: { Id: number } };
    if (body.code !== 1) throw new Error(`submit: ${body.code} ${body.msg}`);
    return body.data.Id;
  };
  const bigIds: number[] = [];
  for (const token of tokens) bigIds.push(await submit(token, '40'));
  // small[k * USERS + u]: user u's k-th small position, so request n goes with user n % USERS.
  const small: number[] = [];
  for (let k = 0; k < SMALL_PER_USER; k++)
    for (const token of tokens) small.push(await submit(token, '0.01'));
  await app.services.trading.engine.idle();

  const headers = tokens.map((t) => ({ authorization: t, lang: 'en' }));
  const partialUrls = bigIds.map((id) => `${base}/v1/api/forex/close?id=${id}&lots=0.01`);
  const closeAllUrl = `${base}/v1/api/forex/close_all`;

  await load({ urls: [bareUrl], concurrency: CONCURRENCY, durationMs: WARM_UP_MS });
  await load({ urls: partialUrls, headers, concurrency: CONCURRENCY, durationMs: WARM_UP_MS });

  const closedCount = async (): Promise<number> => {
    const r = await app.ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 3)
      .where('parent_id', 'is', null)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  };

  const row = (name: string, r: LoadResult, done = r.ok) =>
    `  ${name.padEnd(34)} ${(done / r.seconds).toFixed(0).padStart(7)} req/s   p50 ${percentile(r.latencies, 0.5).toFixed(2)} ms   p99 ${percentile(r.latencies, 0.99).toFixed(2)} ms   ok ${r.ok}  failed ${r.fail}`;
  console.log(
    `partial close and close-all over HTTP, embedded SQLite (WAL, synchronous=FULL), ${CONCURRENCY} keep-alive clients in a worker thread, ${DURATION_MS / 1000} s per run, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(2)}`,
  );
  // Each run opens with a warm-up from its own worker (see ./load), the same for all three.
  const warm = { concurrency: CONCURRENCY, durationMs: DURATION_MS, warmUpMs: WARM_UP_MS };
  const b = await load({ urls: [bareUrl], ...warm });
  const p = await load({ urls: partialUrls, headers, ...warm });
  const before = await closedCount();
  const c = await load({
    urls: [closeAllUrl],
    headers,
    bodies: small.map((id) => `scope=all&ids=${id}`),
    ...warm,
  });
  // The positions really closed in the measured window: all closed, less one for each warm-up call that closed one
  // (every answered call closes one while positions last; when they run out, fewer than the calls were closed).
  const closed = (await closedCount()) - before - c.warmOk;
  const bareRate = b.ok / b.seconds;
  console.log(row('bare Fastify route', b));
  console.log(row('GET /v1/api/forex/close&lots', p));
  console.log(row('POST /v1/api/forex/close_all (1 each)', c, closed));
  console.log(
    `  close-all: ${closed} positions closed by ${c.ok} calls${closed < c.ok ? ` (ran out of prepared positions: the rate counts only real closes)` : ''}`,
  );
  const pr = p.ok / p.seconds / bareRate;
  const cr = closed / c.seconds / bareRate;
  console.log(`  throughput ratio partial close / bare: ${pr.toFixed(3)}x (target >= 0.3x)`);
  console.log(`  throughput ratio close-all / bare: ${cr.toFixed(3)}x (target >= 0.3x)`);
  figure(`partial close / bare throughput at ${CONCURRENCY} clients`, pr, 'x', '>= 0.3x');
  figure(`partial close p99 at ${CONCURRENCY} clients`, percentile(p.latencies, 0.99), ' ms');
  figure(`close-all (one position) / bare throughput at ${CONCURRENCY} clients`, cr, 'x', '>= 0.3x');
  figure(`close-all p99 at ${CONCURRENCY} clients`, percentile(c.latencies, 0.99), ' ms');

  await app.services.trading.engine.idle();
  await bare.close();
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
