/**
 * bench/alert-latency: tick -> price alert, on the real app (SQLite in a temp dir; PostgreSQL with
 * BENCH_DATABASE_URL) with 100,000 armed price alerts (2,500 traders x 40, the most a trader keeps being 50) over 10
 * instruments, levels within 2 % of the price on the side they wait on, so the ticks fire a handful each.
 * Targets: tick -> PRICE_ALERT frame on the trader's socket p99 <= 200 ms; tick -> push request at the push service
 * p99 <= 1 s. Under BENCH_SMOKE=1 (bench/support.ts): 200 traders x 25 alerts, 3 s of ticks per run.
 *
 *   node_modules/.bin/tsx bench/alert-latency.bench.ts
 *
 * - The traders are demo accounts made through the API; their alerts are inserted in one transaction in the row shape
 *   the alerts module writes (repository.createAlert: armed, version 1, nothing fired), then the evaluator rebuilds
 *   its index from the table (`reload`, as at start and on taking the engine lease). 30 % repeat (1 h cool-down, so
 *   each fires at most once in a run), 10 % watch today's change in percent, the rest a bid or ask level, a fifth of
 *   those at a round number (gold 4005, 4010), where a tick through it fires a crowd at once.
 * - Ticks: the real market service and its feed (the simulator, not on its timers): `feed.setPrice` 30 times a
 *   second, round robin over the 10 instruments, a seeded random walk of 1 basis point per tick, each stamped
 *   with the time it was handed to the feed. The same ticks in every run.
 * - Socket part: 400 of the traders signed in on /v1/ws (DAY_MARKET and PRICE_ALERT, as the app subscribes), from a
 *   worker thread (own event loop, same clock). Latency of a frame: its arrival in the worker minus the stamp of the
 *   first tick that crossed the alert (what the evaluator would have to fire on).
 * - Push part: 400 other traders with no socket and one Web Push subscription each (made through
 *   /api/push/subscribe, a real P-256 key and auth secret) at a local HTTPS push service in a second worker thread
 *   (`pushEndpointHosts: localhost`, the app trusting its certificate through `pushAgent`, keep-alive as Node's
 *   default agent). Latency: the request's arrival minus the crossing tick's stamp; each request is decrypted
 *   (RFC 8291) to find which notification, hence which alert, it carries.
 * - Runs: a warm-up, then the baseline (only the 800 measured traders' alerts armed: the floor on this machine now),
 *   then the full book (the 100,000); the measured alerts are armed again before each run. The other 1,700 traders
 *   have neither a socket nor a device: their firings cost the evaluator, the notification and the push check only.
 * Also printed: tick -> firing committed and published on the bus (every firing), crossings per tick (mean, most),
 * the event loop's delay, how late the latest tick went out, the index rebuild time, and how many of the alerts the
 * ticks crossed fired (each once: a second firing, a frame or push never arriving, or none measured fails the bench).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { TOPICS } from '@meridian/shared/pure';
import type { PriceAlertFrame, PushMessage } from '@meridian/shared/pure';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { changePercent } from '../server/src/modules/markets';
import type { SimulatedFeed } from '../server/src/modules/markets/feed';
import type { PriceAlertsTable } from '../server/src/storage/schema';
import { testDevice } from '../server/test/support/push-service';
import type { TestDevice } from '../server/test/support/push-service';
import { percentile } from './load';
import { figure, ROOT, SMOKE, smokeOr } from './support';

const TRADERS = smokeOr(200, 2_500);
const ALERTS_PER_TRADER = smokeOr(25, 40);
const SOCKET_TRADERS = smokeOr(40, 400);
const PUSH_TRADERS = smokeOr(40, 400);
const TICKS_PER_S = 30;
const RUN_MS = smokeOr(3_000, 30_000);
const WARM_UP_MS = smokeOr(1_000, 5_000);
/** Levels lie within this fraction of the price (smaller under smoke, so a short run still fires enough). */
const RANGE = smokeOr(0.005, 0.02);
/** Relative standard deviation of one tick's move. */
const STEP = 1e-4;
const PERCENT_SHARE = 0.1;
/** Price alerts at a round number (so a tick through one fires a crowd at once). */
const ROUND_SHARE = 0.2;
const REPEAT_SHARE = 0.3;
const COOLDOWN_S = 3600;
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
const SETTLE_TIMEOUT_MS = 20_000;

