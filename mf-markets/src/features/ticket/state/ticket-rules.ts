/**
 * The order ticket's rules (docs/rules.md), as pure functions so each one is tested alone, and its estimates through the
 * shared trading formulas (the engine's own code: `@meridian/shared`), so the ticket shows what the server books.
 */
import { SLTP_BALANCE_THRESHOLD } from '@meridian/shared';
import {
  BUY,
  checkLots,
  checkStops,
  closePriceOf,
  DEFAULT_DEVIATION_STEP,
  DEVIATION_STEPS,
  deviationUnitPoints,
  feeMicros,
  liquidationOf,
  MARGIN_MODE_FIXED,
  marginMicros,
  openPriceOf,
  parseDecimalInput,
  pendingKindOf,
  priceText,
  stepLots,
  TRADE_INPUT_LIMITS,
  trailingFieldOptions,
  trailingStart,
} from '@meridian/shared/pure';
import type {
  AccountState,
  DecimalInputOptions,
  Language,
  NewOrderLiquidation,
  PendingKind,
  Side,
  SubmitParams,
} from '@meridian/shared/pure';
import { decimalsOf } from '../../../lib/format-amount';

/** 1 market price, 0 pending at a target price (docs/states.md). */
export type OrderMode = 0 | 1;

export type TicketInstrument = {
  Id: number;
  PricePrecision: number;
  Pip: number;
  ForexMinCont: number;
  ForexContNum: number;
  ForexFeeRate: number;
  MarginMode: number;
  HasForexMultiple: { Value: number }[] | null;
};

export type TicketForm = {
  side: Side;
  mode: OrderMode;
  /** Lots as typed. */
  lots: string;
  leverage: number | null;
  /** Target price as typed (pending orders). */
  price: string;
  slOn: boolean;
  sl: string;
  tpOn: boolean;
  tp: string;
  /** A trailing stop (docs/rules.md#trailing-stop): its distance in points as typed. */
  trailOn: boolean;
  trail: string;
  /** Market orders: how far the fill may be worse than the price shown, in deviation units (the slippage guard). */
  deviation: number;
};

/** The deviations the ticket offers, in units of `deviationUnitPoints`. */
export const deviationChoices: readonly number[] = DEVIATION_STEPS;
export const DEFAULT_DEVIATION: number = DEFAULT_DEVIATION_STEP;

/** A deviation of `steps` units for this instrument at `price`, in points (what the server takes). */
export const deviationPoints = (steps: number, price: number, precision: number): number =>
  steps * deviationUnitPoints(price, precision);

/** A deviation in points as the price distance it allows ("0.00030" at 5 decimals). */
export const deviationText = (points: number, precision: number): string =>
  priceText(points / 10 ** precision, precision);

export type { SubmitParams };

/** The field a refusal belongs to: its message is shown beside that field. */
export type TicketField = 'leverage' | 'lots' | 'price' | 'sl' | 'tp' | 'trail';

export type TicketError = { key: string; vars?: Record<string, string | number>; field?: TicketField };

export type TicketCheck =
  | { kind: 'login' }
  | ({ kind: 'error' } & TicketError)
  | { kind: 'ok'; params: SubmitParams; pendingKind: PendingKind | null };

/** What the lots field takes: the lot step's decimals, more than 0, at most the server's bound. */
export const lotsOptions = (inst: TicketInstrument): Omit<DecimalInputOptions, 'language'> => ({
  decimals: Math.max(decimalsOf(inst.Pip), decimalsOf(inst.ForexMinCont)),
  max: TRADE_INPUT_LIMITS.maxLots,
});

/** What a price field (pending target, stop loss, take profit) takes: the instrument's precision, more than 0. */
export const priceOptions = (inst: TicketInstrument): Omit<DecimalInputOptions, 'language'> => ({
  decimals: inst.PricePrecision,
  max: TRADE_INPUT_LIMITS.maxPrice,
});

/** The number a field's text stands for (canonical decimal text), or null when the field does not take it. */
const valueOf = (text: string, options: Omit<DecimalInputOptions, 'language'>, language?: Language) => {
  const r = parseDecimalInput(text, { ...options, language });
  return r.ok ? r.value : null;
};

/** The ticket's numbers as the fields read them: null for a field whose text is not a number it takes. */
export function ticketNumbers(form: TicketForm, inst: TicketInstrument, language?: Language) {
  const price = priceOptions(inst);
  return {
    lots: valueOf(form.lots, lotsOptions(inst), language),
    price: valueOf(form.price, price, language),
    sl: valueOf(form.sl, price, language),
    tp: valueOf(form.tp, price, language),
    trail: valueOf(form.trail, trailingFieldOptions, language),
  };
}

/**
 * Whether every number field in use reads as a number it takes (lots; the target of a pending order; a ticked stop
 * when stops are allowed): until then the ticket's action stays disabled and each field says why.
 */
