/**
 * bench/trigger-eval: trigger evaluation per tick with 100,000 open positions and pending orders, the engine's
 * price-ordered index (server/src/modules/trading/trigger-index.ts) beside a naive full scan of every order, in the
 * same run on the same ticks. Targets: the index at least 50x faster than the scan, under 1 ms per tick.
 *
 *   node_modules/.bin/tsx bench/trigger-eval.bench.ts
 *
 * Book: 60,000 positions (each with a stop loss and a take profit, half of them with only one), 40,000 pending
 * orders (limit and stop, both sides) and a stop-out level for each of 20,000 accounts, over 10 instruments;
 * levels within +-2% of the price. Ticks: random walk of the instruments with occasional 0.5% gaps; every order a
 * tick fires is put back at a new level (so the book keeps its size), as new orders would arrive.
 */
import { performance } from 'node:perf_hooks';
import { TrailingBook } from '../server/src/modules/trading/trailing';
import { pendingBook, stopBook, TriggerIndex } from '../server/src/modules/trading/trigger-index';
import { figure, smokeOr } from './support';
import type { BookName, TriggerType } from '../server/src/modules/trading/trigger-index';

const INSTRUMENTS = 10;
const POSITIONS = smokeOr(6_000, 60_000);
const PENDING = smokeOr(4_000, 40_000);
const ACCOUNTS = smokeOr(2_000, 20_000);
const TICKS_INDEX = smokeOr(5_000, 50_000);
const TICKS_SCAN = smokeOr(400, 4_000);

// mulberry32 (seeded, so every run draws the same book): 32-bit integer arithmetic throughout. The linear
// congruential generator this replaces multiplied in doubles past 2^53 and cycled after ~10,000 draws, so a
// million triggers sat on ~10,000 distinct levels.
let seed = 42;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

type Trigger = { type: TriggerType; ref: number; inst: number; book: BookName; level: number };
const price: number[] = Array.from({ length: INSTRUMENTS }, () => 1);
const triggers: Trigger[] = [];

/** Deterministic in (ref, generation) so the index and the scan see exactly the same order flow. */
function frac(a: number, b: number): number {
  const x = Math.sin(a * 12.9898 + b * 78.233) * 43758.5453;
  return x - Math.floor(x);
}
const generation = new Map<string, number>();
function levelNear(inst: number, book: BookName, key = `${book}:${Math.floor(rnd() * 1e9)}`): number {
  // Below the price for "<=" books, above for ">=" books, within 2%.
  const p = price[inst] as number;
  const g = (generation.get(key) ?? 0) + 1;
  generation.set(key, g);
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) % 1_000_003;
  const d = p * 0.02 * frac(h, g);
  return book === 'askLE' || book === 'bidLE' ? p - d : p + d;
}

let ref = 0;
for (let i = 0; i < POSITIONS; i++) {
  const inst = i % INSTRUMENTS;
  const side = rnd() < 0.5 ? 1 : 2;
  const id = ++ref;
  const which = rnd();
  if (which < 0.75) {
    const b = stopBook(side, 'sl');
    triggers.push({ type: 'sl', ref: id, inst, book: b, level: levelNear(inst, b) });
  }
  if (which > 0.25) {
    const b = stopBook(side, 'tp');
    triggers.push({ type: 'tp', ref: id, inst, book: b, level: levelNear(inst, b) });
  }
}
for (let i = 0; i < PENDING; i++) {
  const inst = i % INSTRUMENTS;
  const b = pendingBook(rnd() < 0.5 ? 1 : 2, rnd() < 0.5 ? 'limit' : 'stop');
  triggers.push({ type: 'pending', ref: ++ref, inst, book: b, level: levelNear(inst, b) });
}
for (let i = 0; i < ACCOUNTS; i++) {
  const inst = i % INSTRUMENTS;
  const b: BookName = rnd() < 0.5 ? 'bidLE' : 'bidGE';
  triggers.push({ type: 'stopout', ref: i + 1, inst, book: b, level: levelNear(inst, b) });
}

// The tick path (same for both): random walk, 1 in 200 ticks a 0.5% gap.
type Tick = { inst: number; bid: number; ask: number };
function makeTicks(n: number): Tick[] {
  const out: Tick[] = [];
  const p = [...price];
  for (let i = 0; i < n; i++) {
    const inst = Math.floor(rnd() * INSTRUMENTS);
    const move = rnd() < 0.005 ? (rnd() - 0.5) * 0.01 : (rnd() - 0.5) * 0.0004;
    const v = (p[inst] as number) * (1 + move);
    p[inst] = v;
    out.push({ inst, bid: v, ask: v * 1.0001 });
  }
  return out;
}
const ticks = makeTicks(TICKS_INDEX);