const clock = () => performance.timeOrigin + performance.now();

/** mulberry32: a seeded uniform [0, 1) (the same alerts and ticks in every run). */
let seed = 7;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const gauss = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());

// ---- the client threads ----

const SOCKET_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const WebSocket = require(workerData.wsPath);
const clock = () => performance.timeOrigin + performance.now();
let frames = [];
const sockets = [];
const openOne = (token) => new Promise((resolve, reject) => {
  const ws = new WebSocket(workerData.url);
  let step = 'open';
  ws.on('open', () => { step = 'login'; ws.send(JSON.stringify({ type: 'login', token, version: 1 })); });
  ws.on('message', (raw) => {
    const t = clock();
    const text = raw.toString();
    if (step === 'ready') {
      if (!text.includes('"PRICE_ALERT"')) return;
      const m = JSON.parse(text);
      if (m.type === 'message' && m.topic === 'PRICE_ALERT') frames.push([m.data.alert.id, t]);
      return;
    }
    const m = JSON.parse(text);
    if (m.type === 'error') return reject(new Error('refused: ' + m.code + ' ' + m.msg));
    if (m.type === 'login_result') {
      if (m.code !== 1) return reject(new Error('login refused: ' + m.code + ' ' + m.msg));
      step = 'subscribe';
      ws.send(JSON.stringify({ type: 'subscribe', topic: 'DAY_MARKET' }));
      ws.send(JSON.stringify({ type: 'subscribe', topic: 'PRICE_ALERT' }));
    } else if (m.type === 'subscribed' && m.topic === 'PRICE_ALERT') {
      step = 'ready';
      resolve();
    }
  });
  ws.on('unexpected-response', (_req, res) => reject(new Error('upgrade refused: HTTP ' + res.statusCode)));
  ws.on('error', (e) => { if (step !== 'ready') reject(e); });
  sockets.push(ws);
});
(async () => {
  const { tokens, wave } = workerData;
  for (let i = 0; i < tokens.length; i += wave) await Promise.all(tokens.slice(i, i + wave).map(openOne));
  parentPort.postMessage({ type: 'ready' });
})().catch((e) => parentPort.postMessage({ type: 'failed', error: String(e && e.message || e) }));
const ping = setInterval(() => { for (const ws of sockets) if (ws.readyState === 1) ws.send('{"type":"ping","id":1}'); }, 5000);
parentPort.on('message', (m) => {
  if (m === 'count') parentPort.postMessage({ type: 'count', n: frames.length });
  if (m === 'take') { parentPort.postMessage({ type: 'taken', frames }); frames = []; }
  if (m === 'stop') { clearInterval(ping); for (const ws of sockets) ws.terminate(); parentPort.postMessage({ type: 'stopped' }); }
});
`;

const PUSH_WORKER = `
const https = require('node:https');
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const clock = () => performance.timeOrigin + performance.now();
let requests = [];
const server = https.createServer({ key: workerData.key, cert: workerData.cert, keepAliveTimeout: 60000 }, (req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    requests.push({ path: req.url, t: clock(), body: Buffer.concat(chunks) });
    res.writeHead(201).end();
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ type: 'ready', port: server.address().port }));
parentPort.on('message', (m) => {
  if (m === 'count') parentPort.postMessage({ type: 'count', n: requests.length });
  if (m === 'take') { parentPort.postMessage({ type: 'taken', requests }); requests = []; }
  if (m === 'stop') { server.closeAllConnections(); server.close(() => parentPort.postMessage({ type: 'stopped' })); }
});
`;

/** A worker with a request/answer helper (one question at a time). */
function worker(code: string, data: unknown) {
  const w = new Worker(code, { eval: true, workerData: data });
  const ask = <T>(question: string, answer: string, ms = 30_000): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`worker: no ${answer} within ${ms} ms`)), ms);
      const on = (m: { type: string; error?: string }) => {
        if (m.type === 'failed') {
          clearTimeout(timer);
          w.off('message', on);
          reject(new Error(m.error));
        } else if (m.type === answer) {
          clearTimeout(timer);
          w.off('message', on);
          resolve(m as T);
        }
      };
      w.on('message', on);
      if (question) w.postMessage(question);
    });
  w.on('error', (err) => {
    console.error(err);
    process.exit(1);
  });
  return { w, ask };
}

// ---- the alerts ----

type Spec = {
  id: number;
  userId: number;
  inst: number;
  kind: 'price' | 'percent';
  side: 'bid' | 'ask';
  direction: 'above' | 'below';
  /** The level (price) or the signed change in % (percent) at which it fires. */
  target: number;
};

type Start = {
  id: number;
  code: string;
  bid: number;
  ask: number;
  digits: number;
  basis: number | undefined;
};

const fixed = (n: number, digits: number) => n.toFixed(digits);

/** One trader's alerts as rows of price_alerts (the shape repository.createAlert inserts) with their specs. */
function alertsOf(userId: number, starts: Start[], now: number) {
  const rows: Omit<PriceAlertsTable, 'id'>[] = [];
  for (let k = 0; k < ALERTS_PER_TRADER; k++) {
    const s = starts[Math.floor(rnd() * starts.length)] as Start;
    const direction = rnd() < 0.5 ? 'above' : 'below';
    const up = direction === 'above';
    const repeat = rnd() < REPEAT_SHARE ? 1 : 0;
    const base = {
      user_id: userId,
      instrument_id: s.id,
      direction,
      repeat,
      cooldown_s: repeat === 1 ? COOLDOWN_S : 0,
      armed: 1,
      version: 1,
      last_fired_at: null,
      fired_count: 0,
      created_at: now,
      updated_at: now,
    };
    const d = RANGE * (0.02 + 0.98 * rnd());
    if (s.basis !== undefined && rnd() < PERCENT_SHARE) {
      // Today's change in %, d beyond the change now: the size (2 decimals) must be positive.
      const c0 = changePercent(s.bid, s.basis);
      const size = Math.round((up ? c0 + d * 100 : d * 100 - c0) * 100) / 100;
      if (size >= 0.01 && size <= 100) {
        rows.push({ ...base, kind: 'percent', side: 'bid', level: null, percent: fixed(size, 2) });
        continue;
      }
    }
    const side = rnd() < 0.5 ? 'bid' : 'ask';
    const p = side === 'bid' ? s.bid : s.ask;
    const unit = 10 ** -s.digits;
    let level = p * (up ? 1 + d : 1 - d);
    if (rnd() < ROUND_SHARE) {
      // A round number (EUR/USD 1.150, 1.155; gold 4005, 4010): where traders' alerts bunch up.
      const step = 5 * 10 ** (Math.floor(Math.log10(p)) - 3);
      level = (up ? Math.ceil(level / step) : Math.floor(level / step)) * step;
    }
    level = Number(fixed(level, s.digits));
    if (up && level <= p) level = Number(fixed(p + unit, s.digits));
    if (!up && level >= p) level = Number(fixed(p - unit, s.digits));
    rows.push({ ...base, kind: 'price', side, level: fixed(level, s.digits), percent: null });
  }
  return rows;
}

function specOf(r: Omit<PriceAlertsTable, 'id'> & { id: number }): Spec {
  const up = r.direction === 'above';
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    inst: r.instrument_id,
    kind: r.kind as Spec['kind'],
    side: r.side as Spec['side'],
    direction: r.direction as Spec['direction'],
    target: r.kind === 'price' ? Number(r.level) : Number(r.percent) * (up ? 1 : -1),
  };
}

// ---- the ticks ----

type Tick = { inst: number; bid: number; ask: number; t: number };

/** The same walk in every run: round robin over the instruments, one basis point per tick. */
function tickPlan(starts: Start[], count: number): Omit<Tick, 't'>[] {
  seed = 991;
  const mid = starts.map((s) => (s.bid + s.ask) / 2);
  const half = starts.map((s) => (s.ask - s.bid) / 2);
  const out: Omit<Tick, 't'>[] = [];
  for (let i = 0; i < count; i++) {
    const k = i % starts.length;
    const s = starts[k] as Start;
    mid[k] = (mid[k] as number) * (1 + STEP * gauss());
    const m = mid[k] as number;
    const h = half[k] as number;
    out.push({ inst: s.id, bid: Number(fixed(m - h, s.digits)), ask: Number(fixed(m + h, s.digits)) });
  }
  return out;
}

/** Whether `tick` is on the firing side of the alert (the evaluator's exact check). */
function beyond(a: Spec, tick: { bid: number; ask: number }, basis: number | undefined): boolean {
  const value =
    a.kind === 'price' ? (a.side === 'ask' ? tick.ask : tick.bid) : changePercent(tick.bid, basis as number);
  return a.direction === 'above' ? value >= a.target : value <= a.target;
}

// ---- figures ----

type Dist = { n: number; p50: number; p99: number; max: number };
const dist = (xs: number[]): Dist => ({
  n: xs.length,
  p50: percentile(xs, 0.5),
  p99: percentile(xs, 0.99),
  max: xs.reduce((a, b) => (b > a ? b : a), 0),
});
const show = (d: Dist) =>
  `n ${String(d.n).padStart(5)}  p50 ${d.p50.toFixed(1).padStart(7)} ms  p99 ${d.p99.toFixed(1).padStart(7)} ms  max ${d.max.toFixed(1).padStart(7)} ms`;

type RunResult = {
  name: string;
  armed: number;
  ticks: number;
  fired: number;
  crossed: number;
  maxPerTick: number;
  socket: Dist;
  push: Dist;
  published: Dist;
  missingFrames: number;
  missingPushes: number;
  loopP99: number;
  loopMax: number;
  tickLagMax: number;
};

async function main() {
  const load0 = os.loadavg();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
  // Removed however the bench ends (a failed check exits early).
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const pg = process.env.BENCH_DATABASE_URL;
  const schema = `bench_${crypto.randomBytes(6).toString('hex')}`;

  // The push service (its own thread) first: the app is told to trust its certificate.
  const serverRequire = createRequire(path.join(ROOT, 'server/package.json'));
  const selfsigned = serverRequire('selfsigned') as {
    generate: (
      attrs: unknown[],
      opts: unknown,
    ) => Promise<{ private: string; cert: string }> | { private: string; cert: string };
  };
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  const pushSvc = worker(PUSH_WORKER, { key: pems.private, cert: pems.cert });
  const { port: pushPort } = await pushSvc.ask<{ port: number }>('', 'ready');
  const origin = `https://localhost:${pushPort}`;
  const agent = new https.Agent({ ca: pems.cert, keepAlive: true });

  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      dataDir: path.join(dir, 'data'),
      staticDir: path.join(dir, 'static'),
      checkResponses: false,
      wsConnectsPerIpPerMinute: 1_000_000,
      pushEndpointHosts: ['localhost'],
      redisUrl: undefined,
      smtpUrl: undefined,
      databaseUrl: pg,
      databaseSchema: pg ? schema : undefined,
    },
  );
  const big: [number, number] = [1_000_000, 60_000];
  const app = buildApp(config, { limits: { demoPerIp: big, loginPerIp: big }, pushAgent: agent });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const { db, bus } = app.ctx;
  const evaluator = app.services.alerts.evaluator;
  const push = app.services.push;
  const market = app.services.markets.market;
  const feed = app.services.markets.feed as SimulatedFeed;

  const starts: Start[] = CODES.map((code) => {
    const inst = market.instrument(code);
    const q0 = inst && market.quote(inst.id);
    if (!inst || !q0) throw new Error(`no instrument or quote for ${code}`);
    // A first tick today opens today's candle: the day basis (yesterday's close) is fixed from then on.
    feed.setPrice(code, q0.bid, q0.ask);
    const q = market.quote(inst.id) ?? q0;
    return {
      id: inst.id,
      code,
      bid: q.bid,
      ask: q.ask,
      digits: inst.pricePrecision,
      basis: market.dayBasis?.(inst.id),
    };
  });
  const basisOf = new Map(starts.map((s) => [s.id, s.basis]));

  // Traders (demo accounts through the API): the first ones on sockets, the next ones with a device.
  const setup0 = performance.now();
  const traders: { id: number; token: string }[] = [];
  for (let i = 0; i < TRADERS; i++) {
    const r = await app.inject({ method: 'GET', url: '/api/user/createAccountDemoForU' });
    const body = r.json() as { code: number; msg: string; data: { token: string; user: { id: number } } };
    if (body.code !== 1) throw new Error(`demo: ${body.code} ${body.msg}`);
    traders.push({ id: body.data.user.id, token: body.data.token });
  }
  const socketTraders = traders.slice(0, SOCKET_TRADERS);
  const pushTraders = traders.slice(SOCKET_TRADERS, SOCKET_TRADERS + PUSH_TRADERS);
  const socketIds = new Set(socketTraders.map((t) => t.id));
  const devices = new Map<string, TestDevice>();
  const pushIds = new Set<number>();
  for (const t of pushTraders) {
    const device = testDevice(origin);
    const r = await app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: { authorization: t.token, lang: 'en', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(device.form).toString(),
    });
    const body = r.json() as { code: number; msg: string };
    if (body.code !== 1) throw new Error(`push subscribe: ${body.code} ${body.msg}`);
    devices.set(device.path, device);
    pushIds.add(t.id);
  }

  // The alerts, inserted in bulk in one transaction (measured traders first).
  const now = Date.now();
  seed = 7;
  const rowsOf = new Map(traders.map((t) => [t.id, alertsOf(t.id, starts, now)]));
  const measuredIds = [...socketIds, ...pushIds];
  const insert = async (userIds: number[]) => {
    const rows = userIds.flatMap((id) => rowsOf.get(id) ?? []);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 1000) {
        await trx
          .insertInto('price_alerts')
          .values(rows.slice(i, i + 1000))
          .execute();
      }
    });
    return rows.length;
  };
  const specs = new Map<number, Spec>();
  const readSpecs = async () => {
    const rows = await db.selectFrom('price_alerts').selectAll().execute();
    for (const r of rows) specs.set(Number(r.id), specOf(r));
  };
  await insert(measuredIds);
  await readSpecs();
  const setupMs = performance.now() - setup0;

  // Everything published on PRICE_ALERT, with the time it was published.
  type Published = { alertId: number; userId: number; notificationId: number; t: number };
  let published: Published[] = [];
  bus.subscribe((ev) => {
    if (ev.topic !== TOPICS.priceAlert) return;
    const t = clock();
    const data = ev.data as PriceAlertFrame;
    published.push({
      alertId: data.alert.id,
      userId: ev.userId ?? 0,
      notificationId: data.notification_id,
      t,
    });
  });

  const sockets = worker(SOCKET_WORKER, {
    url: `ws://127.0.0.1:${port}/v1/ws`,
    tokens: socketTraders.map((t) => t.token),
    wave: 100,
    wsPath: require.resolve('ws'),
  });
  await sockets.ask('', 'ready', 120_000);

  const loop = monitorEventLoopDelay({ resolution: 10 });
  // Which traders' alerts are in the table now (the baseline has only the measured ones).
  let background = false;
  const measured = new Set(measuredIds);
  const inTable = (userId: number) => background || measured.has(userId);

  /** One run: every measured alert armed again, the index rebuilt, the ticks, then everything delivered. */
  const run = async (name: string, durationMs: number): Promise<RunResult> => {
    // Back to the starting prices (nothing armed is on its firing side there), the measured alerts armed again.
    for (const s of starts) feed.setPrice(s.code, s.bid, s.ask);
    await evaluator.idle();
    await db
      .updateTable('price_alerts')
      .set({ armed: 1, last_fired_at: null, fired_count: 0 })
      .where('user_id', 'in', measuredIds)
      .execute();
    const r0 = performance.now();
    await evaluator.reload();
    const reloadMs = performance.now() - r0;
    const watched = evaluator.size;
    await evaluator.idle();
    await push.idle();
    published = [];
    await sockets.ask('take', 'taken');
    await pushSvc.ask('take', 'taken');

    const plan = tickPlan(starts, Math.round((durationMs / 1000) * TICKS_PER_S));
    const ticks = new Map<number, Tick[]>(starts.map((s) => [s.id, []]));
    loop.reset();
    loop.enable();
    let tickLagMax = 0;
    const t0 = performance.now();
    for (let i = 0; i < plan.length; i++) {
      const due = t0 + (i * 1000) / TICKS_PER_S;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      else await new Promise((r) => setImmediate(r)); // late: still one tick per turn, as a feed's timer would
      tickLagMax = Math.max(tickLagMax, performance.now() - due);
      const p = plan[i] as Omit<Tick, 't'>;
      const t = clock();
      ticks.get(p.inst)?.push({ ...p, t });
      feed.setPrice(p.inst, p.bid, p.ask);
    }
    await evaluator.idle();
    loop.disable();

    // Wait for what was published to arrive.
    const wantFrames = published.filter((p) => socketIds.has(p.userId)).length;
    const wantPushes = published.filter((p) => pushIds.has(p.userId)).length;
    const until = Date.now() + SETTLE_TIMEOUT_MS;
    for (;;) {
      await push.idle();
      const f = await sockets.ask<{ n: number }>('count', 'count');
      const q = await pushSvc.ask<{ n: number }>('count', 'count');
      if ((f.n >= wantFrames && q.n >= wantPushes) || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const { frames } = await sockets.ask<{ frames: [number, number][] }>('take', 'taken');
    const { requests } = await pushSvc.ask<{ requests: { path: string; t: number; body: Uint8Array }[] }>(
      'take',
      'taken',
    );

    // The first tick that crossed each alert, and whether every crossed alert fired once.
    const crossing = new Map<number, number>();
    const perTick = new Map<number, number>();
    const armed = await db
      .selectFrom('price_alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    let crossed = 0;
    for (const a of specs.values()) {
      if (!inTable(a.userId)) continue;
      const basis = basisOf.get(a.inst);
      if (a.kind === 'percent' && basis === undefined) continue;
      const hit = (ticks.get(a.inst) ?? []).find((tk) => beyond(a, tk, basis));
      if (hit) {
        crossed++;
        crossing.set(a.id, hit.t);
        perTick.set(hit.t, (perTick.get(hit.t) ?? 0) + 1);
      }
    }
    const since = (alertId: number, t: number) => {
      const c = crossing.get(alertId);
      if (c === undefined) throw new Error(`${name}: alert ${alertId} fired without a crossing tick`);
      return t - c;
    };
    const byNotification = new Map(published.map((p) => [p.notificationId, p.alertId]));
    const pushLatencies = requests.map((req) => {
      const device = devices.get(req.path);
      if (!device) throw new Error(`a push to an unknown device: ${req.path}`);
      const m = JSON.parse(device.decrypt(Buffer.from(req.body))) as PushMessage;
      const alertId = byNotification.get(m.id);
      if (alertId === undefined) throw new Error(`a push for notification ${m.id}, not fired in this run`);
      return since(alertId, req.t);
    });
    const ids = new Set(published.map((p) => p.alertId));
    if (ids.size !== published.length) throw new Error(`${name}: an alert fired twice`);
    const result: RunResult = {
      name,
      armed: watched,
      ticks: plan.length,
      fired: published.length,
      crossed,
      maxPerTick: Math.max(0, ...perTick.values()),
      socket: dist(frames.map(([id, t]) => since(id, t))),
      push: dist(pushLatencies),
      published: dist(published.map((p) => since(p.alertId, p.t))),
      missingFrames: wantFrames - frames.length,
      missingPushes: wantPushes - requests.length,
      loopP99: loop.percentile(99) / 1e6,
      loopMax: loop.max / 1e6,
      tickLagMax,
    };
    console.log(
      `  ${name}: ${result.armed} alerts watched (${Number(armed.n)} rows), index rebuilt in ${reloadMs.toFixed(0)} ms; ${result.ticks} ticks; ${result.fired} fired of ${result.crossed} crossed (${(result.crossed / result.ticks).toFixed(2)} crossed a tick, at most ${result.maxPerTick})`,
    );
    console.log(`    tick -> committed, published   ${show(result.published)}`);
    console.log(
      `    tick -> frame on the socket    ${show(result.socket)}${result.missingFrames ? `  MISSING ${result.missingFrames}` : ''}`,
    );
    console.log(
      `    tick -> push request received  ${show(result.push)}${result.missingPushes ? `  MISSING ${result.missingPushes}` : ''}`,
    );
    console.log(
      `    event loop delay p99 ${result.loopP99.toFixed(1)} ms, max ${result.loopMax.toFixed(1)} ms; latest tick ${result.tickLagMax.toFixed(1)} ms late`,
    );
    return result;
  };
  console.log(
    `alert latency: ${TRADERS} traders x ${ALERTS_PER_TRADER} alerts over ${CODES.length} instruments (levels within ${RANGE * 100} %), ${SOCKET_TRADERS} on sockets, ${PUSH_TRADERS} with a push device; ${TICKS_PER_S} ticks/s; ${pg ? 'PostgreSQL' : 'SQLite'}; ${os.cpus().length} CPUs, load average ${load0.map((l) => l.toFixed(2)).join(' ')} at start; set up in ${(setupMs / 1000).toFixed(1)} s`,
  );
  await run('warm-up', WARM_UP_MS);
  const base = await run(`baseline (${measuredIds.length} measured traders' alerts only)`, RUN_MS);
  const i0 = performance.now();
  const others = traders.map((t) => t.id).filter((id) => !measured.has(id));
  const inserted = await insert(others);
  await readSpecs();
  background = true;
  console.log(`  ${inserted} more alerts inserted in ${(performance.now() - i0).toFixed(0)} ms`);
  const full = await run(`full book (${specs.size} alerts)`, RUN_MS);
  console.log(
    `  load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  await sockets.ask('stop', 'stopped');
  await pushSvc.ask('stop', 'stopped');
  await sockets.w.terminate();
  await pushSvc.w.terminate();
  if (pg) await db.schema.dropSchema(schema).ifExists().cascade().execute();
  await app.close();
  agent.destroy();
  fs.rmSync(dir, { recursive: true, force: true });

  for (const r of [base, full]) {
    if (r.socket.n === 0 || r.push.n === 0)
      throw new Error(`${r.name}: no frame or no push was measured (${r.socket.n}, ${r.push.n})`);
    if (r.missingFrames > 0 || r.missingPushes > 0)
      throw new Error(`${r.name}: ${r.missingFrames} frames and ${r.missingPushes} pushes never arrived`);
  }
  const size = SMOKE ? `${specs.size} alerts` : '100k alerts';
  figure(`tick -> alert frame p99, ${size}`, full.socket.p99, ' ms', '<= 200 ms');
  figure(`tick -> alert frame p99, baseline`, base.socket.p99, ' ms');
  figure(`tick -> push request p99, ${size}`, full.push.p99, ' ms', '<= 1000 ms');
  figure(`tick -> push request p99, baseline`, base.push.p99, ' ms');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
