/**
 * The market service: implements the MarketData contract on top of a PriceFeed. Every tick updates the latest
 * quote, the current candle of every period and the day statistics, is handed to the tick listeners (the trading
 * engine), and is published on the bus (`DAY_MARKET` and `KLINE.{code}`, batched per event-loop turn; the gateway
 * coalesces per instrument). Candles are persisted in `candles` by a flush (every second in production, on close,
 * or `flush()` in tests).
 *
 * Scale-out: only the lease holder runs the feed and persists. Followers build the same state from the bus events
 * (quotes and current candles) and read older candles from the shared database, so they serve trade_list and kline
 * too; their tick listeners are not called (the engine runs on the leader only).
 */
import { klineTopic, quoteIsFresh, TOPICS, usdRateOf } from '@meridian/shared/pure';
import type { DayMarketQuote, FeedState, KlineUpdate, Period } from '@meridian/shared/pure';
import type { BusEvent, EventBus } from '../../realtime/bus';
import type { Lease } from '../../realtime/lease';
import type { DB } from '../../storage/db';
import type { Instrument, MarketData, Quote } from './contract';
import { INSTRUMENTS } from './catalogue';
import type { InstrumentSpec } from './catalogue';
import { applyTick, bucketOf, PERIOD_LIST, PERIOD_MS, synthesizeHistory } from './candles';
import type { Candle } from './candles';
import { roundTo } from './feed';
import type { FeedTick, PriceFeed } from './feed';
import { isOpenAt } from './schedule';

/** Candles kept in memory per instrument and period (abbreviated_cache_kline and the recent end of kline). */
export const MEMORY_CANDLES = 300;

type Series = { recent: Candle[]; current: Candle | undefined };
type Anchor = { seed: number; time: number; price: number };
type State = {
  spec: InstrumentSpec;
  anchor: Anchor;
  quote: Quote | undefined;
  /** Built lazily (synthetic history + persisted tail). */
  series: Record<Period, Series> | undefined;
  history: Record<Period, Candle[]> | undefined;
  /** Whether the market was open when last announced (DAY_MARKET's MarketStatus), to announce a change. */
  announcedOpen: boolean | undefined;
};

/** Today's change in % of `price` against the previous day's close, as the quotes list shows it (2 decimals). */
export function changePercent(price: number, closed: number): number {
  return closed > 0 ? roundTo(((price - closed) / closed) * 100, 2) : 0;
}

export type DayStats = {
  open: number;
  closed: number;
  high: number;
  low: number;
  volume: number;
  change: number;
};

type Log = { warn: (obj: unknown, msg?: string) => void; error: (obj: unknown, msg?: string) => void };

export type MarketServiceOptions = {
  db: DB;
  bus: EventBus;
  lease: Lease;
  feed: PriceFeed;
  now: () => number;
  /** Seed of the synthetic history of a fresh installation (kept per instrument in market_state). */
  historySeed: number;
  /** Run the feed on real timers when leader, and flush every `flushMs` (off in tests). */
  autoStart: boolean;
  flushMs?: number;
  /** Quotes older than this are not traded at (QUOTE_MAX_AGE_MS); null: never stale (a feed driven by hand). */
  maxQuoteAgeMs?: number | null;
  /** How often the schedule is checked for markets that opened or closed, to announce them (autoStart only). */
  statusCheckMs?: number;
  instruments?: readonly InstrumentSpec[];
  log?: Log;
};

const NOOP_LOG: Log = { warn: () => undefined, error: () => undefined };

export class MarketService implements MarketData {
  readonly feed: PriceFeed;
  private readonly db: DB;
  private readonly bus: EventBus;
  private readonly lease: Lease;
  private readonly now: () => number;
  private readonly opts: MarketServiceOptions;
  private readonly log: Log;
  private readonly specs: readonly InstrumentSpec[];
  private readonly byKey = new Map<string | number, State>();
  private readonly states: State[] = [];
  private readonly listeners = new Set<(q: Quote) => void>();
  /** Persisted tails loaded at start-up (restart), merged into the series on first use. */
  private dbTail = new Map<string, Candle[]>();
  private readonly dirtyCandles = new Map<string, { id: number; period: Period; candle: Candle }>();
  private readonly dirtyQuotes = new Set<number>();
  private readonly pendingDay = new Map<number, DayMarketQuote>();
  private readonly pendingKline = new Set<number>();
  private publishScheduled = false;
  private flushing: Promise<void> = Promise.resolve();
  private flushTimer: NodeJS.Timeout | undefined;
  private statusTimer: NodeJS.Timeout | undefined;
  private unsubscribers: (() => void)[] = [];
  private initialised = false;
  private closed = false;

