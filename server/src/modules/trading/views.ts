/**
 * From stored orders to what the wire carries (the contract's OrderView), and the live figures of a position at a
 * quote: its close-side price and its P/L in USD.
 */
import {
  closePriceOf,
  ERROR_CODES,
  formatMicros,
  parseDecimal,
  priceText,
  profitUsdMicros,
} from '@meridian/shared/pure';
import type { CloseReason, OrderKind, OrderStatus, OrderView, Side } from '@meridian/shared/pure';
import { AppError } from '../../lib/errors';
import { formatCents } from '../../lib/money';
import { fmtTime } from '../../lib/time';
import type { Order } from '../../storage/schema';
import type { MarketData, Quote } from '../markets';
import { STATUS_HOLDING } from './repository';

/** A decimal as its shortest exact text ("1.10000" -> "1.1"): how prices and lots are stored. */
export function decText(v: number | string): string {
  const d = parseDecimal(v);
  if (d.s === 0) return d.n.toString();
  const neg = d.n < 0n;
  const abs = (neg ? -d.n : d.n).toString().padStart(d.s + 1, '0');
  const t = `${abs.slice(0, -d.s)}.${abs.slice(-d.s)}`.replace(/\.?0+$/, '');
  return `${neg ? '-' : ''}${t}`;
}

/** The USD value of one unit of `currency`; refuses (unavailable) when no quote gives it. */
export function usdRateOrRefuse(market: MarketData, currency: string): number {
  const r = market.usdRate(currency);
  if (r === undefined || !(r > 0)) throw new AppError(ERROR_CODES.unavailable, 'error.unavailable');
  return r;
}

export type LiveFigures = { price: number; profitMicros: number };

/** Live P/L (USD micro-units) and close-side price of a holding order at this quote. */
export function liveProfit(market: MarketData, o: Order, quote: Quote | undefined): LiveFigures | undefined {
  if (!quote || !o.open_price) return undefined;
  const side = o.side as Side;
  const price = closePriceOf(side, quote);
  const rate = market.usdRate(o.quote_currency);
  if (rate === undefined || !(rate > 0)) return undefined;
  return {
    price,
    profitMicros: profitUsdMicros({
      side,
      lots: o.lots,
      contractSize: o.contract_size,
      openPrice: o.open_price,
      closePrice: price,
      usdRate: rate,
    }),
  };
}

/** The order as the wire carries it; `live` gives a holding order its current price and P/L. */
export function orderView(o: Order, live?: LiveFigures): OrderView {
  const p = o.price_precision;
  const price = (v: string | number | null | undefined): string => (v ? priceText(v, p) : '0');
  const maybe = (v: string | null): string | null => (v ? priceText(v, p) : null);
  const holding = o.status === STATUS_HOLDING;
  return {
    Id: o.id,
    ForexId: o.instrument_id,
    ForexTradeLists: { Id: o.instrument_id, Code: o.code, ShowCode: o.show_code },
    OrderType: o.side === 1 ? 1 : 2,
    Quantity: Number(o.lots),
    Multiple: o.leverage,
    PricePrecision: p,
    OriginPrice: price(o.expected_price),
    Price: price(o.open_price ?? o.target_price),
    UpdatePrice: holding ? price(live?.price ?? o.open_price) : price(o.close_price ?? o.open_price),
    FactProfits: formatMicros(holding && live ? live.profitMicros : o.profit_micros),
    CautionMoney: formatMicros(o.margin_micros),
    TradeFee: formatMicros(o.fee_micros),
    TargetLossPrice: price(o.stop_loss),
    TargetProfitPrice: price(o.take_profit),
    TargetPrice: price(o.target_price),
    CreateTimeHandler: fmtTime(o.created_at),
    CompleteTimeHandler: fmtTime(o.closed_at),
    Status: o.status as OrderStatus,
    PendingKind: o.kind as OrderKind,
    ExpectedPrice: price(o.expected_price),
    FillPrice: maybe(o.open_price),
    CloseExpectedPrice: maybe(o.close_expected_price),
    ClosePrice: maybe(o.close_price),
    CloseReason: o.close_reason as CloseReason | null,
    WrittenOff: formatCents(o.written_off_cents),
    ClientOrderId: o.client_order_id,
    ParentId: o.parent_id ?? null,
    TrailingDistance: o.trailing_distance ?? 0,
  };
}
