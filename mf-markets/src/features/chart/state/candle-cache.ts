/**
 * The candles of the other periods of the instrument on screen, kept ready so a period switch draws at once (no
 * request, no loading state in between): fetched when the trade screen is idle, and kept current from the same
 * KLINE topic the chart draws from (it carries the candle being built of every period). Dropped when the instrument
 * changes, when the socket's state changes (an update may be missed) and after MAX_AGE_MS; kept only while it is open.
 */
import { appStore, ensureRealtimeOpen, klineTopic, realtimeStatusAtom, subscribe } from '@meridian/shared';
import type { Period } from '@meridian/shared';
import { fetchKline } from '../api/kline';
import type { Candle } from '../api/kline';
import { mergeCandle, updatesFor } from './candles';

/** A kept list older than this is fetched again (a safety net: the socket keeps it current meanwhile). */
export const MAX_AGE_MS = 5 * 60_000;

type Entry = { candles: Candle[]; at: number };

const entries = new Map<Period, Entry>();
let watched: { id: number; stop: () => void } | null = null;

/**
 * Keep the candles of instrument `id` current while it is on screen; returns the stop (which drops them). A second
 * instrument replaces the first.
 */
export function watchCandles(id: number, code: string): () => void {
  watched?.stop();
  entries.clear();
  const offKline = subscribe(klineTopic(code), (data) => {
    for (const [period, e] of entries) for (const u of updatesFor(data, period)) mergeCandle(e.candles, u);
  });
  // Any change of the socket (a drop, a reconnect): what was kept may have missed an update.
  const offStatus = appStore.sub(realtimeStatusAtom, () => entries.clear());
  const mine = {
    id,
    stop: () => {
      offKline();
      offStatus();
      if (watched === mine) {
        watched = null;
        entries.clear();
      }
    },
  };
  watched = mine;
  return mine.stop;
}

/** The kept candles of `period` for instrument `id` (a copy: the chart owns its buffer), or undefined. */
export function keptCandles(id: number, period: Period, now: number = Date.now()): Candle[] | undefined {
  if (watched?.id !== id) return undefined;
  const e = entries.get(period);
  if (!e || now - e.at > MAX_AGE_MS) return undefined;
  return e.candles.slice();
}

/** Keep candles just loaded for `period`: only for the instrument watched, and while the socket keeps them current. */
export function keepCandles(
  id: number,
  period: Period,
  candles: readonly Candle[],
  now: number = Date.now(),
): void {
  if (watched?.id !== id || ensureRealtimeOpen()?.getStatus() !== 'open') return;
  entries.set(period, { candles: candles.slice(), at: now });
}

/** Load the periods not kept yet, one after the other (quietly: a failure only means the switch will load). */
export async function prefetchCandles(id: number, periods: readonly Period[]): Promise<void> {
  for (const period of periods) {
    if (watched?.id !== id) return;
    if (keptCandles(id, period) !== undefined) continue;
    try {
      keepCandles(id, period, await fetchKline(id, period));
    } catch {
      return;
    }
  }
}
