/**
 * The order calls of spec §7 (shapes from server/src/modules/trading): the paged list, the account figures, and
 * the three actions whose server message the user must see (close, cancel, set TP/SL; spec §8).
 */
import { api } from '@meridian/shared';
import type { WithMessage } from '@meridian/shared';
import type { PagedListPage } from '@meridian/shared/lists';

/** `type` of `/order` and `status` of my_deal: 1 holding, 0 pending, 3 history. */
export const ORDER_STATUS = { holding: 1, pending: 0, history: 3 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export type CloseReason = 'manual' | 'tp' | 'sl' | 'stop_out' | 'reset' | 'cancel' | 'no_margin';

/** One order as the server sends it (list, actions, FOREX_TRADE and FOREX_CLOSED all use this view). */
export type Order = {
  Id: number;
  ForexId: number;
  ForexTradeLists: { Id: number; Code: string; ShowCode: string };
  /** 1 buy, other sell. */
  OrderType: number;
  Quantity: number;
  Multiple: number;
  OriginPrice: number;
  /** The fill price (the target while pending). */
  Price: number;
  /** The live close-side price while holding, the close price once closed. */
  UpdatePrice: number;
  FactProfits: string;
  CautionMoney: string;
  TradeFee: string;
  TargetLossPrice: number;
  TargetProfitPrice: number;
  TargetPrice?: number;
  CreateTimeHandler: string;
  CompleteTimeHandler: string;
  Status: number;
  PendingKind?: string;
  ExpectedPrice?: number;
  FillPrice?: number | null;
  CloseExpectedPrice?: number | null;
  ClosePrice?: number | null;
  CloseReason?: string | null;
};

export type DealPage = PagedListPage<Order> & { allFactProfits: string; balance: string };

type DealResponse = { data: Order[]; total: number; all_fact_profits: string; balance: string };

export const PAGE_SIZE = 10;

/** GET /v1/api/forex/my_deal: one page of the caller's orders of one status. */
export async function fetchDeals(status: OrderStatus, page: number): Promise<DealPage> {
  const res = await api.get<DealResponse>('/v1/api/forex/my_deal', { status, page, limit: PAGE_SIZE });
  return {
    items: res.data ?? [],
    total: Number(res.total) || 0,
    allFactProfits: res.all_fact_profits,
    balance: res.balance,
  };
}

export type AccountFigures = {
  balance: string;
  lock_balance: string;
  equity: string;
  used_margin: string;
  free_margin: string;
  margin_level: string | null;
  floating_profit: string;
};

/** GET /v1/api/main/account/forexDetail: balance, equity, margins and the floating P/L. */
export function fetchAccount(): Promise<AccountFigures> {
  return api.get<AccountFigures>('/v1/api/main/account/forexDetail', undefined, { silent: true });
}

/** GET /v1/api/forex/close: close a holding order at the market; resolves with the server's message. */
export function closeOrder(id: number): Promise<WithMessage<Order>> {
  return api.getWithMessage<Order>('/v1/api/forex/close', { id });
}

/** GET /v1/api/forex/cancel_trade: cancel a pending order. */
export function cancelOrder(id: number): Promise<WithMessage<Order>> {
  return api.getWithMessage<Order>('/v1/api/forex/cancel_trade', { id });
}

/** GET /v1/api/forex/set_stop_price: "0" clears a level. */
export function setStops(id: number, takeProfit: string, stopLoss: string): Promise<WithMessage<Order>> {
  return api.getWithMessage<Order>('/v1/api/forex/set_stop_price', {
    id,
    target_profit_price: takeProfit,
    stop_loss_price: stopLoss,
  });
}
