/**
 * The wire contract of the trading calls and of FOREX_TRADE / FOREX_CLOSED: the shapes the server sends and the
 * parameters it takes. Types only (plus a few small constant tables), so importing them costs a client nothing; the
 * server's response schemas are checked against these types at compile time, so a renamed field fails both sides.
 */
import type { Side } from '../domain/trading';

/** Status of an order (and `status` of my_deal): 0 pending, 1 holding, 3 closed (the history tab). */
export const ORDER_STATUS = { pending: 0, holding: 1, closed: 3 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** Why an order left the book. */
/**
 * Bounds of the order ticket's numbers, refused (1001) before any arithmetic: lots per order, any price level
 * (pending target, stop loss, take profit) and the digits a price may carry.
 */
export const TRADE_INPUT_LIMITS = { maxLots: 10_000, maxPrice: 100_000_000, priceScale: 10 } as const;

export const CLOSE_REASONS = [
  'manual',
  'tp',
  'sl',
  'trailing',
  'stop_out',
  'reset',
  'cancel',
  'no_margin',
] as const;

/** The largest trailing stop distance the server takes, in points (units of the instrument's last price decimal). */
export const MAX_TRAILING_POINTS = 1_000_000;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** How an order was placed: at the market, or pending as a limit or a stop (decided by the target's side). */
export type OrderKind = 'market' | 'limit' | 'stop';

/**
 * One order as every trading call, FOREX_TRADE and FOREX_CLOSED send it. Prices are exact decimal text with at least
 * `PricePrecision` decimals ("1.10020"), so a trailing zero survives; "0" means not set (SL, TP, a market order's
 * target). Money is text too: 6 decimals for margin, fee and P/L, 2 for the written-off amount.
 */
export type OrderView = {
  Id: number;
  ForexId: number;
  ForexTradeLists: { Id: number; Code: string; ShowCode: string };
  /** 1 buy, 2 sell. */
  OrderType: Side;
  /** Lots. */
  Quantity: number;
  Multiple: number;
  /** Decimals of the instrument's prices. */
  PricePrecision: number;
  /** The price asked for: the quote at submission, or the pending target. */
  OriginPrice: string;
  /** The fill price (the target while pending). */
  Price: string;
  /** The live close-side price while holding, the close price once closed. */
  UpdatePrice: string;
  /** P/L in USD: live while holding, realised once closed. */
  FactProfits: string;
  /** Margin in USD. */
  CautionMoney: string;
  /** Fee in USD. */
  TradeFee: string;
  /** The stop loss; with a trailing stop, its current level, moved by the server in the trader's favour. */
  TargetLossPrice: string;
  TargetProfitPrice: string;
  TargetPrice: string;
  /** UTC `YYYY-MM-DD HH:mm:ss`. */
  CreateTimeHandler: string;
  /** UTC `YYYY-MM-DD HH:mm:ss`; empty while open. */
  CompleteTimeHandler: string;
  Status: OrderStatus;
  PendingKind: OrderKind;
  ExpectedPrice: string;
  FillPrice: string | null;
  /** The SL/TP level, or the quote when the close was asked for. */
  CloseExpectedPrice: string | null;
  ClosePrice: string | null;
  CloseReason: CloseReason | null;
  /** USD written off by the negative balance protection when this order closed. */
  WrittenOff: string;
  ClientOrderId: string | null;
  /**
   * The position this record was partly closed from (a partial close: its own closed record, `CloseReason`
   * `"manual"`); null for every other order.
   */
  ParentId: number | null;
  /** Trailing stop distance in points (units of the last price decimal); 0 when the stop loss does not trail. */
  TrailingDistance: number;
};

/**
 * GET /v1/api/forex/submit. Decimals travel as text; stop levels "0" (or absent) mean none; `client_order_id` makes a
 * retried submit return the first order instead of opening a second.
 */
export type SubmitParams = {
  type: Side;
  /** Lots. */
  cont: string;
  forex_id: number;
  /** 1 market, 0 pending at `target_price`. */
  status: 0 | 1;
  target_price?: string;
  stop_loss_price?: string;
  target_profit_price?: string;
  multiple: number;
  client_order_id?: string;
  /**
   * Market orders: the opening price the trader saw (the ask for a buy, the bid for a sell). With it the server
   * refuses the order (code slippageExceeded) when the fill would be worse than this price by more than
   * `max_deviation` points; a better fill is always taken. Ignored for pending orders.
   */
  expected_price?: string;
  /** Points (units of the instrument's last price decimal) the fill may be worse than `expected_price`: 0-MAX_DEVIATION_POINTS, 0 when absent. */
  max_deviation?: number;
  /**
   * A trailing stop of this many points (1-MAX_TRAILING_POINTS; 0 or absent for none). A market order's stop starts
   * at the close-side price less (a long) or plus (a short) the distance, or at `stop_loss_price` when that is better
   * for the trader; a pending order's starts the same way from the price it fills at.
   */
  trailing_distance?: number;
};

/**
 * The deviations the ticket offers, as multiples of the instrument's deviation unit (`deviationUnitPoints`: about
 * one basis point of its price, so ±3 is 3 pips on EUR/USD and about 15 USD on BTC/USD); 3 is the default.
 */
export const DEVIATION_STEPS = [1, 3, 10, 50] as const;
export const DEFAULT_DEVIATION_STEP = 3;
/** The largest deviation the server takes, in points. */
export const MAX_DEVIATION_POINTS = 1_000_000;

/** GET /v1/api/forex/my_deal: one page of the caller's orders of one status. */
export type DealPage = {
  data: OrderView[];
  total: number;
  /** Holding: the live P/L of every position; history: the realised total (USD, 6 decimals). */
  all_fact_profits: string;
  /** Free balance, USD with 2 decimals. */
  balance: string;
};

/** Which positions POST /v1/api/forex/close_all is asked to close (of the ids the trader confirmed). */
export const CLOSE_ALL_SCOPES = ['all', 'losing', 'symbol'] as const;
export type CloseAllScope = (typeof CLOSE_ALL_SCOPES)[number];

/** The most position ids one close_all takes. */
export const CLOSE_ALL_MAX_IDS = 500;

/** POST /v1/api/forex/close_all (form). `ids`: the confirmed position ids, comma-separated. */
export type CloseAllParams = {
  scope: CloseAllScope;
  /** The instrument's `Code` (or `ShowCode`) when scope is `symbol`. */
  symbol?: string;
  ids: string;
};

/** One position close_all did not close, with why (the code and message a single close would have answered). */
export type CloseAllFailure = { id: number; code: number; msg: string };

/** POST /v1/api/forex/close_all: each position closed as its own order event, each refusal on its own. */
export type CloseAllResult = { closed: OrderView[]; failed: CloseAllFailure[] };

/** GET /v1/api/main/user/resetForexDemoAccount. */
export type DemoReset = { balance: string };
