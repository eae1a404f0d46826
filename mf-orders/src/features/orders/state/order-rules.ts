/**
 * The order screen's rules, free of React: which tab a `type` means, merging the live FOREX_TRADE views into the
 * loaded list in place, removing a closed order, checking a TP/SL edit with the order ticket's rules, the lots of a
 * (partial) close with the server's rules, and what a close-all would close.
 */
import { SLTP_BALANCE_THRESHOLD } from '@meridian/shared';
import {
  BUY,
  SELL,
  TRADE_INPUT_LIMITS,
  checkPartialClose,
  checkStops,
  formatMicros,
  lotsMinus,
  microsToCents,
  parseDecimalInput,
  shareOf,
  toMicros,
} from '@meridian/shared/pure';
import type { CloseAllScope, DecimalInputOptions, Language, Side } from '@meridian/shared/pure';
import { trailingStart } from '@meridian/shared/pure';
import { ORDER_STATUS } from '../api/orders-api';
import type { LotTerms, Order, OrderStatus } from '../api/orders-api';

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

// ---- closing a position: all of it or a part (docs/rules.md#partial-close) ----

/** Decimals of a lot step ("0.01" -> 2); 10 (the server's bound) while the step is not known. */
const stepDecimals = (step: string | undefined): number =>
  step === undefined ? TRADE_INPUT_LIMITS.priceScale : (step.split('.')[1] ?? '').length;

/** What the lots field of the close sheet takes: the step's decimals, up to the server's bound, more than 0. */
export const closeLotsOptions = (terms: LotTerms | null): Omit<DecimalInputOptions, 'language'> => ({
  decimals: stepDecimals(terms?.step),
  max: TRADE_INPUT_LIMITS.maxLots,
});

/** The position's lots as plain text, the field's starting value ("0.5", never "5e-1"). */
export const lotsText = (o: Pick<Order, 'Quantity'>): string => {
  const t = String(o.Quantity);
  return /e/i.test(t) ? o.Quantity.toFixed(10).replace(/\.?0+$/, '') : t;
};

export type CloseLotsCheck =
  /** The text is not a number the field takes: the field says why itself. */
  | { kind: 'text' }
  | { kind: 'whole' }
  | { kind: 'part'; lots: string }
  | { kind: 'error'; key: string; params: Record<string, string> };

/**
 * The lots typed in the close sheet against the position and its instrument's lot terms: the whole position (the
 * ordinary close), a part the server takes, or the rule it breaks with its message key. Without the terms (the trade
 * list did not load) a part below the whole is let through and the server judges it.
 */
export function checkCloseLots(
  text: string,
  order: Pick<Order, 'Quantity'>,
  terms: LotTerms | null,
  language?: Language,
): CloseLotsCheck {
  const r = parseDecimalInput(text, { ...closeLotsOptions(terms), language });
  if (!r.ok) return { kind: 'text' };
  const whole = lotsText(order);
  const check = checkPartialClose(r.value, whole, terms?.step ?? '0', terms?.minLots ?? '0');
  switch (check) {
    case 'whole':
      return { kind: 'whole' };
    case 'partial':
      return { kind: 'part', lots: r.value };
    case 'notLess':
      return { kind: 'error', key: 'closeSheet.tooMany', params: { lots: whole } };
    case 'belowMinimum':
      return { kind: 'error', key: 'closeSheet.belowMin', params: { min: terms?.minLots ?? '' } };
    case 'offStep':
      return { kind: 'error', key: 'closeSheet.offStep', params: { step: terms?.step ?? '' } };
    case 'remainderBelowMinimum':
      return {
        kind: 'error',
        key: 'closeSheet.remainder',
        params: { min: terms?.minLots ?? '', left: lotsMinus(whole, r.value) },
      };
    default:
      return { kind: 'text' };
  }
}

/**
 * The P/L closing `lots` of this position would realise at the live price: its share of the live P/L (P/L is linear
 * in lots at one price), exact, as 6-decimal text; null when it cannot be said.
 */
export function estimateClose(order: Pick<Order, 'Quantity' | 'FactProfits'>, lots: string): string | null {
  try {
    return formatMicros(shareOf(toMicros(order.FactProfits), lots, lotsText(order)));
  } catch {
    return null;
  }
}

