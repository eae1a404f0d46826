/**
 * The order ticket's rules (spec §5), as pure functions so each one is tested alone, and its estimates through the
 * shared trading formulas (the engine's own code: `@meridian/shared`), so the ticket shows what the server books.
 */
import { SLTP_BALANCE_THRESHOLD } from '@meridian/shared';
import {
  BUY,
  checkLots,
  checkStops,
  closePriceOf,
  feeMicros,
  liquidationPrice,
  marginMicros,
  openPriceOf,
  profitUsdMicros,
  stepLots,
  toMicros,
} from '@meridian/shared/pure';
import type { Side, SubmitParams } from '@meridian/shared/pure';

/** 1 market price, 0 pending at a target price (spec §4). */
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

export type TicketCheck =
  | { kind: 'login' }
  | { kind: 'error'; key: string; vars?: Record<string, string | number> }
  | { kind: 'ok'; params: SubmitParams };

/** A decimal typed by the user: digits with one optional point. */
const DECIMAL = /^\d+(\.\d+)?$/;
const isDecimal = (s: string) => DECIMAL.test(s.trim());
/** A stop level counts as set when it is ticked and above zero. */
const stopValue = (on: boolean, text: string): string =>
  on && isDecimal(text) && Number(text) > 0 ? text.trim() : '0';

export const leveragesOf = (i: TicketInstrument): number[] => (i.HasForexMultiple ?? []).map((m) => m.Value);

/**
 * Check the ticket in the order of spec §5: session, leverage, the 50000 stop rule, multiple and lots, the pending
 * price, then the stops against the price (the server checks the same).
 */
export function checkTicket(
  form: TicketForm,
  inst: TicketInstrument,
  ctx: { loggedIn: boolean; balance: number | null; quote: { bid: number; ask: number } },
): TicketCheck {
  if (!ctx.loggedIn) return { kind: 'login' };
  if (leveragesOf(inst).length === 0) return { kind: 'error', key: 'ticket.noLeverage' };
  const sl = stopValue(form.slOn, form.sl);
  const tp = stopValue(form.tpOn, form.tp);
  if ((sl !== '0' || tp !== '0') && (ctx.balance === null || ctx.balance < SLTP_BALANCE_THRESHOLD))
    return { kind: 'error', key: 'ticket.stopsNotAllowed' };
  if (form.leverage === null || !leveragesOf(inst).includes(form.leverage))
    return { kind: 'error', key: 'ticket.leverageRequired' };
  const lots = form.lots.trim();
  if (!isDecimal(lots) || Number(lots) <= 0) return { kind: 'error', key: 'ticket.lotsRequired' };
  const lotsCheck = checkLots(lots, inst.Pip, inst.ForexMinCont);
  if (lotsCheck === 'belowMinimum')
    return { kind: 'error', key: 'ticket.lotsBelowMin', vars: { min: inst.ForexMinCont } };
  if (lotsCheck !== 'ok') return { kind: 'error', key: 'ticket.lotsOffStep', vars: { step: inst.Pip } };
  let target = '0';
  if (form.mode === 0) {
    if (!isDecimal(form.price) || Number(form.price) <= 0) return { kind: 'error', key: 'ticket.enterPrice' };
    target = form.price.trim();
  }
  const reference = form.mode === 0 ? target : closePriceOf(form.side, ctx.quote);
  const stops = checkStops(form.side, reference, sl, tp);
  if (stops === 'slWrongSide')
    return { kind: 'error', key: form.side === BUY ? 'ticket.slBelow' : 'ticket.slAbove' };
  if (stops === 'tpWrongSide')
    return { kind: 'error', key: form.side === BUY ? 'ticket.tpAbove' : 'ticket.tpBelow' };
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
  };
}

/** The minus button is disabled when quantity minus step is not above zero (spec §5). */
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
  /** Close-side price at which this position alone brings the account to stop-out; null when none. */
  liquidation: number | null;
};

/**
 * Margin and fee by the formulas of spec §9 (the engine's code), and the liquidation preview: the account is
 * the available balance with this one position opened at the price shown (its fee paid, the spread as its P/L).
 */
export function estimate(
  form: TicketForm,
  inst: TicketInstrument,
  ctx: {
    quote: { bid: number; ask: number };
    feeType: number;
    balance: number | null;
    usdRate: number | undefined;
  },
): Estimates {
  const none: Estimates = { marginMicros: null, feeMicros: null, liquidation: null };
  const lots = form.lots.trim();
  if (!isDecimal(lots) || Number(lots) <= 0 || form.leverage === null) return none;
  const open =
    form.mode === 0
      ? isDecimal(form.price) && Number(form.price) > 0
        ? form.price.trim()
        : null
      : openPriceOf(form.side, ctx.quote);
  if (open === null || Number(open) <= 0) return none;
  const margin = marginMicros({
    lots,
    contractSize: inst.ForexContNum,
    price: open,
    leverage: form.leverage,
    marginMode: inst.MarginMode,
  });
  const fee = feeMicros({ lots, feeRate: inst.ForexFeeRate, marginMicros: margin, feeType: ctx.feeType });
  let liquidation: number | null = null;
  if (ctx.balance !== null && ctx.usdRate !== undefined) {
    const profit = profitUsdMicros({
      side: form.side,
      lots,
      contractSize: inst.ForexContNum,
      openPrice: open,
      closePrice: closePriceOf(form.side, ctx.quote),
      usdRate: ctx.usdRate,
    });
    liquidation = liquidationPrice({
      side: form.side,
      lots,
      contractSize: inst.ForexContNum,
      openPrice: open,
      usdRate: ctx.usdRate,
      equityMicros: toMicros(ctx.balance) - fee + profit,
      positionProfitMicros: profit,
      usedMarginMicros: margin,
      pricePrecision: inst.PricePrecision,
    });
  }
  return { marginMicros: margin, feeMicros: fee, liquidation };
}
