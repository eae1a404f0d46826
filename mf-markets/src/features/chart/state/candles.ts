/** Applying live `KLINE.{code}` updates to the loaded candles: replace the bucket being built, append a new one, cap. */
import type { KlineUpdate } from '@meridian/shared';
import type { Candle } from '../api/kline';
import { MAX_CANDLES } from '../api/kline';

/** Merge one update into `candles` in place (the chart owns this buffer); returns whether anything changed. */
export function mergeCandle(candles: Candle[], u: KlineUpdate, cap = MAX_CANDLES): boolean {
  const last = candles[candles.length - 1];
  const next: Candle = {
    Time: u.Time,
    Open: u.Open,
    High: u.High,
    Low: u.Low,
    Close: u.Close,
    Volume: u.Volume,
  };
  if (last && u.Time === last.Time) candles[candles.length - 1] = next;
  else if (!last || u.Time > last.Time) {
    candles.push(next);
    if (candles.length > cap) candles.splice(0, candles.length - cap);
  } else return false;
  return true;
}

/** The updates of one period from a KLINE payload (one object or a list, one per period). */
export function updatesFor(data: unknown, period: string): KlineUpdate[] {
  const list = Array.isArray(data) ? data : [data];
  return list.filter(
    (u): u is KlineUpdate =>
      typeof u === 'object' &&
      u !== null &&
      (u as KlineUpdate).period === period &&
      typeof (u as KlineUpdate).Time === 'number',
  );
}
