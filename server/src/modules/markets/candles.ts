/**
 * Candles: periods, buckets, aggregation of ticks, and the synthetic history of a fresh installation.
 *
 * History is a pure function of (instrument, seed, anchor time, anchor price): the anchor is persisted
 * (`market_state`), so every node and every restart materialises the same candles without storing a year of
 * synthetic rows, while every candle built from live ticks (from the anchor on) is persisted in `candles`.
 * It is generated per period directly, finest first: each coarser period aggregates the finer candles where they
 * cover its buckets (so the periods agree with each other) and continues further back with a random walk of its own
 * that ends where the aggregated part begins. Closed buckets of the schedule have no candle.
 */
import { PERIODS } from '@meridian/shared/pure';
import type { Period } from '@meridian/shared/pure';
import type { InstrumentSpec } from './catalogue';
import { roundTo } from './feed';
import { hashSeed, Rng } from './rng';
import { bucketOpen, MINUTE_MS } from './schedule';

export type Candle = { time: number; open: number; high: number; low: number; close: number; volume: number };

export const PERIOD_LIST = Object.keys(PERIODS) as Period[];
export const PERIOD_MS: Record<Period, number> = Object.fromEntries(
  PERIOD_LIST.map((p) => [p, PERIODS[p] * MINUTE_MS]),
) as Record<Period, number>;

export function isPeriod(v: unknown): v is Period {
  return typeof v === 'string' && Object.prototype.hasOwnProperty.call(PERIODS, v);
}

/** Start of the bucket holding `t` (UTC-aligned; 1D starts at 00:00 UTC). */
export function bucketOf(period: Period, t: number): number {
  const len = PERIOD_MS[period];
  return Math.floor(t / len) * len;
}

/** Fold a price into a candle (mutates). */
export function applyTick(c: Candle, price: number, volume: number): void {
  if (price > c.high) c.high = price;
  if (price < c.low) c.low = price;
  c.close = price;
  c.volume = roundTo(c.volume + volume, 4);
}

const YEAR_MS = 365 * 86_400_000;
/** Synthetic candles per period: comfortably more than the 500 a chart needs. */
export const HISTORY_CANDLES = 600;

/**
 * The synthetic history ending with the bucket holding `anchorTime` (or the last open bucket before it), whose close
 * is `anchorPrice`. Oldest first, per period.
 */
export function synthesizeHistory(
  spec: InstrumentSpec,
  seed: number,
  anchorTime: number,
  anchorPrice: number,
  count: number = HISTORY_CANDLES,
): Record<Period, Candle[]> {
  const out = {} as Record<Period, Candle[]>;
  const d = spec.pricePrecision;
  let finer: Candle[] | undefined;
  for (const period of PERIOD_LIST) {
    const len = PERIOD_MS[period];
    const rng = new Rng(hashSeed(seed, 'history', spec.code, period));
    // Open buckets, newest first.
    const buckets: number[] = [];
    let t = bucketOf(period, anchorTime);
    for (let guard = 0; buckets.length < count && guard < count * 20; guard += 1, t -= len) {
      if (bucketOpen(spec.schedule, t, len)) buckets.push(t);
    }
    const newestFirst: Candle[] = [];
    const fine = finer ?? [];
    const fineStart = fine[0]?.time ?? Number.POSITIVE_INFINITY;
    let fi = fine.length - 1;
    let nextOpen = anchorPrice;
    let nextTime = Number.POSITIVE_INFINITY;
    for (const start of buckets) {
      if (start >= fineStart) {
        // Aggregate the finer candles of this bucket.
        let agg: Candle | undefined;
        while (fi >= 0) {
          const f = fine[fi];
          if (!f || f.time < start) break;
          if (f.time < start + len) {
            if (!agg) agg = { ...f };
            else {
              agg.open = f.open;
              agg.high = Math.max(agg.high, f.high);
              agg.low = Math.min(agg.low, f.low);
              agg.volume = roundTo(agg.volume + f.volume, 4);
            }
            agg.time = start;
          }
          fi -= 1;
        }
        if (agg) {
          newestFirst.push(agg);
          nextOpen = agg.open;
          nextTime = start;
        }
        continue;
      }
      // Random walk backwards: this candle closes where the newer one opens.
      const gapMs = Math.max(len, nextTime === Number.POSITIVE_INFINITY ? len : nextTime - start);
      const sd = spec.volatility * Math.sqrt(gapMs / YEAR_MS);
      const close = nextOpen;
      let r = sd * rng.normal();
      if (spec.reversion > 0) r += (spec.reversion * Math.log(close / spec.refPrice) * gapMs) / YEAR_MS;
      const open = roundTo(close * Math.exp(-r), d);
      const barSd = spec.volatility * Math.sqrt(len / YEAR_MS);
      const high = roundTo(Math.max(open, close) * Math.exp(Math.abs(rng.normal()) * barSd * 0.5), d);
      const low = roundTo(Math.min(open, close) * Math.exp(-Math.abs(rng.normal()) * barSd * 0.5), d);
      const volume = roundTo(
        spec.tickVolume * spec.activity * 10 * (len / 1000) * (0.4 + 1.4 * rng.next()),
        2,
      );
      newestFirst.push({
        time: start,
        open,
        high: Math.max(high, open, close),
        low: Math.min(low, open, close),
        close,
        volume,
      });
      nextOpen = open;
      nextTime = start;
    }
    const series = newestFirst.reverse();
    out[period] = series;
    finer = series;
  }
  return out;
}
