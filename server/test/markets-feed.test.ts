/**
 * The simulator and the history without the app: determinism under a seed and a clock, spreads at rollover and at
 * the weekend open, no ticks while closed, gaps after a closure, and periods of the history agreeing with each other.
 */
import { INSTRUMENTS } from '../src/modules/markets/catalogue';
import type { InstrumentSpec } from '../src/modules/markets/catalogue';
import { PERIOD_LIST, PERIOD_MS, synthesizeHistory } from '../src/modules/markets/candles';
import { SimulatedFeed } from '../src/modules/markets/feed';
import type { FeedTick } from '../src/modules/markets/feed';
import { isOpenAt } from '../src/modules/markets/schedule';

const TUESDAY = Date.UTC(2026, 10, 17, 14, 0, 0);
const spec = (code: string) => INSTRUMENTS.find((i) => i.code === code) as InstrumentSpec;

function run(seed: number, from: number, ms: number): FeedTick[] {
  let clock = from;
  const feed = new SimulatedFeed({ seed, now: () => clock });
  const out: FeedTick[] = [];
  feed.onTick((t) => out.push(t));
  feed.step(from);
  feed.advance(ms);
  clock += ms;
  return out;
}

describe('catalogue', () => {
  it('has unique ids and codes, sane terms, and spreads of at least one point', () => {
    expect(INSTRUMENTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(INSTRUMENTS.map((i) => i.id)).size).toBe(INSTRUMENTS.length);
    expect(new Set(INSTRUMENTS.map((i) => i.code)).size).toBe(INSTRUMENTS.length);
    for (const i of INSTRUMENTS) {
      expect(i.spread).toBeGreaterThanOrEqual(10 ** -i.pricePrecision);
      expect(i.refPrice).toBeGreaterThan(i.spread * 10);
      expect(Number(i.minLots)).toBeGreaterThanOrEqual(Number(i.pip));
      expect(i.activity).toBeGreaterThan(0.2);
    }
  });
});

