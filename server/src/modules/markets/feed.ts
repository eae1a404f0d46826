/**
 * The price feed: one interface (`PriceFeed`) and the simulator behind it (`SimulatedFeed`). A real provider can be
 * added behind the same interface later; the market service and the trading engine only see ticks.
 *
 * The simulator is deterministic: a seed and an injectable clock. Every instrument has its own random stream, so
 * the same seed and the same sequence of `step(now)` calls give the same prices. In production `start()` runs a
 * step every 100 ms and each open instrument ticks with its own probability (about 3-6 ticks a second).
 *
 * Model per tick: log-normal move with the instrument's annual volatility scaled to the time since its last tick
 * (so a weekend or an overnight closure opens with a gap), fat tails, mean reversion toward the reference price for
 * forex, rare jumps (gaps) of 8-20 one-minute deviations, and a bid/ask spread that widens around the 22:00 UTC
 * rollover and during the first hour after the weekend open.
 *
 * Tests: `step(now)` / `advance(ms)` drive ticks without timers; `setPrice(code, bid, ask)` forces an exact quote
 * (emitted as a tick like any other, so the market service, the candles and the trading engine all see it) and the
 * random walk continues from there.
 */
import type { Quote } from './contract';
import { INSTRUMENTS } from './catalogue';
import type { InstrumentSpec } from './catalogue';
import { hashSeed, Rng } from './rng';
import { DAY_MS, isOpenAt, MINUTE_MS, sinceReopen } from './schedule';

/** A tick: the quote plus the traded volume it represents; `forced` when set through `setPrice`. */
export type FeedTick = Quote & { volume: number; forced?: boolean };
export type TickListener = (tick: FeedTick) => void;

export interface PriceFeed {
  /** 'simulator', or the name of a real provider. */
  readonly kind: string;
  /** Starting prices (e.g. the last persisted quotes), by instrument id; call before start(). */
  prime(quotes: Iterable<{ instrumentId: number; bid: number; ask: number; time: number }>): void;
  /** Every tick, in order. Returns an unsubscribe. */
  onTick(listener: TickListener): () => void;
  /** Begin producing ticks (real timers). Idempotent. */
  start(): void;
  stop(): void;
  isRunning(): boolean;
}

export type SimulatorOptions = {
  seed?: number;
  /** The clock (epoch ms); default Date.now. */
  now?: () => number;
  instruments?: readonly InstrumentSpec[];
  /** Interval between steps with real timers (ms), default 100. */
  stepMs?: number;
  /** Called when a tick listener throws (the feed keeps going). */
  onError?: (err: unknown) => void;
};

const YEAR_S = 365 * 86400;
/** Probability of a jump on one tick. */
const GAP_PROBABILITY = 2e-5;
const MAX_DT_S = 3 * 86400;

type State = { mid: number; lastTime: number | undefined; rng: Rng };