/** A close-all choice: everything, the losing ones, or one instrument (its feed code). */
export type CloseAllChoice = { scope: CloseAllScope; symbol?: string; showCode?: string };

/** Losing as the ledger would book it (a loss under half a cent is none), the server's rule. */
export const isLosing = (o: Pick<Order, 'FactProfits'>): boolean => {
  try {
    return microsToCents(toMicros(o.FactProfits)) < 0;
  } catch {
    return false;
  }
};

/** The holding positions a close-all choice would close, in the list's order. */
export function closeAllTargets(positions: readonly Order[], choice: CloseAllChoice): Order[] {
  return positions.filter(
    (o) =>
      o.Status === ORDER_STATUS.holding &&
      (choice.scope === 'all' ||
        (choice.scope === 'losing' && isLosing(o)) ||
        (choice.scope === 'symbol' && o.ForexTradeLists.Code === choice.symbol)),
  );
}

/** The estimated total P/L of these positions (the sum of what each would book, in cents), as 6-decimal text. */
export function totalBooked(positions: readonly Pick<Order, 'FactProfits'>[]): string {
  let cents = 0;
  for (const o of positions) {
    try {
      cents += microsToCents(toMicros(o.FactProfits));
    } catch {
      // a figure that is not a number adds nothing
    }
  }
  return formatMicros(cents * 10_000);
}

/** The instruments among these positions, each once (feed code and display code), in the list's order. */
export function instrumentsOf(
  positions: readonly Order[],
): { code: string; showCode: string; count: number }[] {
  const out = new Map<string, { code: string; showCode: string; count: number }>();
  for (const o of positions) {
    const k = o.ForexTradeLists.Code;
    const e = out.get(k);
    if (e) e.count++;
    else out.set(k, { code: k, showCode: o.ForexTradeLists.ShowCode, count: 1 });
  }
  return [...out.values()];
}

/** The loaded positions with the live P/L and price of the latest FOREX_TRADE where it has them. */
export function withLive(positions: readonly Order[], live: readonly Order[] | null): Order[] {
  if (!live) return [...positions];
  const byId = new Map(live.map((o) => [o.Id, o]));
  return positions.map((o) => {
    const l = byId.get(o.Id);
    return l ? { ...o, ...l } : o;
  });
}

/**
 * A position after a part of it closed (until the next FOREX_TRADE brings the server's figures): its lots, margin,
 * fee and live P/L less the part's, exactly (the part's margin and fee are its shares of the position's).
 */
export function afterPartialClose(position: Order, part: Order): Order {
  const minus = (a: string, b: string): string => {
    try {
      return formatMicros(toMicros(a) - toMicros(b));
    } catch {
      return a;
    }
  };
  const livePart = estimateClose(position, lotsText(part));
  return {
    ...position,
    Quantity: Number(lotsMinus(lotsText(position), lotsText(part))),
    CautionMoney: minus(position.CautionMoney, part.CautionMoney),
    TradeFee: minus(position.TradeFee, part.TradeFee),
    FactProfits: livePart === null ? position.FactProfits : minus(position.FactProfits, livePart),
  };
}

/**
 * The level a trailing stop of the typed distance would start at on this order, as the server computes it
 * (docs/rules.md#trailing-stop): a holding position's from its close-side price (or the stop loss typed when that is
 * better); a pending order's starts at its fill, so only the distance is checked, against the target. `points` null:
 * the distance is not valid; `level` null: a long's distance larger than the price (the server refuses it).
 */
export function trailingPreview(
  order: Order,
  distanceText: string,
  stopLossText: string,
  language?: Language,
): { points: number | null; level: string | null; atFill: boolean } {
  const atFill = order.Status === ORDER_STATUS.pending;
  const sl = atFill ? null : stopText(stopLossText, order.PricePrecision, language);
  const price = atFill ? order.TargetPrice : order.UpdatePrice;
  return {
    ...trailingStart(sideOf(order), price, distanceText, sl || null, order.PricePrecision, language),
    atFill,
  };
}
