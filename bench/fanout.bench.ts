/**
 * bench/fanout: 5,000 WebSocket clients, all from one address (as behind a carrier's NAT), receiving 10 quote messages a second through the real gateway (/v1/ws: the
 * bus, per-instrument coalescing, 100 ms flushes, slow-client handling) beside a raw `ws` server broadcasting the
 * same messages to the same number of clients, in the same run. Reports the delivered rate of each, their ratio and
 * the p50/p99 delivery delay (publish -> client). Targets: gateway at least 0.9x the raw rate, p99 at most 100 ms.
 * Under BENCH_SMOKE=1 (bench/support.ts): 200 clients for 2 s. A socket that fails to open fails the bench.
 *
 *   node_modules/.bin/tsx bench/fanout.bench.ts
 *
 * The clients live in a worker thread (own event loop, same clock); each message is a DAY_MARKET quote of one of
 * 10 instruments (so coalescing merges nothing that the raw server would send separately) stamped with its publish
 * time.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { WebSocketServer } from 'ws';
import type { DayMarketQuote } from '@meridian/shared/pure';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { percentile } from './load';
import { figure, smokeOr } from './support';

const CLIENTS = smokeOr(200, 5000);
const RATE = 10;
const DURATION_MS = smokeOr(2_000, 10_000);
/** Sockets opened at once (the next wave starts when this one is open). */
const WAVE = 250;
const CODES = [
  'EURUSD',
  'GBPUSD',
  'USDJPY',
  'AUDUSD',
  'USDCAD',
  'XAUUSD',
  'XAGUSD',
  'US500',
  'BTCUSD',
  'ETHUSD',
];

const CLIENT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require(workerData.wsPath);
const { url, n, subscribe } = workerData;
let counting = false, count = 0, delays = [];
const sockets = [];
let open = 0, failed = 0;
const reasons = {};
// Opened in waves (as phones behind one address reconnect over time, not in one instant); a refused upgrade (429) or
// a failed connect is counted with its reason, never waited for.
const openOne = () => new Promise((settle) => {
  const ws = new WebSocket(url);
  let done = false;
  ws.on('open', () => {
    if (subscribe) ws.send(JSON.stringify({ type: 'subscribe', topic: 'DAY_MARKET' }));
    done = true;
    open++;
    settle();
  });
  const fail = (why) => {
    if (done) return;
    done = true;
    failed++;
    reasons[why] = (reasons[why] || 0) + 1;
    settle();
  };
  ws.on('unexpected-response', (_req, res) => { fail('HTTP ' + res.statusCode); ws.terminate(); });
  ws.on('message', (raw) => {
    if (!counting) return;
    const now = Date.now();
    const m = JSON.parse(raw.toString());
    if (m.type !== 'message') return;
    for (const q of m.data) { count++; delays.push(now - q.time); }
  });
  ws.on('error', (e) => fail(e.code || e.message));
  sockets.push(ws);
});
(async () => {
  for (let i = 0; i < n; i += workerData.wave) {
    await Promise.all(Array.from({ length: Math.min(workerData.wave, n - i) }, openOne));
  }
  parentPort.postMessage({ type: 'ready', open, failed, reasons });
})();
const ping = setInterval(() => { for (const ws of sockets) if (ws.readyState === 1) ws.send(JSON.stringify({ type: 'ping', id: 1 })); }, 5000);
parentPort.on('message', (m) => {
  if (m === 'start') { counting = true; count = 0; delays = []; }
  if (m === 'stop') {
    counting = false;
    clearInterval(ping);
    parentPort.postMessage({ type: 'result', count, delays });
    for (const ws of sockets) ws.terminate();
  }
});
`;

type Result = { count: number; delays: number[] };

async function runClients(url: string, subscribe: boolean, publish: (seq: number) => void): Promise<Result> {
  const w = new Worker(CLIENT_WORKER, {
    eval: true,
    workerData: { url, n: CLIENTS, subscribe, wave: WAVE, wsPath: require.resolve('ws') },
  });
  const ready = await new Promise<{ open: number; failed: number; reasons: Record<string, number> }>(
    (resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${CLIENTS} sockets not settled within 120 s`)),
        120_000,
      );
      w.on(
        'message',
        (m: { type: string; open: number; failed: number; reasons: Record<string, number> }) => {
          if (m.type !== 'ready') return;
          clearTimeout(timer);
          resolve(m);
        },
      );
      w.once('error', reject);
    },
  );
  if (ready.failed > 0) {
    await w.terminate();
    throw new Error(
      `${ready.failed} of ${CLIENTS} sockets were refused or failed to open (${url}): ${JSON.stringify(ready.reasons)}`,
    );
  }
  await new Promise((r) => setTimeout(r, 500));
  w.postMessage('start');
  let seq = 0;
  const timer = setInterval(() => publish(seq++), 1000 / RATE);
  await new Promise((r) => setTimeout(r, DURATION_MS));
  clearInterval(timer);
  await new Promise((r) => setTimeout(r, 1000)); // let the last messages arrive
  const result = await new Promise<Result>((resolve) => {
    w.on('message', (m: { type: string } & Result) => m.type === 'result' && resolve(m));
    w.postMessage('stop');
  });
  await w.terminate();
  return { ...result, count: result.count, delays: result.delays };
}