function crossedNaive(t: Trigger, bid: number, ask: number): boolean {
  switch (t.book) {
    case 'askLE':
      return ask <= t.level;
    case 'askGE':
      return ask >= t.level;
    case 'bidGE':
      return bid >= t.level;
    default:
      return bid <= t.level;
  }
}

function pct(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

function runIndex(n: number) {
  const ix = new TriggerIndex();
  const byKey = new Map<string, Trigger>();
  for (const t of triggers) {
    ix.set(t.type, t.ref, t.inst, t.book, t.level);
    byKey.set(`${t.type}:${t.ref}:${t.inst}`, t);
  }
  const times: number[] = [];
  let fired = 0;
  for (let i = 0; i < n; i++) {
    const tk = ticks[i] as Tick;
    price[tk.inst] = tk.bid;
    const t0 = performance.now();
    const out = ix.crossed(tk.inst, tk.bid, tk.ask);
    const t1 = performance.now();
    times.push(t1 - t0);
    fired += out.length;
    // Replace what fired (outside the timing: that is order flow, not evaluation).
    for (const e of out) {
      const level = levelNear(e.instrumentId, e.book, `${e.type}:${e.ref}:${e.instrumentId}`);
      ix.set(e.type, e.ref, e.instrumentId, e.book, level);
    }
  }
  return { times, fired, size: ix.size };
}

function runScan(n: number) {
  const list = triggers.map((t) => ({ ...t }));
  const times: number[] = [];
  let fired = 0;
  for (let i = 0; i < n; i++) {
    const tk = ticks[i] as Tick;
    price[tk.inst] = tk.bid;
    const t0 = performance.now();
    const out: Trigger[] = [];
    for (const t of list) if (t.inst === tk.inst && crossedNaive(t, tk.bid, tk.ask)) out.push(t);
    const t1 = performance.now();
    times.push(t1 - t0);
    fired += out.length;
    for (const t of out) t.level = levelNear(t.inst, t.book, `${t.type}:${t.ref}:${t.inst}`);
  }
  return { times, fired };
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((s, v) => s + v, 0) / times.length;
  return { mean, p50: pct(sorted, 0.5), p99: pct(sorted, 0.99), max: sorted[sorted.length - 1] ?? 0 };
}

const basePrices = [...price];
const reset = () => {
  price.splice(0, price.length, ...basePrices);
  generation.clear();
};
// Warm-up (JIT) of both paths, then the measured runs.
runIndex(TICKS_SCAN);
reset();
runScan(200);
reset();
const idx = runIndex(TICKS_INDEX);
reset();
const scan = runScan(TICKS_SCAN);
// Same ticks and order flow for both: the index on the first TICKS_SCAN ticks too.
reset();
const idxSame = runIndex(TICKS_SCAN);

const a = summary(idx.times);
const a2 = summary(idxSame.times);
const b = summary(scan.times);
const f = (v: number) => `${(v * 1000).toFixed(2)} µs`;
console.log(
  `trigger evaluation: ${triggers.length} triggers (${POSITIONS} positions, ${PENDING} pending, ${ACCOUNTS} stop-out levels), ${INSTRUMENTS} instruments`,
);
console.log(
  `  index, ${TICKS_INDEX} ticks: mean ${f(a.mean)}  p50 ${f(a.p50)}  p99 ${f(a.p99)}  max ${f(a.max)}  fired ${idx.fired}`,
);
console.log(
  `  index, first ${TICKS_SCAN} ticks: mean ${f(a2.mean)}  p99 ${f(a2.p99)}  fired ${idxSame.fired}`,
);
console.log(
  `  full scan, first ${TICKS_SCAN} ticks: mean ${f(b.mean)}  p50 ${f(b.p50)}  p99 ${f(b.p99)}  fired ${scan.fired}`,
);
console.log(`  same triggers fired by both: ${scan.fired === idxSame.fired ? 'yes' : 'NO'}`);
console.log(
  `  speed-up (mean, same ticks): ${(b.mean / a2.mean).toFixed(0)}x  (target >= 50x; index mean ${a2.mean < 1 ? '<' : '>='} 1 ms)`,
);
figure('trigger evaluation speed-up index / scan', b.mean / a2.mean, 'x', '>= 50x');
figure('trigger evaluation index mean', a2.mean, ' ms', '< 1 ms');

// ---- trailing stops: the same armed triggers plus 200,000 trailing stops (both sides, 10–500 points at 5 decimals),
// ratcheted and closed through the same index (trailing.ts), on a realistic path: a tick moves its instrument by a
// few points (0 to 3 either way, one in 1,000 a 2-pip jump), and the stops that closed are replaced by as many new
// ones every 100 ticks (new orders arriving), at the price then. Also printed (not a figure): the stress path of
// before, the index ticks above (2 bp steps, a 0.5% gap one tick in 200) with every closed stop re-armed at the very
// next tick, hundreds per tick, which no engine sees (each close is a transaction).
const TRAILING = smokeOr(20_000, 200_000);
const REARM_EVERY = 100;
function makeTrailingTicks(n: number): Tick[] {
  const out: Tick[] = [];
  const p = [...price];
  for (let i = 0; i < n; i++) {
    const inst = Math.floor(rnd() * INSTRUMENTS);
    const points = rnd() < 0.001 ? (rnd() < 0.5 ? -20 : 20) : Math.floor(rnd() * 7) - 3;
    const v = (p[inst] as number) + points * 1e-5;
    p[inst] = v;
    out.push({ inst, bid: v, ask: v * 1.0001 });
  }
  return out;
}
const trailingTicks = makeTrailingTicks(TICKS_INDEX);

function runTrailing(n: number, path: Tick[], rearmEvery: number) {
  const ix = new TriggerIndex();
  for (const t of triggers) ix.set(t.type, t.ref, t.inst, t.book, t.level);
  const book = new TrailingBook(ix);
  const meta = new Map<number, { inst: number; side: 1 | 2; distance: number }>();
  for (let i = 0; i < TRAILING; i++) {
    const inst = i % INSTRUMENTS;
    const side = rnd() < 0.5 ? 1 : 2;
    const distance = 10 + Math.floor(rnd() * 490);
    const p = price[inst] as number;
    meta.set(1e7 + i, { inst, side, distance });
    book.add(1e7 + i, inst, side, 5, distance, side === 1 ? p : p * 1.0001);
  }
  const times: number[] = [];
  let closed = 0;
  let waiting: number[] = [];
  const asks = price.map((p) => p * 1.0001);
  for (let i = 0; i < n; i++) {
    const tk = path[i] as Tick;
    price[tk.inst] = tk.bid;
    asks[tk.inst] = tk.ask;
    const t0 = performance.now();
    const out = ix.crossed(tk.inst, tk.bid, tk.ask);
    const trail = out.filter((e) => e.type === 'trail' || e.type === 'ratchet');
    const hits = trail.length > 0 ? book.onEntries(trail, tk.bid, tk.ask) : [];
    const t1 = performance.now();
    times.push(t1 - t0);
    closed += hits.length;
    for (const e of out) {
      if (e.type === 'trail' || e.type === 'ratchet') continue;
      ix.set(
        e.type,
        e.ref,
        e.instrumentId,
        e.book,
        levelNear(e.instrumentId, e.book, `${e.type}:${e.ref}:${e.instrumentId}`),
      );
    }
    for (const h of hits) waiting.push(h.orderId);
    if ((i + 1) % rearmEvery === 0) {
      for (const id of waiting) {
        const m = meta.get(id);
        if (m)
          book.add(
            id,
            m.inst,
            m.side,
            5,
            m.distance,
            m.side === 1 ? (price[m.inst] as number) : (asks[m.inst] as number),
          );
      }
      waiting = [];
    }
  }
  return { times, closed, size: book.size };
}
reset();
runTrailing(TICKS_SCAN, trailingTicks, REARM_EVERY);
reset();
const tr = runTrailing(TICKS_INDEX, trailingTicks, REARM_EVERY);
const ts = summary(tr.times);
console.log(
  `  with ${TRAILING} trailing stops, ${TICKS_INDEX} ticks of a few points, closed stops replaced every ${REARM_EVERY} ticks: mean ${f(ts.mean)}  p50 ${f(ts.p50)}  p99 ${f(ts.p99)}  max ${f(ts.max)}  trailing closes ${tr.closed}`,
);
reset();
const stress = summary(runTrailing(TICKS_SCAN, ticks, 1).times);
console.log(
  `  stress (not a figure): the index ticks, every closed stop re-armed at the next tick, ${TICKS_SCAN} ticks: mean ${f(stress.mean)}  p50 ${f(stress.p50)}  p99 ${f(stress.p99)}  max ${f(stress.max)}`,
);
figure('trigger evaluation with trailing stops p99 per tick', ts.p99, ' ms', '< 1 ms');

// ---- one million armed triggers on the lease holder: stops and take profits of 300,000 positions, 200,000 pending
// orders, 25,000 stop-out levels, 200,000 trailing stops and 200,000 price alerts (the alert evaluator's own index,
// the same TriggerIndex, evaluated on the same tick), on the realistic path of a few points a tick. Per tick: both
// indexes' crossed() and the trailing ratchets — what the engine and the alert evaluator do before any transaction;
// also printed, the same with the order flow (what fired set again at a new level: the inserts and removals the books
// take between ticks) and the cost of adding a trailing stop (the closed ones come back every REARM_EVERY ticks).
// Memory: the heap the two indexes and the trailing book hold once armed, and again after the ticks (after a
// collection where the runtime allows one; the bench's own lists of what to arm are made before the first reading).
const MILLION = {
  positions: smokeOr(30_000, 300_000),
  pending: smokeOr(20_000, 200_000),
  stopouts: smokeOr(2_500, 25_000),
  trailing: smokeOr(20_000, 200_000),
  alerts: smokeOr(20_000, 200_000),
};
function collect() {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) g();
}
type Arm = { type: TriggerType; ref: number; inst: number; book: BookName; level: number };
function runMillion(n: number, path: Tick[]) {
  // What to arm, made first (same draws in the same order as arming them one by one).
  const arms: Arm[] = [];
  let r = 5e7;
  for (let i = 0; i < MILLION.positions; i++) {
    const inst = i % INSTRUMENTS;
    const side = rnd() < 0.5 ? 1 : 2;
    const id = ++r;
    const which = rnd();
    for (const kind of ['sl', 'tp'] as const) {
      if ((kind === 'sl' && which >= 0.75) || (kind === 'tp' && which <= 0.25)) continue;
      const b = stopBook(side, kind);
      arms.push({ type: kind, ref: id, inst, book: b, level: levelNear(inst, b) });
    }
  }
  for (let i = 0; i < MILLION.pending; i++) {
    const inst = i % INSTRUMENTS;
    const b = pendingBook(rnd() < 0.5 ? 1 : 2, rnd() < 0.5 ? 'limit' : 'stop');
    arms.push({ type: 'pending', ref: ++r, inst, book: b, level: levelNear(inst, b) });
  }
  for (let i = 0; i < MILLION.stopouts; i++) {
    const inst = i % INSTRUMENTS;
    const b: BookName = rnd() < 0.5 ? 'bidLE' : 'bidGE';
    arms.push({ type: 'stopout', ref: i + 1, inst, book: b, level: levelNear(inst, b) });
  }
  const trailMeta = new Map<number, { inst: number; side: 1 | 2; distance: number; anchor: number }>();
  for (let i = 0; i < MILLION.trailing; i++) {
    const inst = i % INSTRUMENTS;
    const side = rnd() < 0.5 ? 1 : 2;
    const p = price[inst] as number;
    const distance = 10 + Math.floor(rnd() * 490);
    trailMeta.set(2e8 + i, { inst, side, distance, anchor: side === 1 ? p : p * 1.0001 });
  }
  const alertArms: Arm[] = [];
  for (let i = 0; i < MILLION.alerts; i++) {
    const inst = i % INSTRUMENTS;
    const b: BookName = (['bidGE', 'bidLE', 'askGE', 'askLE'] as const)[i % 4] as BookName;
    alertArms.push({ type: 'alert', ref: 3e8 + i, inst, book: b, level: levelNear(inst, b) });
  }
  collect();
  const heap0 = process.memoryUsage().heapUsed;
  const engine = new TriggerIndex();
  const alerts = new TriggerIndex();
  for (const a of arms) engine.set(a.type, a.ref, a.inst, a.book, a.level);
  const book = new TrailingBook(engine);
  for (const [id, m] of trailMeta) book.add(id, m.inst, m.side, 5, m.distance, m.anchor);
  for (const a of alertArms) alerts.set(a.type, a.ref, a.inst, a.book, a.level);
  const armed = arms.length + trailMeta.size + alertArms.length;
  collect();
  const heap = process.memoryUsage().heapUsed - heap0;
  const times: number[] = [];
  const indexTimes: number[] = [];
  const tickTimes: number[] = [];
  let readded = 0;
  let readdMs = 0;
  let fired = 0;
  let waiting: number[] = [];
  const asks = price.map((p) => p * 1.0001);
  for (let i = 0; i < n; i++) {
    const tk = path[i] as Tick;
    price[tk.inst] = tk.bid;
    asks[tk.inst] = tk.ask;
    const t0 = performance.now();
    const out = engine.crossed(tk.inst, tk.bid, tk.ask);
    const rang = alerts.crossed(tk.inst, tk.bid, tk.ask);
    const tIndex = performance.now();
    const trail = out.filter((e) => e.type === 'trail' || e.type === 'ratchet');
    const hits = trail.length > 0 ? book.onEntries(trail, tk.bid, tk.ask) : [];
    const t1 = performance.now();
    times.push(t1 - t0);
    indexTimes.push(tIndex - t0);
    for (const h of hits) waiting.push(h.orderId);
    // Closed trailing stops come back as new ones every REARM_EVERY ticks (new orders), at the price then: timed
    // apart, per stop (a batch of a hundred ticks' closes in one go is no tick the engine sees).
    if ((i + 1) % REARM_EVERY === 0) {
      const r0 = performance.now();
      for (const id of waiting) {
        const m = trailMeta.get(id);
        if (m)
          book.add(
            id,
            m.inst,
            m.side,
            5,
            m.distance,
            m.side === 1 ? (price[m.inst] as number) : (asks[m.inst] as number),
          );
      }
      readded += waiting.length;
      readdMs += performance.now() - r0;
      waiting = [];
    }
    fired += out.length - trail.length + hits.length + rang.length;
    // Order flow (outside the figures above): what fired comes back at a new level (the book keeps its size).
    const t2 = performance.now();
    for (const e of out) {
      if (e.type === 'trail' || e.type === 'ratchet') continue;
      engine.set(
        e.type,
        e.ref,
        e.instrumentId,
        e.book,
        levelNear(e.instrumentId, e.book, `${e.type}:${e.ref}`),
      );
    }
    for (const e of rang)
      alerts.set('alert', e.ref, e.instrumentId, e.book, levelNear(e.instrumentId, e.book, `alert:${e.ref}`));
    tickTimes.push(t1 - t0 + (performance.now() - t2));
  }
  collect();
  const heapAfter = process.memoryUsage().heapUsed - heap0;
  // Used after the reading, so held through it: the books (else collected as dead), and the lists armed from (so
  // that both readings count the same of them).
  const held = engine.size + alerts.size + book.size + arms.length + alertArms.length;
  return { times, indexTimes, tickTimes, fired, armed, heap, heapAfter, held, readded, readdMs };
}
reset();
runMillion(TICKS_SCAN, trailingTicks);
reset();
const mil = runMillion(TICKS_INDEX, trailingTicks);
const ms = summary(mil.times);
const mi = summary(mil.indexTimes);
const mt = summary(mil.tickTimes);
console.log(
  `  ${mil.armed.toLocaleString('en')} armed triggers (${MILLION.positions} positions' stops, ${MILLION.pending} pending, ${MILLION.stopouts} stop-out levels, ${MILLION.trailing} trailing, ${MILLION.alerts} alerts), ${TICKS_INDEX} ticks of a few points, closed trailing stops replaced every ${REARM_EVERY} ticks, heap ${(mil.heap / 2 ** 20).toFixed(0)} MiB${(globalThis as { gc?: unknown }).gc ? '' : ' (no gc exposed: approximate)'}, fired ${mil.fired}`,
);
console.log(
  `    index (both indexes' crossed()): mean ${f(mi.mean)}  p50 ${f(mi.p50)}  p99 ${f(mi.p99)}  max ${f(mi.max)}`,
);
console.log(
  `    index + trailing ratchets and closes: mean ${f(ms.mean)}  p50 ${f(ms.p50)}  p99 ${f(ms.p99)}  max ${f(ms.max)}`,
);
console.log(
  `    index + trailing + the order flow (what fired set again at a new level): mean ${f(mt.mean)}  p50 ${f(mt.p50)}  p99 ${f(mt.p99)}  max ${f(mt.max)}`,
);
console.log(
  `    closed trailing stops added back: ${mil.readded} in batches every ${REARM_EVERY} ticks, ${f(mil.readdMs / Math.max(1, mil.readded))} each; heap after the ticks ${(mil.heapAfter / 2 ** 20).toFixed(0)} MiB`,
);
figure('trigger evaluation, 1,000,000 armed triggers, index p99 per tick', mi.p99 * 1000, ' µs', '<= 100 µs');
figure(
  'trigger evaluation, 1,000,000 armed triggers, with trailing work, p99 per tick',
  ms.p99 * 1000,
  ' µs',
  'reported',
);
figure(
  'trigger evaluation, 1,000,000 armed triggers, with trailing work and the order flow, p99 per tick',
  mt.p99 * 1000,
  ' µs',
  'reported',
);
figure('trigger evaluation, 1,000,000 armed triggers, heap', mil.heap / 2 ** 20, ' MiB', 'reported');
figure(
  'trigger evaluation, 1,000,000 armed triggers, heap after the ticks',
  mil.heapAfter / 2 ** 20,
  ' MiB',
  'reported',
);
