/** GET /v1/api/forex/kline (docs/calls.md): the candles of an instrument for a period, oldest first. */
import { api } from '@meridian/shared';
import type { Period } from '@meridian/shared';
import type { Candle } from '@meridian/shared/pure';

export type { Candle };

/** Candles loaded and kept: about 3 px per candle on a phone, and a redraw well within a frame. */
export const MAX_CANDLES = 120;

export async function fetchKline(forexId: number, period: Period, signal?: AbortSignal): Promise<Candle[]> {
  const list = await api.get(
    '/v1/api/forex/kline',
    { forex_id: forexId, period, limit: MAX_CANDLES },
    { silent: true, ...(signal ? { signal } : {}) },
  );
  return (list ?? []).slice().sort((a, b) => a.Time - b.Time);
}
