/**
 * Price precision per instrument code (PricePrecision of the trade list), fetched once per page load: order views
 * carry prices as numbers, which lose trailing zeros, and a pending order may have shown only a round target.
 */
import { api } from '@meridian/shared';

type TradeListItem = { Code: string; PricePrecision?: number };

let cached: Promise<ReadonlyMap<string, number>> | null = null;

export function fetchPrecisions(): Promise<ReadonlyMap<string, number>> {
  cached ??= api
    .get<TradeListItem[] | { data: TradeListItem[] }>('/v1/api/forex/trade_list', undefined, { silent: true })
    .then((res) => {
      const list = Array.isArray(res) ? res : (res?.data ?? []);
      return new Map(
        list
          .filter((i) => typeof i.PricePrecision === 'number')
          .map((i) => [i.Code, i.PricePrecision as number] as const),
      );
    })
    .catch(() => {
      cached = null; // try again on the next visit
      return new Map<string, number>();
    });
  return cached;
}