function quote(seq: number): DayMarketQuote {
  const code = CODES[seq % CODES.length] as string;
  const price = 1 + seq / 1e6;
  return {
    Id: seq % CODES.length,
    Code: code,
    price,
    bid: 1,
    ask: 1.0001,
    open: 1,
    closed: 1,
    high: price,
    low: 1,
    volume: 0,
    change: 0,
    MarketStatus: 1,
    time: Date.now(),
  };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
  // The bench opens every socket from one address at once: far above the upgrade rate a real address needs, so it
  // raises that limit for itself (docs/ops.md#realtime-socket-limits); the cap on sockets not signed in stays.
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { dataDir: dir, staticDir: path.join(dir, 'static'), wsConnectsPerIpPerMinute: 1_000_000 },
  );
  const app = buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;

  const gw = await runClients(`ws://127.0.0.1:${port}/v1/ws`, true, (seq) =>
    app.ctx.bus.publish({ topic: 'DAY_MARKET', data: [quote(seq)] }),
  );
  await app.close();

  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const rawPort = (wss.address() as AddressInfo).port;
  const raw = await runClients(`ws://127.0.0.1:${rawPort}`, false, (seq) => {
    const frame = JSON.stringify({ type: 'message', topic: 'DAY_MARKET', data: [quote(seq)] });
    for (const c of wss.clients) if (c.readyState === c.OPEN) c.send(frame);
  });
  await new Promise<void>((r) => wss.close(() => r()));
  fs.rmSync(dir, { recursive: true, force: true });

  const sent = (DURATION_MS / 1000) * RATE;
  const line = (name: string, r: Result) =>
    `  ${name.padEnd(16)} delivered ${r.count} of ${sent * CLIENTS} (${(r.count / (DURATION_MS / 1000)).toFixed(0)} msg/s)  delay p50 ${percentile(r.delays, 0.5)} ms  p99 ${percentile(r.delays, 0.99)} ms  max ${r.delays.reduce((a, b) => (b > a ? b : a), 0)} ms`;
  console.log(
    `fan-out: ${CLIENTS} sockets, ${RATE} quote messages/s for ${DURATION_MS / 1000} s, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(2)}`,
  );
  console.log(line('gateway /v1/ws', gw));
  console.log(line('raw ws broadcast', raw));
  console.log(
    `  delivered ratio gateway / raw: ${(gw.count / Math.max(1, raw.count)).toFixed(3)}x (target >= 0.9x); gateway p99 ${percentile(gw.delays, 0.99)} ms (target <= 100 ms)`,
  );
  if (gw.count === 0 || raw.count === 0) throw new Error('no message was delivered: nothing was measured');
  figure('fan-out delivered gateway / raw', gw.count / raw.count, 'x', '>= 0.9x');
  figure('fan-out gateway p99 delay', percentile(gw.delays, 0.99), ' ms', '<= 100 ms');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
