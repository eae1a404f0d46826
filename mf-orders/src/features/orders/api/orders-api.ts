/**
 * The order calls (shapes from the wire contract in @meridian/shared/pure): the paged list, the account figures, and
 * the three actions whose server message the user must see (close, cancel, set TP/SL; docs/messages.md).
 */
import { api } from '@meridian/shared';
import type { WithMessage } from '@meridian/shared';
import type { PagedListPage } from '@meridian/shared/lists';
import { ORDER_STATUS } from '@meridian/shared/pure';
import type { AccountFigures, OrderStatus, OrderView } from '@meridian/shared/pure';

/** One order as the server sends it (list, actions, FOREX_TRADE and FOREX_CLOSED): the contract's order view. */
export type Order = OrderView;
export { ORDER_STATUS };
export type { AccountFigures, OrderStatus };

export type DealPage = PagedListPage<Order> & { allFactProfits: string; balance: string };

export const PAGE_SIZE = 10;

/** GET /v1/api/forex/my_deal: one page of the caller's orders of one status. */
export async function fetchDeals(status: OrderStatus, page: number): Promise<DealPage> {
  const res = await api.get('/v1/api/forex/my_deal', { status, page, limit: PAGE_SIZE });
  return {
    items: res.data ?? [],
    total: Number(res.total) || 0,
    allFactProfits: res.all_fact_profits,
    balance: res.balance,
  };
}

/** GET /v1/api/main/account/forexDetail: balance, equity, margins and the floating P/L. */
export function fetchAccount(): Promise<AccountFigures> {
  return api.get('/v1/api/main/account/forexDetail', undefined, { silent: true });
}

/** GET /v1/api/forex/close: close a holding order at the market; resolves with the server's message. */
export function closeOrder(id: number): Promise<WithMessage<Order>> {
  return api.getWithMessage('/v1/api/forex/close', { id });
}

/** GET /v1/api/forex/cancel_trade: cancel a pending order. */
export function cancelOrder(id: number): Promise<WithMessage<Order>> {
  return api.getWithMessage('/v1/api/forex/cancel_trade', { id });
}

/** GET /v1/api/forex/set_stop_price: "0" clears a level. */
export function setStops(id: number, takeProfit: string, stopLoss: string): Promise<WithMessage<Order>> {
  return api.getWithMessage('/v1/api/forex/set_stop_price', {
    id,
    target_profit_price: takeProfit,
    stop_loss_price: stopLoss,
  });
}