  constructor(opts: MarketServiceOptions) {
    this.opts = opts;
    this.db = opts.db;
    this.bus = opts.bus;
    this.lease = opts.lease;
    this.feed = opts.feed;
    this.now = opts.now;
    this.log = opts.log ?? NOOP_LOG;
    this.specs = opts.instruments ?? INSTRUMENTS;
    for (const spec of this.specs) {
      const st: State = {
        spec,
        anchor: { seed: opts.historySeed, time: opts.now(), price: spec.refPrice },
        // Answered from the reference price until init() loads the persisted quote.
        quote: {
          instrumentId: spec.id,
          code: spec.code,
          bid: roundTo(spec.refPrice - spec.spread / 2, spec.pricePrecision),
          ask: roundTo(spec.refPrice + spec.spread / 2, spec.pricePrecision),
          time: opts.now(),
        },
        series: undefined,
        history: undefined,
        announcedOpen: undefined,
      };
      this.states.push(st);
      this.byKey.set(spec.id, st);
      this.byKey.set(spec.code, st);
    }
  }

  // ---- MarketData ----

  instruments(): readonly Instrument[] {
    return this.specs;
  }

  instrument(idOrCode: number | string): Instrument | undefined {
    return this.byKey.get(idOrCode)?.spec;
  }

  /** The catalogue entry with its simulator parameters and schedule. */
  spec(idOrCode: number | string): InstrumentSpec | undefined {
    return this.byKey.get(idOrCode)?.spec;
  }

  quote(instrumentId: number): Quote | undefined {
    return this.byKey.get(instrumentId)?.quote;
  }

  quoteFresh(instrumentId: number, now: number): boolean {
    const maxAge = this.opts.maxQuoteAgeMs;
    if (maxAge == null) return true;
    const q = this.byKey.get(instrumentId)?.quote;
    return q !== undefined && quoteIsFresh(q.time, now, maxAge);
  }

  /** The newest quote's age (ms) among the instruments open at `now`; null when none is open (health). */
  feedAge(now: number): number | null {
    let newest: number | null = null;
    for (const st of this.states) {
      if (!isOpenAt(st.spec.schedule, now) || !st.quote) continue;
      if (newest === null || st.quote.time > newest) newest = st.quote.time;
    }
    return newest === null ? null : Math.max(0, now - newest);
  }

  /** `live`, `stale` (by the same age rule as trading) or `closed` (nothing open at `now`): the health answer. */
  feedState(now: number): FeedState {
    const age = this.feedAge(now);
    if (age === null) return 'closed';
    const maxAge = this.opts.maxQuoteAgeMs;
    return maxAge == null || age <= maxAge ? 'live' : 'stale';
  }

  isOpen(instrumentId: number, now: number): boolean {
    const st = this.byKey.get(instrumentId);
    return st ? isOpenAt(st.spec.schedule, now) : false;
  }