describe('simulated feed', () => {
  it('is deterministic: same seed and clock, same prices; another seed, other prices', () => {
    const a = run(42, TUESDAY, 10_000);
    const b = run(42, TUESDAY, 10_000);
    const c = run(43, TUESDAY, 10_000);
    expect(a.length).toBeGreaterThan(1000);
    expect(b).toEqual(a);
    expect(c.map((t) => t.bid)).not.toEqual(a.map((t) => t.bid));
  });

  it('ticks several times a second per instrument, prices move, bid < ask at the precision', () => {
    const ticks = run(7, TUESDAY, 10_000);
    const eurusd = ticks.filter((t) => t.code === 'EURUSD');
    expect(eurusd.length).toBeGreaterThan(30);
    expect(new Set(eurusd.map((t) => t.bid)).size).toBeGreaterThan(5);
    for (const t of ticks) {
      expect(t.ask).toBeGreaterThan(t.bid);
      const d = spec(t.code).pricePrecision;
      expect(Math.round(t.bid * 10 ** d) / 10 ** d).toBe(t.bid);
    }
    // Moves of a 10 s window stay small for a major.
    expect(Math.abs((eurusd[eurusd.length - 1]?.bid ?? 0) / 1.155 - 1)).toBeLessThan(0.01);
  });

  it('widens the spread at the 22:00 UTC rollover and at the weekend open', () => {
    const avgSpread = (from: number, code: string) => {
      const t = run(3, from, 30_000).filter((x) => x.code === code);
      expect(t.length).toBeGreaterThan(10);
      return t.reduce((s, x) => s + (x.ask - x.bid), 0) / t.length;
    };
    const normal = avgSpread(TUESDAY, 'EURUSD');
    const rollover = avgSpread(Date.UTC(2026, 10, 17, 22, 1), 'EURUSD');
    const weekendOpen = avgSpread(Date.UTC(2026, 10, 22, 22, 5), 'EURUSD');
    expect(rollover).toBeGreaterThan(2 * normal);
    expect(weekendOpen).toBeGreaterThan(2 * normal);
    // An hour after the weekend open the spread is back to normal.
    expect(avgSpread(Date.UTC(2026, 10, 22, 23, 30), 'EURUSD')).toBeLessThan(1.5 * normal);
    // Crypto has no rollover.
    expect(avgSpread(Date.UTC(2026, 10, 17, 22, 1), 'BTCUSD')).toBeLessThan(
      1.5 * avgSpread(TUESDAY, 'BTCUSD'),
    );
  });

  it('does not tick closed markets; reopens with a gap', () => {
    const saturday = Date.UTC(2026, 10, 21, 12, 0);
    const sat = run(5, saturday, 5_000);
    expect(sat.some((t) => t.code === 'BTCUSD')).toBe(true);
    expect(sat.filter((t) => spec(t.code).categoryId !== 5)).toEqual([]);

    // Friday close then Sunday open: the first tick moves by about a weekend of volatility.
    const moves: number[] = [];
    for (let seed = 1; seed <= 30; seed += 1) {
      let clock = Date.UTC(2026, 10, 20, 21, 59, 50);
      const feed = new SimulatedFeed({ seed, now: () => clock });
      const last: FeedTick[] = [];
      feed.onTick((t) => {
        if (t.code === 'EURUSD') last.push(t);
      });
      feed.advance(10_000);
      const before = last[last.length - 1]?.bid ?? 0;
      clock = Date.UTC(2026, 10, 22, 22, 0);
      feed.step(clock);
      for (let i = 0; i < 20 && last[last.length - 1]?.time !== clock; i += 1) feed.step((clock += 100));
      const after = last[last.length - 1]?.bid ?? 0;
      moves.push(Math.abs(after / before - 1));
    }
    const mean = moves.reduce((s, m) => s + m, 0) / moves.length;
    // A weekend of 7 % annual volatility: about 0.5 % standard deviation, far above a 100 ms move.
    expect(mean).toBeGreaterThan(0.0015);
  });

  it('forces prices with setPrice, even while closed, and continues from there', () => {
    let clock = Date.UTC(2026, 10, 21, 12, 0); // Saturday
    const feed = new SimulatedFeed({ seed: 1, now: () => clock });
    const got: FeedTick[] = [];
    feed.onTick((t) => got.push(t));
    const t = feed.setPrice('EURUSD', 1.1, 1.1001);
    expect(t).toMatchObject({ code: 'EURUSD', bid: 1.1, ask: 1.1001, time: clock, forced: true });
    expect(got).toEqual([t]);
    expect(feed.mid('EURUSD')).toBeCloseTo(1.10005, 10);
    clock = TUESDAY;
    feed.advance(1_000);
    expect(Math.abs((feed.mid('EURUSD') ?? 0) - 1.10005)).toBeLessThan(0.02);
    expect(() => feed.setPrice('EURUSD', 1.2, 1.1)).toThrow();
  });

  it('keeps running on timers only when started', () => {
    jest.useFakeTimers({ now: TUESDAY });
    try {
      const feed = new SimulatedFeed({ seed: 1, stepMs: 10 });
      let n = 0;
      feed.onTick(() => {
        n += 1;
      });
      jest.advanceTimersByTime(50);
      expect(n).toBe(0);
      feed.start();
      expect(feed.isRunning()).toBe(true);
      jest.advanceTimersByTime(80);
      feed.stop();
      expect(feed.isRunning()).toBe(false);
      expect(n).toBeGreaterThan(0);
      const stopped = n;
      jest.advanceTimersByTime(1000);
      expect(n).toBe(stopped);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('synthetic history', () => {
  it('ends at the anchor price, has no candle while closed, and coarser periods aggregate finer ones', () => {
    for (const code of ['EURUSD', 'US500', 'XAUUSD', 'BTCUSD']) {
      const s = spec(code);
      const h = synthesizeHistory(s, 9, TUESDAY, s.refPrice);
      for (const p of PERIOD_LIST) {
        const series = h[p];
        expect(series.length).toBeGreaterThanOrEqual(500);
        expect(series[series.length - 1]?.close).toBe(s.refPrice);
        for (let i = 1; i < series.length; i += 1) {
          const c = series[i];
          const prev = series[i - 1];
          if (!c || !prev) continue;
          expect(c.time).toBeGreaterThan(prev.time);
          expect(c.open).toBe(prev.close);
        }
        if (p === '1M' || p === '5M') {
          for (const c of series) expect(isOpenAt(s.schedule, c.time)).toBe(true);
        }
      }
      // Every 5M candle within the 1M range is the aggregate of its 1M candles.
      const m1 = h['1M'];
      const first = m1[0]?.time ?? 0;
      const covered = h['5M'].filter((c) => c.time >= first);
      expect(covered.length).toBeGreaterThan(50);
      for (const c of covered) {
        const parts = m1.filter((x) => x.time >= c.time && x.time < c.time + PERIOD_MS['5M']);
        expect(parts.length).toBeGreaterThan(0);
        expect(c.open).toBe(parts[0]?.open);
        expect(c.close).toBe(parts[parts.length - 1]?.close);
        expect(c.high).toBe(Math.max(...parts.map((x) => x.high)));
        expect(c.low).toBe(Math.min(...parts.map((x) => x.low)));
      }
    }
  });

  it('is a pure function of instrument, seed and anchor', () => {
    const s = spec('GBPJPY');
    expect(synthesizeHistory(s, 4, TUESDAY, 200)).toEqual(synthesizeHistory(s, 4, TUESDAY, 200));
    expect(synthesizeHistory(s, 5, TUESDAY, 200)['1H']).not.toEqual(
      synthesizeHistory(s, 4, TUESDAY, 200)['1H'],
    );
  });
});
