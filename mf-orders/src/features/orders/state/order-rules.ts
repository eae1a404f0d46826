/**
 * The order screen's rules, free of React: which tab a `type` means, merging the live FOREX_TRADE views into the
 * loaded list in place, removing a closed order, and checking a TP/SL edit with the order ticket's rules.
 */
import { SLTP_BALANCE_THRESHOLD } from '@meridian/shared';
import { BUY, SELL, TRADE_INPUT_LIMITS, checkStops, parseDecimalInput } from '@meridian/shared/pure';
import type { DecimalInputOptions, Language, Side } from '@meridian/shared/pure';
import { ORDER_STATUS } from '../api/orders-api';
import type { Order, OrderStatus } from '../api/orders-api';

/** The tab of `/order?type=`: 1, 0 or 3; anything else is holding. */
export function statusFromParam(value: string | null): OrderStatus {
  if (value === '0') return ORDER_STATUS.pending;
  if (value === '3') return ORDER_STATUS.closed;
  return ORDER_STATUS.holding;
}

export const sideOf = (o: Pick<Order, 'OrderType'>): Side => (o.OrderType === BUY ? BUY : SELL);

/**
 * A closed order that never became a trade: a pending order cancelled (by the trader, or by a demo reset) or one
 * the balance could no longer pay for at its fill. It has a target price but no fill, close price or P/L.
 */
export function neverFilled(o: Pick<Order, 'Status' | 'FillPrice' | 'CloseReason'>): boolean {
  return o.Status === ORDER_STATUS.closed && (o.FillPrice === null || o.CloseReason === 'cancel');
}

/**
 * Merge live views into the loaded list. On the holding tab each loaded order takes its live view; on the pending
 * tab an order that shows up live has been filled, so it leaves. Unchanged lists are returned as they were (no
 * re-render), and nothing is appended: new orders arrive with the next refresh, as paging expects.
 */
export function mergeLive(
  items: readonly Order[],
  live: readonly Order[],
  status: OrderStatus,
): readonly Order[] {
  if (status === ORDER_STATUS.closed || live.length === 0 || items.length === 0) return items;
  const byId = new Map(live.map((o) => [o.Id, o]));
  if (status === ORDER_STATUS.pending) {
    const next = items.filter((o) => !byId.has(o.Id));
    return next.length === items.length ? items : next;
  }
  let changed = false;
  const next = items.map((o) => {
    const update = byId.get(o.Id);
    if (!update || update === o) return o;
    changed = true;
    return { ...o, ...update };
  });
  return changed ? next : items;
}

/** Remove an order (closed, cancelled or filled) from the list; the same list when it is not there. */
export function removeOrder(items: readonly Order[], id: number): readonly Order[] {
  const next = items.filter((o) => o.Id !== id);
  return next.length === items.length ? items : next;
}

/** The total floating P/L of a FOREX_TRADE batch (every holding order of the user), in micro-units of USD. */
export function floatingOf(live: readonly Order[]): number {
  let micros = 0;
  for (const o of live) micros += Math.round(Number(o.FactProfits) * 1e6) || 0;
  return micros / 1e6;
}

/** What a TP/SL field takes: the instrument's precision, at most the server's bound; 0 (or empty) is "none". */
export const stopFieldOptions = (decimals: number): Omit<DecimalInputOptions, 'language'> => ({
  decimals,
  max: TRADE_INPUT_LIMITS.maxPrice,
  allowZero: true,
});

/**
 * A typed stop level as the field reads it (shared parseDecimalInput): '0' when empty or zero (no level), the
 * canonical price, or null when the text is not a price the field takes ("-5", "1.1.1", "0.0000000001" at 5 decimals).
 */
export function stopText(text: string, decimals: number, language?: Language): string | null {
  const r = parseDecimalInput(text, { ...stopFieldOptions(decimals), language });
  if (!r.ok) return r.reason === 'empty' ? '0' : null;
  return /^[0.]+$/.test(r.value) ? '0' : r.value;
}

export type StopsEditCheck =
  { kind: 'error'; key: string } | { kind: 'ok'; takeProfit: string; stopLoss: string };

/**
 * A TP/SL edit, with the ticket's rules and messages: the 50000 balance rule, then a long's SL below and TP above
 * the reference (the current close-side price of a position, the target of a pending order), a short's reverse.
 */
export function checkStopsEdit(
  order: Order,
  input: { takeProfit: string; stopLoss: string },
  balance: number | null,
  language?: Language,
): StopsEditCheck {
  const tp = stopText(input.takeProfit, order.PricePrecision, language);
  const sl = stopText(input.stopLoss, order.PricePrecision, language);
  if (tp === null || sl === null) return { kind: 'error', key: 'stops.invalid' };
  if ((tp !== '0' || sl !== '0') && (balance === null || balance < SLTP_BALANCE_THRESHOLD))
    return { kind: 'error', key: 'stops.notAllowed' };
  const side = sideOf(order);
  const reference = order.Status === ORDER_STATUS.pending ? order.Price : order.UpdatePrice;
  const result = checkStops(side, reference, sl, tp);
  if (result === 'slWrongSide')
    return { kind: 'error', key: side === BUY ? 'stops.slBelow' : 'stops.slAbove' };
  if (result === 'tpWrongSide')
    return { kind: 'error', key: side === BUY ? 'stops.tpAbove' : 'stops.tpBelow' };
  return { kind: 'ok', takeProfit: tp, stopLoss: sl };
}