export function ticketNumbersValid(
  form: TicketForm,
  inst: TicketInstrument,
  ctx: { account: AccountState | null; language?: Language },
): boolean {
  const n = ticketNumbers(form, inst, ctx.language);
  const stops = stopsAllowed(ctx.account);
  return (
    n.lots !== null &&
    (form.mode !== 0 || n.price !== null) &&
    (!form.slOn || !stops || n.sl !== null) &&
    (!form.tpOn || !stops || n.tp !== null) &&
    (!form.trailOn || !stops || n.trail !== null)
  );
}

/** The free balance (USD) of an account, or null while unknown. */
export const freeBalanceOf = (account: AccountState | null): number | null =>
  account === null ? null : account.balanceCents / 100;

/** Whether the 50000 rule lets this account set stop loss or take profit (unknown: the server decides). */
export const stopsAllowed = (account: AccountState | null): boolean =>
  account === null || account.balanceCents >= SLTP_BALANCE_THRESHOLD * 100;

export const leveragesOf = (i: TicketInstrument): number[] => (i.HasForexMultiple ?? []).map((m) => m.Value);

/**
 * Check the ticket in the order of docs/rules.md: session, leverage, the 50000 stop rule, multiple and lots, the pending
 * price, then each ticked stop (a positive price, on the right side of the price: the server checks the same).
 * A ticked stop is never dropped: ticked means it must be a valid price.
 */
export function checkTicket(
  form: TicketForm,
  inst: TicketInstrument,
  ctx: {
    loggedIn: boolean;
    account: AccountState | null;
    quote: { bid: number; ask: number };
    language?: Language;
  },
): TicketCheck {
  const n = ticketNumbers(form, inst, ctx.language);
  if (!ctx.loggedIn) return { kind: 'login' };
  if (leveragesOf(inst).length === 0) return { kind: 'error', key: 'ticket.noLeverage' };
  if ((form.slOn || form.tpOn || form.trailOn) && !stopsAllowed(ctx.account))
    return { kind: 'error', key: 'ticket.stopsNeedBalance', vars: { min: SLTP_BALANCE_THRESHOLD } };
  if (form.leverage === null || !leveragesOf(inst).includes(form.leverage))
    return { kind: 'error', key: 'ticket.leverageRequired', field: 'leverage' };
  const lots = n.lots;
  if (lots === null) return { kind: 'error', key: 'ticket.lotsRequired', field: 'lots' };
  const lotsCheck = checkLots(lots, inst.Pip, inst.ForexMinCont);
  if (lotsCheck === 'belowMinimum')
    return { kind: 'error', key: 'ticket.lotsBelowMin', vars: { min: inst.ForexMinCont }, field: 'lots' };
  if (lotsCheck !== 'ok')
    return { kind: 'error', key: 'ticket.lotsOffStep', vars: { step: inst.Pip }, field: 'lots' };
  let target = '0';
  if (form.mode === 0) {
    if (n.price === null) return { kind: 'error', key: 'ticket.enterPrice', field: 'price' };
    target = n.price;
  }
  if (form.slOn && n.sl === null) return { kind: 'error', key: 'ticket.slRequired', field: 'sl' };
  if (form.tpOn && n.tp === null) return { kind: 'error', key: 'ticket.tpRequired', field: 'tp' };
  const sl = form.slOn && n.sl !== null ? n.sl : '0';
  const tp = form.tpOn && n.tp !== null ? n.tp : '0';
  const reference = form.mode === 0 ? target : closePriceOf(form.side, ctx.quote);
  const stops = checkStops(form.side, reference, sl, tp);
  if (stops === 'slWrongSide')
    return { kind: 'error', key: form.side === BUY ? 'ticket.slBelow' : 'ticket.slAbove', field: 'sl' };
  if (stops === 'tpWrongSide')
    return { kind: 'error', key: form.side === BUY ? 'ticket.tpAbove' : 'ticket.tpBelow', field: 'tp' };
  let trailing: number | undefined;
  if (form.trailOn) {
    if (n.trail === null) return { kind: 'error', key: 'ticket.trailRequired', field: 'trail' };
    // Measured from the price the order opens at, as the server does: a long's distance beyond it has no level.
    if (trailingStart(form.side, reference, n.trail, null, inst.PricePrecision).level === null)
      return { kind: 'error', key: 'ticket.trailingTooFar', field: 'trail' };
    trailing = Number(n.trail);
  }
  return {
    kind: 'ok',
    params: {
      type: form.side,
      cont: lots,
      forex_id: inst.Id,
      status: form.mode,
      target_price: target,
      stop_loss_price: sl,
      target_profit_price: tp,
      multiple: form.leverage,
      ...(trailing === undefined ? {} : { trailing_distance: trailing }),
      // The price the trader is shown and how far a fill may be worse (docs/rules.md#slippage-guard).
      ...(form.mode === 1
        ? {
            expected_price: priceText(openPriceOf(form.side, ctx.quote), inst.PricePrecision),
            max_deviation: deviationPoints(
              form.deviation,
              openPriceOf(form.side, ctx.quote),
              inst.PricePrecision,
            ),
          }
        : {}),
    },
    pendingKind: form.mode === 0 ? pendingKindOf(form.side, Number(target), ctx.quote) : null,
  };
}

