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
  feeMicros,
  liquidationOf,
  marginMicros,
  openPriceOf,
  pendingKindOf,
  stepLots,
} from '@meridian/shared/pure';
import type {
  AccountState,
  NewOrderLiquidation,
  PendingKind,
  Side,
  SubmitParams,
} from '@meridian/shared/pure';

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
};

export type { SubmitParams };

/** The field a refusal belongs to: its message is shown beside that field. */
export type TicketField = 'leverage' | 'lots' | 'price' | 'sl' | 'tp';

export type TicketError = { key: string; vars?: Record<string, string | number>; field?: TicketField };

export type TicketCheck =
  | { kind: 'login' }
  | ({ kind: 'error' } & TicketError)
  | { kind: 'ok'; params: SubmitParams; pendingKind: PendingKind | null };

/** A decimal typed by the user: digits with one optional point. */
const DECIMAL = /^\d+(\.\d+)?$/;
const isDecimal = (s: string) => DECIMAL.test(s.trim());
const isPositive = (s: string) => isDecimal(s) && Number(s) > 0;

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
  ctx: { loggedIn: boolean; account: AccountState | null; quote: { bid: number; ask: number } },
): TicketCheck {
  if (!ctx.loggedIn) return { kind: 'login' };
  if (leveragesOf(inst).length === 0) return { kind: 'error', key: 'ticket.noLeverage' };
  if ((form.slOn || form.tpOn) && !stopsAllowed(ctx.account))
    return { kind: 'error', key: 'ticket.stopsNeedBalance', vars: { min: SLTP_BALANCE_THRESHOLD } };
  if (form.leverage === null || !leveragesOf(inst).includes(form.leverage))
    return { kind: 'error', key: 'ticket.leverageRequired', field: 'leverage' };
  const lots = form.lots.trim();
  if (!isPositive(lots)) return { kind: 'error', key: 'ticket.lotsRequired', field: 'lots' };
  const lotsCheck = checkLots(lots, inst.Pip, inst.ForexMinCont);
  if (lotsCheck === 'belowMinimum')
    return { kind: 'error', key: 'ticket.lotsBelowMin', vars: { min: inst.ForexMinCont }, field: 'lots' };
  if (lotsCheck !== 'ok')
    return { kind: 'error', key: 'ticket.lotsOffStep', vars: { step: inst.Pip }, field: 'lots' };
  let target = '0';
  if (form.mode === 0) {
    if (!isPositive(form.price)) return { kind: 'error', key: 'ticket.enterPrice', field: 'price' };
    target = form.price.trim();
  }
  if (form.slOn && !isPositive(form.sl)) return { kind: 'error', key: 'ticket.slRequired', field: 'sl' };
  if (form.tpOn && !isPositive(form.tp)) return { kind: 'error', key: 'ticket.tpRequired', field: 'tp' };
  const sl = form.slOn ? form.sl.trim() : '0';
  const tp = form.tpOn ? form.tp.trim() : '0';
  const reference = form.mode === 0 ? target : closePriceOf(form.side, ctx.quote);
  const stops = checkStops(form.side, reference, sl, tp);
  if (stops === 'slWrongSide')
    return { kind: 'error', key: form.side === BUY ? 'ticket.slBelow' : 'ticket.slAbove', field: 'sl' };
  if (stops === 'tpWrongSide')
    return { kind: 'error', key: form.side === BUY ? 'ticket.tpAbove' : 'ticket.tpBelow', field: 'tp' };
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
    },
    pendingKind: form.mode === 0 ? pendingKindOf(form.side, Number(target), ctx.quote) : null,
  };
}

/** The minus button is disabled when quantity minus step is not above zero (docs/rules.md). */
export function canStepDown(lots: string, pip: number): boolean {
  if (!isDecimal(lots)) return false;
  return Number(stepLots(lots, pip, -1)) > 0;
}

/** Lots after + or −, on the Pip grid; an unreadable quantity restarts from the minimum. */
export function stepQuantity(lots: string, inst: TicketInstrument, dir: 1 | -1): string {
  if (!isDecimal(lots)) return String(inst.ForexMinCont);
  return stepLots(lots, inst.Pip, dir);
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
  },
): Estimates {
  const none: Estimates = { marginMicros: null, feeMicros: null, liquidation: null };
  const lots = form.lots.trim();
  if (!isPositive(lots) || form.leverage === null) return none;
  const pending = form.mode === 0;
  if (pending && !isPositive(form.price)) return none;
  const open = pending ? form.price.trim() : openPriceOf(form.side, ctx.quote);
  if (Number(open) <= 0) return none;
  const spread = Math.max(0, ctx.quote.ask - ctx.quote.bid);
  const close = pending
    ? (form.side === BUY ? Number(open) - spread : Number(open) + spread).toFixed(inst.PricePrecision)
    : closePriceOf(form.side, ctx.quote);
  try {
    const margin = marginMicros({
      lots,
      contractSize: inst.ForexContNum,
      price: open,
      leverage: form.leverage,
      marginMode: inst.MarginMode,
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
            account: ctx.account,
            pricePrecision: inst.PricePrecision,
          });
    return { marginMicros: margin, feeMicros: fee, liquidation };
  } catch {
    // Beyond what an amount can hold: no account pays for it.
    return { ...none, liquidation: ctx.account === null ? null : { kind: 'noMargin' } };
  }
}