  onTick(listener: (quote: Quote) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  usdRate(currency: string): number | undefined {
    return usdRateOf(currency, (code) => this.byKey.get(code)?.quote);
  }

  // ---- lifecycle ----

  /** Load or create the per-instrument state (after migrations), prime the feed, follow the bus. */
  async init(): Promise<void> {
    if (this.initialised) return;
    this.initialised = true;
    const now = this.now();
    let rows = await this.db.selectFrom('market_state').selectAll().execute();
    const known = new Set(rows.map((r) => r.instrument_id));
    const missing = this.states.filter((s) => !known.has(s.spec.id));
    if (missing.length > 0) {
      await this.db
        .insertInto('market_state')
        .values(
          missing.map((s) => {
            const half = s.spec.spread / 2;
            const d = s.spec.pricePrecision;
            return {
              instrument_id: s.spec.id,
              code: s.spec.code,
              history_seed: this.opts.historySeed,
              anchor_time: now,
              anchor_price: s.spec.refPrice,
              bid: roundTo(s.spec.refPrice - half, d),
              ask: roundTo(s.spec.refPrice + half, d),
              quote_time: now,
            };
          }),
        )
        .onConflict((oc) => oc.column('instrument_id').doNothing())
        .execute();
      rows = await this.db.selectFrom('market_state').selectAll().execute();
    }
    for (const r of rows) {
      const st = this.byKey.get(r.instrument_id);
      if (!st) continue;
      st.anchor = {
        seed: Number(r.history_seed),
        time: Number(r.anchor_time),
        price: Number(r.anchor_price),
      };
      st.quote = {
        instrumentId: st.spec.id,
        code: st.spec.code,
        bid: Number(r.bid),
        ask: Number(r.ask),
        time: Number(r.quote_time),
      };
    }
    // Restart: the persisted recent candles (one query per period).
    if (missing.length < this.states.length) {
      for (const period of PERIOD_LIST) {
        const since = bucketOf(period, now) - MEMORY_CANDLES * PERIOD_MS[period];
        const candles = await this.db
          .selectFrom('candles')
          .selectAll()
          .where('period', '=', period)
          .where('time', '>=', since)
          .orderBy('time', 'asc')
          .execute();
        for (const c of candles) {
          const key = `${c.instrument_id}|${period}`;
          const list = this.dbTail.get(key) ?? [];
          list.push(toCandle(c));
          this.dbTail.set(key, list);
        }
      }
    }
    this.feed.prime(this.states.flatMap((s) => (s.quote ? [s.quote] : [])));
    this.unsubscribers.push(this.feed.onTick((t) => this.onFeedTick(t)));
    this.unsubscribers.push(this.bus.subscribe((e) => this.onBusEvent(e)));
    this.unsubscribers.push(
      this.lease.onChange((leader) => {
        if (leader) {
          // Continue from the latest quotes this node has seen (from the bus while following).
          this.feed.prime(this.states.flatMap((s) => (s.quote ? [s.quote] : [])));
          if (this.opts.autoStart && !this.closed) this.feed.start();
        } else this.feed.stop();
      }),
    );
  }

  /** When the app is ready: compete for the lease; the leader runs the feed (real timers only with autoStart). */
  async start(): Promise<void> {
    await this.lease.start();
    if (this.opts.autoStart && this.lease.isLeader()) this.feed.start();
    if (this.opts.autoStart && !this.flushTimer) {
      this.flushTimer = setInterval(() => void this.flush(), this.opts.flushMs ?? 1000);
      this.flushTimer.unref();
    }
    this.announceStatusChanges();
    if (this.opts.autoStart && !this.statusTimer) {
      this.statusTimer = setInterval(() => this.announceStatusChanges(), this.opts.statusCheckMs ?? 5000);
      this.statusTimer.unref();
    }
  }

  /**
   * Announce markets that opened or closed by their schedule since the last check: a closed market sends no ticks,
   * so without this an open page would show it open (and its order ticket enabled) until reloaded. The leader
   * publishes each change as a DAY_MARKET quote with the new MarketStatus; the first check only records the state.
   * Returns how many were announced.
   */
  announceStatusChanges(now: number = this.now()): number {
    let changed = 0;
    for (const st of this.states) {
      const open = isOpenAt(st.spec.schedule, now);
      const before = st.announcedOpen;
      st.announcedOpen = open;
      if (before === undefined || before === open || !this.lease.isLeader()) continue;
      this.pendingDay.set(st.spec.id, this.dayQuoteOf(st));
      changed++;
    }
    if (changed > 0 && !this.publishScheduled) {
      this.publishScheduled = true;
      queueMicrotask(() => this.publishNow());
    }
    return changed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.feed.stop();
    if (this.flushTimer) clearInterval(this.flushTimer);
    this.flushTimer = undefined;
    if (this.statusTimer) clearInterval(this.statusTimer);
    this.statusTimer = undefined;
    this.publishNow();
    await this.flush();
    for (const u of this.unsubscribers) u();
    this.unsubscribers = [];
    await this.lease.stop().catch(() => undefined);
  }

  // ---- ticks ----

  private onFeedTick(t: FeedTick): void {
    const st = this.byKey.get(t.instrumentId);
    if (!st) return;
    const quote: Quote = { instrumentId: t.instrumentId, code: t.code, bid: t.bid, ask: t.ask, time: t.time };
    st.quote = quote;
    const series = this.seriesOf(st);
    for (const period of PERIOD_LIST) {
      const s = series[period];
      const bucket = bucketOf(period, t.time);
      let c = s.current;
      if (c && bucket <= c.time) applyTick(c, t.bid, t.volume);
      else {
        if (c) {
          s.recent.push(c);
          if (s.recent.length > MEMORY_CANDLES) s.recent.splice(0, s.recent.length - MEMORY_CANDLES);
        }
        c = {
          time: bucket,
          open: t.bid,
          high: t.bid,
          low: t.bid,
          close: t.bid,
          volume: roundTo(t.volume, 4),
        };
        s.current = c;
      }
      this.dirtyCandles.set(`${st.spec.id}|${period}|${c.time}`, { id: st.spec.id, period, candle: c });
    }
    this.dirtyQuotes.add(st.spec.id);
    for (const l of this.listeners) {
      try {
        l(quote);
      } catch (err) {
        this.log.error({ err }, 'tick listener failed');
      }
    }
    this.pendingDay.set(st.spec.id, this.dayQuoteOf(st));
    this.pendingKline.add(st.spec.id);
    if (!this.publishScheduled) {
      this.publishScheduled = true;
      queueMicrotask(() => this.publishNow());
    }
  }

  /** Publish what the ticks since the last publish changed: one DAY_MARKET event, one KLINE event per instrument. */
  publishNow(): void {
    this.publishScheduled = false;
    if (this.pendingDay.size > 0) {
      this.bus.publish({ topic: TOPICS.dayMarket, data: [...this.pendingDay.values()] });
      this.pendingDay.clear();
    }
    for (const id of this.pendingKline) {
      const st = this.byKey.get(id);
      if (!st?.series) continue;
      const series = st.series;
      const data = PERIOD_LIST.flatMap((p) => {
        const c = series[p].current;
        return c ? [klineUpdate(st.spec.code, p, c)] : [];
      });
      this.bus.publish({ topic: klineTopic(st.spec.code), data });
    }
    this.pendingKline.clear();
  }

  /** Followers keep their quotes and current candles from the leader's events. */
  private onBusEvent(e: BusEvent): void {
    if (this.lease.isLeader()) return;
    if (e.topic === TOPICS.dayMarket) {
      for (const raw of asArray(e.data)) {
        const q = raw as Partial<DayMarketQuote>;
        const st = typeof q.Id === 'number' ? this.byKey.get(q.Id) : undefined;
        if (!st || typeof q.bid !== 'number' || typeof q.ask !== 'number') continue;
        st.quote = {
          instrumentId: st.spec.id,
          code: st.spec.code,
          bid: q.bid,
          ask: q.ask,
          time: Number(q.time),
        };
      }
      return;
    }
    if (!e.topic.startsWith('KLINE.')) return;
    for (const raw of asArray(e.data)) {
      const k = raw as Partial<KlineUpdate>;
      const st = typeof k.code === 'string' ? this.byKey.get(k.code) : undefined;
      if (!st || typeof k.period !== 'string' || !PERIOD_LIST.includes(k.period as Period)) continue;
      if (typeof k.Time !== 'number' || typeof k.Close !== 'number') continue;
      const s = this.seriesOf(st)[k.period as Period];
      const candle: Candle = {
        time: k.Time,
        open: Number(k.Open),
        high: Number(k.High),
        low: Number(k.Low),
        close: k.Close,
        volume: Number(k.Volume),
      };
      if (s.current && s.current.time < candle.time) {
        s.recent.push(s.current);
        if (s.recent.length > MEMORY_CANDLES) s.recent.splice(0, s.recent.length - MEMORY_CANDLES);
        s.current = candle;
      } else if (!s.current || s.current.time === candle.time) s.current = candle;
    }
  }

  // ---- candles and statistics ----

  private historyOf(st: State): Record<Period, Candle[]> {
    if (!st.history) st.history = synthesizeHistory(st.spec, st.anchor.seed, st.anchor.time, st.anchor.price);
    return st.history;
  }

  private seriesOf(st: State): Record<Period, Series> {
    if (st.series) return st.series;
    const history = this.historyOf(st);
    const series = {} as Record<Period, Series>;
    for (const period of PERIOD_LIST) {
      const tail = this.dbTail.get(`${st.spec.id}|${period}`) ?? [];
      this.dbTail.delete(`${st.spec.id}|${period}`);
      const firstLive = tail[0]?.time ?? Number.POSITIVE_INFINITY;
      const merged = [...history[period].filter((c) => c.time < firstLive), ...tail].slice(
        -(MEMORY_CANDLES + 1),
      );
      const current = merged.pop();
      series[period] = {
        recent: merged.map((c) => ({ ...c })),
        current: current ? { ...current } : undefined,
      };
    }
    st.series = series;
    return series;
  }

  /** Day statistics from the current daily candle (00:00 UTC) and the previous day's close. */
  dayStats(instrumentId: number): DayStats | undefined {
    const st = this.byKey.get(instrumentId);
    if (!st) return undefined;
    const daily = this.seriesOf(st)['1D'];
    const c = daily.current;
    const price = st.quote?.bid ?? c?.close ?? st.spec.refPrice;
    const open = c?.open ?? price;
    const closed = daily.recent[daily.recent.length - 1]?.close ?? open;
    return {
      open,
      closed,
      high: Math.max(c?.high ?? price, price),
      low: Math.min(c?.low ?? price, price),
      volume: roundTo(c?.volume ?? 0, 2),
      change: changePercent(price, closed),
    };
  }

  /** The basis of today's change: the previous day's close (`closed` of the quotes list). */
  dayBasis(instrumentId: number): number | undefined {
    const closed = this.dayStats(instrumentId)?.closed;
    return closed !== undefined && closed > 0 ? closed : undefined;
  }

  /** The DAY_MARKET payload of an instrument (latest quote and day statistics). */
  dayQuote(instrumentId: number): DayMarketQuote | undefined {
    const st = this.byKey.get(instrumentId);
    return st ? this.dayQuoteOf(st) : undefined;
  }

  private dayQuoteOf(st: State): DayMarketQuote {
    const stats = this.dayStats(st.spec.id) as DayStats;
    const half = st.spec.spread / 2;
    const bid = st.quote?.bid ?? roundTo(st.spec.refPrice - half, st.spec.pricePrecision);
    const ask = st.quote?.ask ?? roundTo(st.spec.refPrice + half, st.spec.pricePrecision);
    const time = st.quote?.time ?? this.now();
    return {
      Id: st.spec.id,
      Code: st.spec.code,
      price: bid,
      bid,
      ask,
      open: stats.open,
      closed: stats.closed,
      high: stats.high,
      low: stats.low,
      volume: stats.volume,
      change: stats.change,
      MarketStatus: isOpenAt(st.spec.schedule, this.now()) ? 1 : 0,
      time,
    };
  }

  /** The most recent candles from memory, oldest first (abbreviated_cache_kline). */
  recentCandles(instrumentId: number, period: Period, limit: number): Candle[] {
    const st = this.byKey.get(instrumentId);
    if (!st) return [];
    const s = this.seriesOf(st)[period];
    const all = s.current ? [...s.recent, s.current] : s.recent;
    return all.slice(-limit).map((c) => ({ ...c }));
  }

  /**
   * Up to `limit` candles before `before` (exclusive; default: all), oldest first: persisted live candles, the
   * unflushed ones in memory, and the synthetic history further back.
   */
  async candles(instrumentId: number, period: Period, limit: number, before?: number): Promise<Candle[]> {
    const st = this.byKey.get(instrumentId);
    if (!st) return [];
    const series = this.seriesOf(st)[period];
    let q = this.db
      .selectFrom('candles')
      .selectAll()
      .where('instrument_id', '=', instrumentId)
      .where('period', '=', period);
    if (before !== undefined) q = q.where('time', '<', before);
    const rows = await q.orderBy('time', 'desc').limit(limit).execute();
    const byTime = new Map<number, Candle>();
    for (const r of rows) byTime.set(Number(r.time), toCandle(r));
    for (const c of series.current ? [...series.recent, series.current] : series.recent) {
      if (before === undefined || c.time < before) byTime.set(c.time, { ...c });
    }
    if (byTime.size < limit) {
      let oldest = Number.POSITIVE_INFINITY;
      for (const t of byTime.keys()) oldest = Math.min(oldest, t);
      const history = this.historyOf(st)[period].filter(
        (c) => c.time < oldest && (before === undefined || c.time < before),
      );
      for (const c of history.slice(-(limit - byTime.size))) byTime.set(c.time, { ...c });
    }
    return [...byTime.values()].sort((a, b) => a.time - b.time).slice(-limit);
  }

  // ---- persistence ----

  /** Write the changed candles and last quotes. Serialised; errors are logged and the rows retried next time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeDirty()).catch(() => undefined);
    return this.flushing;
  }

  private async writeDirty(): Promise<void> {
    if (this.dirtyCandles.size === 0 && this.dirtyQuotes.size === 0) return;
    const candles = [...this.dirtyCandles.entries()];
    this.dirtyCandles.clear();
    const quotes = [...this.dirtyQuotes];
    this.dirtyQuotes.clear();
    try {
      const rows = candles.map(([, { id, period, candle }]) => ({
        instrument_id: id,
        period,
        time: candle.time,
        open: candle.open,
        high: candle.high,
        low: candle.low,
        close: candle.close,
        volume: candle.volume,
      }));
      for (let i = 0; i < rows.length; i += 500) {
        await this.db
          .insertInto('candles')
          .values(rows.slice(i, i + 500))
          .onConflict((oc) =>
            oc.columns(['instrument_id', 'period', 'time']).doUpdateSet((eb) => ({
              open: eb.ref('excluded.open'),
              high: eb.ref('excluded.high'),
              low: eb.ref('excluded.low'),
              close: eb.ref('excluded.close'),
              volume: eb.ref('excluded.volume'),
            })),
          )
          .execute();
      }
      const quoteRows = quotes.flatMap((id) => {
        const st = this.byKey.get(id);
        if (!st?.quote) return [];
        return [
          {
            instrument_id: id,
            code: st.spec.code,
            history_seed: st.anchor.seed,
            anchor_time: st.anchor.time,
            anchor_price: st.anchor.price,
            bid: st.quote.bid,
            ask: st.quote.ask,
            quote_time: st.quote.time,
          },
        ];
      });
      if (quoteRows.length > 0) {
        await this.db
          .insertInto('market_state')
          .values(quoteRows)
          .onConflict((oc) =>
            oc.column('instrument_id').doUpdateSet((eb) => ({
              bid: eb.ref('excluded.bid'),
              ask: eb.ref('excluded.ask'),
              quote_time: eb.ref('excluded.quote_time'),
            })),
          )
          .execute();
      }
    } catch (err) {
      this.log.warn({ err }, 'market data flush failed; retrying on the next flush');
      for (const [k, v] of candles) if (!this.dirtyCandles.has(k)) this.dirtyCandles.set(k, v);
      for (const id of quotes) this.dirtyQuotes.add(id);
    }
  }
}

function asArray(data: unknown): unknown[] {
  return Array.isArray(data) ? data : [data];
}

function toCandle(r: {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}): Candle {
  return {
    time: Number(r.time),
    open: Number(r.open),
    high: Number(r.high),
    low: Number(r.low),
    close: Number(r.close),
    volume: Number(r.volume),
  };
}

export function klineUpdate(code: string, period: Period, c: Candle): KlineUpdate {
  return {
    code,
    period,
    Time: c.time,
    Open: c.open,
    High: c.high,
    Low: c.low,
    Close: c.close,
    Volume: c.volume,
  };
}