/**
 * The minus button is disabled when quantity minus step is not above zero (docs/rules.md), and while the lots
 * field holds no valid quantity (`lots` null: what the field reads).
 */
export function canStepDown(lots: string | null, pip: number): boolean {
  if (lots === null) return false;
  return Number(stepLots(lots, pip, -1)) > 0;
}

/**
 * Lots after + or −, on the Pip grid, from the quantity the field reads; a field that reads no valid quantity
 * (`lots` null) restarts from the minimum, whatever it held.
 */
export function stepQuantity(lots: string | null, inst: TicketInstrument, dir: 1 | -1): string {
  if (lots === null) return String(inst.ForexMinCont);
  const next = stepLots(lots, inst.Pip, dir);
  return Number(next) > TRADE_INPUT_LIMITS.maxLots ? lots : next;
}

export type Estimates = {
  /** Micro-units (USD); null when the inputs do not allow an estimate. */
  marginMicros: number | null;
  feeMicros: number | null;
  /** Where this order would be stopped out against the whole account; null when unknown (no account, no rate). */
  liquidation: NewOrderLiquidation | null;
};

/**
 * Margin and fee by the formulas of docs/rules.md (the engine's code), and the liquidation of this order against the
 * account as the server books it (its balance, the margin in use, the floating P/L), by the engine's stop-out rule.
 * A pending order is estimated at its target, with today's spread as its P/L when it fills.
 */
export function estimate(
  form: TicketForm,
  inst: TicketInstrument,
  ctx: {
    quote: { bid: number; ask: number };
    feeType: number;
    account: AccountState | null;
    usdRate: number | undefined;
    /** The quote currency's USD rate comes from this instrument's own price (USD/JPY). */
    rateFollowsPrice?: boolean;
    language?: Language;
  },
): Estimates {
  const none: Estimates = { marginMicros: null, feeMicros: null, liquidation: null };
  // Only numbers the fields take are estimated: an invalid field shows "—", never a figure from what it held.
  const n = ticketNumbers(form, inst, ctx.language);
  const lots = n.lots;
  if (lots === null || form.leverage === null) return none;
  const pending = form.mode === 0;
  if (pending && n.price === null) return none;
  const open = pending && n.price !== null ? n.price : openPriceOf(form.side, ctx.quote);
  if (Number(open) <= 0) return none;
  const spread = Math.max(0, ctx.quote.ask - ctx.quote.bid);
  const close = pending
    ? (form.side === BUY ? Number(open) - spread : Number(open) + spread).toFixed(inst.PricePrecision)
    : closePriceOf(form.side, ctx.quote);
  // Leveraged margin is converted from the quote currency to USD: unknown until its rate is.
  if (ctx.usdRate === undefined && inst.MarginMode !== MARGIN_MODE_FIXED) return none;
  try {
    const margin = marginMicros({
      lots,
      contractSize: inst.ForexContNum,
      price: open,
      leverage: form.leverage,
      marginMode: inst.MarginMode,
      usdRate: ctx.usdRate ?? 1,
    });
    const fee = feeMicros({ lots, feeRate: inst.ForexFeeRate, marginMicros: margin, feeType: ctx.feeType });
    const liquidation =
      ctx.account === null || ctx.usdRate === undefined || Number(close) <= 0
        ? null
        : liquidationOf({
            side: form.side,
            lots,
            contractSize: inst.ForexContNum,
            openPrice: open,
            closePrice: close,
            leverage: form.leverage,
            marginMode: inst.MarginMode,
            feeRate: inst.ForexFeeRate,
            feeType: ctx.feeType,
            usdRate: ctx.usdRate,
            rateFollowsPrice: ctx.rateFollowsPrice === true,
            account: ctx.account,
            pricePrecision: inst.PricePrecision,
          });
    return { marginMicros: margin, feeMicros: fee, liquidation };
  } catch {
    // Beyond what an amount can hold: no account pays for it.
    return { ...none, liquidation: ctx.account === null ? null : { kind: 'noMargin' } };
  }
}

/**
 * Where the ticket's trailing stop would start, for the hint under its field: a market order's from the close-side
 * price now (or the stop loss ticked, when better); a pending order's at its fill (`atFill`, only the distance shown).
 * Null while the trailing stop is off or its distance is not one the field takes.
 */
export function trailingHint(
  form: TicketForm,
  inst: TicketInstrument,
  quote: { bid: number; ask: number },
  language?: Language,
): { atFill: boolean; points: number; level: string | null } | null {
  if (!form.trailOn) return null;
  const n = ticketNumbers(form, inst, language);
  if (n.trail === null) return null;
  const atFill = form.mode === 0;
  if (atFill && n.price === null) return null;
  const reference = atFill ? (n.price as string) : closePriceOf(form.side, quote);
  const sl = !atFill && form.slOn ? n.sl : null;
  const r = trailingStart(form.side, reference, n.trail, sl, inst.PricePrecision);
  return { atFill, points: Number(n.trail), level: r.level };
}
