/** GET /v1/api/forex/my_deal: the trader's holding and pending orders, for the lines the chart draws. */
import { api } from '@meridian/shared';
import { ORDER_STATUS } from '@meridian/shared/pure';
import type { OrderView } from '@meridian/shared/pure';

/** The server's largest page: a trader with more open orders on one instrument sees the newest 100 of each. */
const LIMIT = 100;

export async function fetchOpenOrders(): Promise<OrderView[]> {
  const [holding, pending] = await Promise.all(
    [ORDER_STATUS.holding, ORDER_STATUS.pending].map((status) =>
      api.get('/v1/api/forex/my_deal', { status, page: 1, limit: LIMIT }, { silent: true }),
    ),
  );
  return [...(holding?.data ?? []), ...(pending?.data ?? [])];
}
