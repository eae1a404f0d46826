/**
 * The order calls (shapes from the wire contract in @meridian/shared/pure): the paged list, the account figures, the
 * actions whose server message the user must see (close, partial close, close-all, cancel, set TP/SL;
 * docs/messages.md), a position's partial closes and an instrument's lot terms (for the close sheet).
 */
import { api } from '@meridian/shared';
import type { WithMessage } from '@meridian/shared';
import type { PagedListPage } from '@meridian/shared/lists';
import { ORDER_STATUS } from '@meridian/shared/pure';
import type {
  AccountFigures,
  CloseAllResult,
  CloseAllScope,
  OrderStatus,
  OrderView,
} from '@meridian/shared/pure';

/** One order as the server sends it (list, actions, FOREX_TRADE and FOREX_CLOSED): the contract's order view. */
export type Order = OrderView;
export { ORDER_STATUS };
export type { AccountFigures, CloseAllResult, CloseAllScope, OrderStatus };

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

/**
 * GET /v1/api/forex/my_deal with `id`: one of the caller's orders, whatever its status (a notification opens it);
 * null when there is none such. Silent: the page shows the list either way.
 */
export async function fetchOrder(id: number): Promise<Order | null> {
  const res = await api.get('/v1/api/forex/my_deal', { id }, { silent: true });
  return res.data?.[0] ?? null;
}

/** GET /v1/api/main/account/forexDetail: balance, equity, margins and the floating P/L. */
export function fetchAccount(): Promise<AccountFigures> {
  return api.get('/v1/api/main/account/forexDetail', undefined, { silent: true });
}

/**
 * GET /v1/api/forex/close: close a holding order at the market; with `lots` (canonical decimal text, less than the
 * whole) only that part, answered with the part's own closed order. Resolves with the server's message.
 */
export function closeOrder(id: number, lots?: string): Promise<WithMessage<Order>> {
  return api.getWithMessage('/v1/api/forex/close', lots === undefined ? { id } : { id, lots });
}

/** Every holding position of the caller (the close-all sheet lists what will close): my_deal pages of 100. */
export async function fetchAllHolding(): Promise<Order[]> {
  const out: Order[] = [];
  for (let page = 1; page <= 50; page++) {
    const res = await api.get('/v1/api/forex/my_deal', { status: ORDER_STATUS.holding, page, limit: 100 });
    out.push(...(res.data ?? []));
    if (out.length >= Number(res.total) || (res.data ?? []).length === 0) break;
  }
  return out;
}

/** POST /v1/api/forex/close_all: only the confirmed `ids`; each closes or fails on its own. */
export function closeAll(
  scope: CloseAllScope,
  ids: readonly number[],
  symbol?: string,
): Promise<WithMessage<CloseAllResult>> {
  const body: Record<string, string> = { scope, ids: ids.join(',') };
  if (symbol !== undefined) body.symbol = symbol;
  return api.postWithMessage('/v1/api/forex/close_all', body, { form: true });
}

/** The partial closes of a position (its detail lists them), newest first; quiet when the list cannot load. */
export async function fetchPartialCloses(id: number): Promise<Order[]> {
  const res = await api.get(
    '/v1/api/forex/my_deal',
    { status: ORDER_STATUS.closed, page: 1, limit: 100, parent_id: id },
    { silent: true },
  );
  return res.data ?? [];
}

/** An instrument's lot rules: the minimum and the step (the trade list's `ForexMinCont` and `Pip`). */
export type LotTerms = { minLots: string; step: string };

/** The lot terms of one instrument from the trade list; null when it is not listed or the list does not load. */
export async function fetchLotTerms(forexId: number): Promise<LotTerms | null> {
  const list = await api.get('/v1/api/forex/trade_list', undefined, { silent: true });
  const item = list.find((i) => i.Id === forexId);
  return item ? { minLots: String(item.ForexMinCont), step: String(item.Pip) } : null;
}

/** GET /v1/api/forex/cancel_trade: cancel a pending order. */
export function cancelOrder(id: number): Promise<WithMessage<Order>> {
  return api.getWithMessage('/v1/api/forex/cancel_trade', { id });
}

/**
 * GET /v1/api/forex/set_stop_price: "0" clears a level; `trailing` (points, holding positions) makes the stop loss
 * trail, and leaving it out turns trailing off (every call replaces the levels).
 */
export function setStops(
  id: number,
  takeProfit: string,
  stopLoss: string,
  trailing?: number,
): Promise<WithMessage<Order>> {
  return api.getWithMessage('/v1/api/forex/set_stop_price', {
    id,
    target_profit_price: takeProfit,
    stop_loss_price: stopLoss,
    ...(trailing ? { trailing_distance: trailing } : {}),
  });
}