export function roundTo(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export class SimulatedFeed implements PriceFeed {
  readonly kind = 'simulator';
  readonly seed: number;
  readonly stepMs: number;
  private readonly now: () => number;
  private readonly specs: readonly InstrumentSpec[];
  private readonly byKey = new Map<string | number, InstrumentSpec>();
  private readonly states = new Map<number, State>();
  private readonly listeners = new Set<TickListener>();
  private readonly onError: (err: unknown) => void;
  private timer: NodeJS.Timeout | undefined;
  private lastStepAt: number | undefined;

  constructor(opts: SimulatorOptions = {}) {
    this.seed = opts.seed ?? 1;
    this.now = opts.now ?? Date.now;
    this.stepMs = opts.stepMs ?? 100;
    this.specs = opts.instruments ?? INSTRUMENTS;
    this.onError = opts.onError ?? (() => undefined);
    for (const s of this.specs) {
      this.byKey.set(s.id, s);
      this.byKey.set(s.code, s);
      this.states.set(s.id, {
        mid: s.refPrice,
        lastTime: undefined,
        rng: new Rng(hashSeed(this.seed, 'feed', s.code)),
      });
    }
  }

  prime(quotes: Iterable<{ instrumentId: number; bid: number; ask: number; time: number }>): void {
    for (const q of quotes) {
      const st = this.states.get(q.instrumentId);
      if (!st || !(q.bid > 0) || !(q.ask > 0)) continue;
      st.mid = (q.bid + q.ask) / 2;
      st.lastTime = q.time;
    }
  }

  onTick(listener: TickListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.step(), this.stepMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  isRunning(): boolean {
    return this.timer !== undefined;
  }

  /** The current mid price of an instrument in the simulation. */
  mid(idOrCode: number | string): number | undefined {
    const s = this.byKey.get(idOrCode);
    return s ? this.states.get(s.id)?.mid : undefined;
  }

  /**
   * One step at `now`: every instrument open at `now` ticks with its activity probability. Returns the ticks
   * (already delivered to the listeners).
   */
  step(now: number = this.now()): FeedTick[] {
    this.lastStepAt = now;
    const ticks: FeedTick[] = [];
    for (const spec of this.specs) {
      if (!isOpenAt(spec.schedule, now)) continue;
      const st = this.states.get(spec.id);
      if (!st) continue;
      if (st.rng.next() >= spec.activity) continue;
      const tick = this.move(spec, st, now);
      ticks.push(tick);
      this.emit(tick);
    }
    return ticks;
  }

  /** Steps every `stepMs` from the last step (or now) over the next `ms` milliseconds; returns all ticks. */
  advance(ms: number, stepMs: number = this.stepMs): FeedTick[] {
    const from = this.lastStepAt ?? this.now();
    const out: FeedTick[] = [];
    for (let t = from + stepMs; t <= from + ms; t += stepMs) out.push(...this.step(t));
    return out;
  }

  /**
   * Force an exact quote for an instrument (by code or id) at `time` (default: the clock), delivered as a tick
   * whatever the schedule; the random walk continues from its mid price. For tests and demos.
   */
  setPrice(idOrCode: number | string, bid: number, ask: number = bid, time: number = this.now()): FeedTick {
    const spec = this.byKey.get(idOrCode);
    if (!spec) throw new Error(`unknown instrument ${String(idOrCode)}`);
    if (!(bid > 0) || !(ask >= bid)) throw new Error(`invalid quote ${bid}/${ask}`);
    const st = this.states.get(spec.id);
    if (st) {
      st.mid = (bid + ask) / 2;
      st.lastTime = time;
    }
    const tick: FeedTick = {
      instrumentId: spec.id,
      code: spec.code,
      bid,
      ask,
      time,
      volume: spec.tickVolume,
      forced: true,
    };
    this.emit(tick);
    return tick;
  }

  /** Spread multiplier at `now`: up to 5x around the 22:00 UTC rollover and in the first hour after the weekend. */
  spreadFactor(spec: InstrumentSpec, now: number): number {
    if (spec.schedule.kind === 'always') return 1;
    let f = 1;
    if (spec.categoryId <= 3) {
      const m = Math.floor((((now % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
      if (m >= 22 * 60 && m < 22 * 60 + 5) f = 5;
      else if (m >= 21 * 60 + 55 && m < 22 * 60 + 15) f = 3;
    }
    const since = sinceReopen(spec.schedule, now, DAY_MS, 60 * MINUTE_MS);
    if (since !== undefined) f = Math.max(f, 1 + 4 * (1 - since / (60 * MINUTE_MS)));
    return f;
  }

  private move(spec: InstrumentSpec, st: State, now: number): FeedTick {
    const rng = st.rng;
    // Always the same number of draws per tick, so the streams stay aligned whatever happens.
    const eps = rng.normal();
    const tail = rng.next();
    const gapU = rng.next();
    const gapSize = rng.next();
    const spreadU = rng.next();
    const volU = rng.next();
    const dt =
      st.lastTime === undefined ? 0.1 : Math.min(MAX_DT_S, Math.max(0.01, (now - st.lastTime) / 1000));
    const sd = spec.volatility * Math.sqrt(dt / YEAR_S);
    let r = sd * (tail < 0.02 ? eps * 3 : eps);
    if (spec.reversion > 0) r += (spec.reversion * Math.log(spec.refPrice / st.mid) * dt) / YEAR_S;
    if (gapU < GAP_PROBABILITY) {
      const minuteSd = spec.volatility * Math.sqrt(60 / YEAR_S);
      r += (eps >= 0 ? 1 : -1) * (8 + 12 * gapSize) * minuteSd;
    }
    st.mid *= Math.exp(r);
    st.lastTime = now;
    const d = spec.pricePrecision;
    const point = 10 ** -d;
    const spread = spec.spread * this.spreadFactor(spec, now) * (0.85 + 0.3 * spreadU);
    const bid = roundTo(st.mid - spread / 2, d);
    let ask = roundTo(st.mid + spread / 2, d);
    if (ask <= bid) ask = roundTo(bid + point, d);
    return {
      instrumentId: spec.id,
      code: spec.code,
      bid,
      ask,
      time: now,
      volume: roundTo(spec.tickVolume * (0.2 + 1.8 * volU), 2),
    };
  }

  private emit(tick: FeedTick): void {
    for (const l of this.listeners) {
      try {
        l(tick);
      } catch (err) {
        this.onError(err);
      }
    }
  }
}
