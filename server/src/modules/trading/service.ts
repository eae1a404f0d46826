/**
 * Orders and accounts of the trading engine (issue 4 item 3). Every money movement goes through changeBalance in the
 * same transaction as the order change it belongs to.
 *
 * Money and precision:
 * - balance, lock_balance and the ledger are integer USD cents (as everywhere);
 * - margin, fee and P/L are computed exactly with the shared math (`@meridian/shared/pure`, BigInt decimals) at the
 *   spec's 6 decimals and stored on the order as micro-units (`*_micros`); what is booked is that figure rounded half
 *   away from zero to cents (`*_cents`, also stored on the order), so the ledger and the order always agree.
 * - balance is the free cash; opening a position moves its margin (cents) from balance into lock_balance and takes
 *   the fee from balance; closing moves the same cents back and books the realised P/L.
 * - Equity = balance + lock_balance + floating P/L; used margin = lock_balance; free margin = equity - used margin;
 *   margin level = equity / used margin x 100.
 * - Negative balance protection: if booking a loss leaves balance below zero, a `write_off` ledger row brings it
 *   back to exactly zero and the order records the written-off cents.
 * - Pending orders reserve nothing (as on common platforms); margin and fee are checked at submission against the
 *   free balance and again at fill time, when a fill that can no longer be paid closes the order with reason
 *   `no_margin`.
 */
import type { Transaction } from 'kysely';
import {
  ERROR_CODES,
  checkLots,
  checkStops,
  closePriceOf,
  feeMicros,
  formatMicros,
  isStopOut,
  marginLevelPercent,
  marginMicros,
  microsToCents,
  openPriceOf,
  parseDecimal,
  pendingKindOf,
  profitUsdMicros,
  SLTP_BALANCE_THRESHOLD,
} from '@meridian/shared/pure';
import type { Side } from '@meridian/shared/pure';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { DEMO_STARTING_BALANCE_CENTS, formatCents } from '../../lib/money';
import type { Database, Order } from '../../storage/schema';
import { changeBalance, findUserById, isUniqueViolation } from '../accounts/repository';
import { getSetting } from '../content/repository';
import type { Instrument, MarketData, Quote } from '../markets/contract';
import { batcherOf } from './batcher';
import * as repo from './repository';
import { STATUS_CLOSED, STATUS_HOLDING, STATUS_PENDING } from './repository';

export type CloseReason = 'manual' | 'tp' | 'sl' | 'stop_out' | 'reset' | 'cancel' | 'no_margin';

/** What the engine wants to hear about after a commit. */
export type TradingHooks = {
  changed: (userId: number) => void;
  /** A new order (and, for a position, the account's balances after it), tracked without a database read. */
  opened: (order: Order, account?: { balanceCents: number; lockCents: number }) => void;
  closed: (userId: number, order: OrderView) => void;
};
const hooksByCtx = new WeakMap<AppContext, TradingHooks>();
export function setTradingHooks(ctx: AppContext, hooks: TradingHooks | null): void {
  if (hooks) hooksByCtx.set(ctx, hooks);
  else hooksByCtx.delete(ctx);
}
function hooks(ctx: AppContext): TradingHooks | undefined {
  return hooksByCtx.get(ctx);
}

const marketsByCtx = new WeakMap<AppContext, MarketData>();
/** Use this market for `ctx` (tests, or before ctx.market exists). */
export function setMarket(ctx: AppContext, market: MarketData): void {
  marketsByCtx.set(ctx, market);
}
/** The market data of this app: ctx.market when present, else the one given to setMarket. */
export function marketOf(ctx: AppContext): MarketData {
  const m = marketsByCtx.get(ctx) ?? (ctx.market as MarketData | undefined);
  if (!m) throw new AppError(ERROR_CODES.unavailable, 'error.unavailable');
  return m;
}
export function hasMarket(ctx: AppContext): boolean {
  return !!(marketsByCtx.get(ctx) ?? (ctx.market as MarketData | undefined));
}

// ---- views ----

const num = (v: string | null | undefined): number => (v ? Number(v) : 0);

export function fmtTime(ms: number | null | undefined): string {
  if (!ms) return '';
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

export type OrderView = {
  Id: number;
  ForexId: number;
  ForexTradeLists: { Id: number; Code: string; ShowCode: string };
  OrderType: number;
  Quantity: number;
  Multiple: number;
  /** The price asked for (the quote at submission, or the pending target). */
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
  TargetPrice: number;
  CreateTimeHandler: string;
  CompleteTimeHandler: string;
  Status: number;
  PendingKind: string;
  ExpectedPrice: number;
  FillPrice: number | null;
  CloseExpectedPrice: number | null;
  ClosePrice: number | null;
  CloseReason: string | null;
  WrittenOff: string;
  ClientOrderId: string | null;
};

export function orderView(o: Order, live?: { price: number; profitMicros: number }): OrderView {
  const profit = o.status === STATUS_HOLDING && live ? live.profitMicros : o.profit_micros;
  const update =
    o.status === STATUS_HOLDING ? (live?.price ?? num(o.open_price)) : num(o.close_price ?? o.open_price);
  return {
    Id: o.id,
    ForexId: o.instrument_id,
    ForexTradeLists: { Id: o.instrument_id, Code: o.code, ShowCode: o.show_code },
    OrderType: o.side,
    Quantity: Number(o.lots),
    Multiple: o.leverage,
    OriginPrice: num(o.expected_price),
    Price: num(o.open_price ?? o.target_price),
    UpdatePrice: update,
    FactProfits: formatMicros(profit),
    CautionMoney: formatMicros(o.margin_micros),
    TradeFee: formatMicros(o.fee_micros),
    TargetLossPrice: num(o.stop_loss),
    TargetProfitPrice: num(o.take_profit),
    TargetPrice: num(o.target_price),
    CreateTimeHandler: fmtTime(o.created_at),
    CompleteTimeHandler: fmtTime(o.closed_at),
    Status: o.status,
    PendingKind: o.kind,
    ExpectedPrice: num(o.expected_price),
    FillPrice: o.open_price ? Number(o.open_price) : null,
    CloseExpectedPrice: o.close_expected_price ? Number(o.close_expected_price) : null,
    ClosePrice: o.close_price ? Number(o.close_price) : null,
    CloseReason: o.close_reason,
    WrittenOff: formatCents(o.written_off_cents),
    ClientOrderId: o.client_order_id,
  };
}

// ---- helpers ----

const refuse = (code: number, key: string, params: Record<string, string | number> = {}) =>
  new AppError(code, key, params);

export function usdRateOf(market: MarketData, currency: string): number {
  if (currency === 'USD') return 1;
  const r = market.usdRate(currency);
  if (r === undefined || !(r > 0)) throw refuse(ERROR_CODES.unavailable, 'error.unavailable');
  return r;
}

/** Live P/L (USD micro-units) and close-side price of a holding order at this quote. */
export function liveProfit(
  market: MarketData,
  o: Order,
  quote: Quote | undefined,
): { price: number; profitMicros: number } | undefined {
  if (!quote || !o.open_price) return undefined;
  const side = o.side as Side;
  const price = closePriceOf(side, quote);
  let rate: number;
  try {
    rate = usdRateOf(market, o.quote_currency);
  } catch {
    return undefined;
  }
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

function decText(v: number | string): string {
  const d = parseDecimal(v);
  if (d.s === 0) return d.n.toString();
  const neg = d.n < 0n;
  const abs = (neg ? -d.n : d.n).toString().padStart(d.s + 1, '0');
  const t = `${abs.slice(0, -d.s)}.${abs.slice(-d.s)}`.replace(/\.?0+$/, '');
  return `${neg ? '-' : ''}${t}`;
}

const feeTypeCache = new WeakMap<AppContext, { value: number; until: number }>();
/** trade_fee_type (settings), cached for a few seconds: it is read on every submit. */
async function feeType(ctx: AppContext): Promise<number> {
  const now = Date.now();
  const c = feeTypeCache.get(ctx);
  if (c && c.until > now) return c.value;
  const v = await getSetting(ctx.db, 'trade_fee_type');
  const value = Number(v ?? 1) || 0;
  feeTypeCache.set(ctx, { value, until: now + 5000 });
  return value;
}

// ---- submit ----

export type SubmitInput = {
  /** 1 buy, 2 sell. */
  type: number;
  cont: string;
  forex_id: number;
  status: 0 | 1;
  target_price?: string | undefined;
  stop_loss_price?: string | undefined;
  target_profit_price?: string | undefined;
  multiple?: number | undefined;
  client_order_id?: string | undefined;
};

const isSet = (v: string | undefined): v is string => v !== undefined && v !== '' && Number(v) !== 0;

export type SubmitOptions = {
  /** Fill at this quote instead of the live one (seeding the ranking history). */
  quote?: Quote;
  at?: number;
  /** Skip the market schedule check (history seeding). */
  ignoreSchedule?: boolean;
};

export async function submit(
  ctx: AppContext,
  userId: number,
  input: SubmitInput,
  opts: SubmitOptions = {},
): Promise<OrderView> {
  const market = marketOf(ctx);
  if (input.client_order_id) {
    const existing = await repo.findByClientId(ctx.db, userId, input.client_order_id);
    if (existing) return orderView(existing);
  }
  const inst = market.instrument(input.forex_id);
  if (!inst) throw refuse(ERROR_CODES.instrumentNotFound, 'trade.instrumentNotFound');
  const side = (input.type === 1 ? 1 : 2) as Side;
  const leverage = validateLeverage(inst, input.multiple);
  const lots = checkLots(input.cont, inst.pip, inst.minLots);
  if (lots === 'belowMinimum')
    throw refuse(ERROR_CODES.lotsInvalid, 'trade.lotsBelowMin', { min: inst.minLots });
  if (lots !== 'ok') throw refuse(ERROR_CODES.lotsInvalid, 'trade.lotsOffStep', { step: inst.pip });
  const at = opts.at ?? ctx.now();
  if (!opts.ignoreSchedule && !market.isOpen(inst.id, at))
    throw refuse(ERROR_CODES.marketClosed, 'trade.marketClosed');
  const quote = opts.quote ?? market.quote(inst.id);
  if (!quote) throw refuse(ERROR_CODES.marketClosed, 'trade.marketClosed');

  const pending = input.status === 0;
  let target: string | null = null;
  let kind = 'market';
  if (pending) {
    if (!isSet(input.target_price)) throw refuse(ERROR_CODES.validation, 'trade.priceRequired');
    target = decText(input.target_price);
    kind = pendingKindOf(side, Number(target), quote);
  }
  const sl = isSet(input.stop_loss_price) ? decText(input.stop_loss_price) : null;
  const tp = isSet(input.target_profit_price) ? decText(input.target_profit_price) : null;

  // The balance is read up front only where a rule needs it (SL/TP threshold, pending orders); a market order's
  // funds are checked atomically by changeBalance in the transaction.
  const user = sl || tp || pending ? await findUserById(ctx.db, userId) : undefined;
  if ((sl || tp) && (user?.balance ?? 0) < SLTP_BALANCE_THRESHOLD * 100)
    throw refuse(ERROR_CODES.stopsNotAllowed, 'trade.stopsNotAllowed', { min: SLTP_BALANCE_THRESHOLD });
  const reference = pending ? (target as string) : closePriceOf(side, quote);
  assertStops(side, reference, sl, tp);

  const expected = pending ? (target as string) : decText(openPriceOf(side, quote));
  const margin = marginMicros({
    lots: input.cont,
    contractSize: inst.contractSize,
    price: expected,
    leverage,
    marginMode: inst.marginMode,
  });
  const ft = await feeType(ctx);
  const fee = feeMicros({ lots: input.cont, feeRate: inst.feeRate, marginMicros: margin, feeType: ft });
  const marginCents = microsToCents(margin);
  const feeCents = microsToCents(fee);
  if (user && user.balance < marginCents + feeCents)
    throw refuse(ERROR_CODES.insufficientBalance, 'error.insufficientBalance');

  let order: Order;
  let account: { balanceCents: number; lockCents: number } | undefined;
  try {
    order = await batcherOf(ctx.db, ctx.storage.dialect).run(async (trx) => {
      const o = await repo.insertOrder(trx, {
        user_id: userId,
        instrument_id: inst.id,
        code: inst.code,
        show_code: inst.showCode,
        side,
        status: pending ? STATUS_PENDING : STATUS_HOLDING,
        kind,
        lots: decText(input.cont),
        leverage,
        contract_size: String(inst.contractSize),
        margin_mode: inst.marginMode,
        fee_rate: inst.feeRate,
        fee_type: ft,
        quote_currency: inst.quoteCurrency,
        price_precision: inst.pricePrecision,
        expected_price: expected,
        target_price: target,
        open_price: pending ? null : expected,
        stop_loss: sl,
        take_profit: tp,
        margin_micros: margin,
        margin_cents: pending ? 0 : marginCents,
        fee_micros: fee,
        fee_cents: pending ? 0 : feeCents,
        profit_micros: 0,
        profit_cents: 0,
        written_off_cents: 0,
        client_order_id: input.client_order_id ?? null,
        created_at: at,
        opened_at: pending ? null : at,
      });
      if (!pending) account = await bookOpen(trx, o, marginCents, feeCents, at);
      return o;
    });
  } catch (err) {
    if (input.client_order_id && isUniqueViolation(err)) {
      const existing = await repo.findByClientId(ctx.db, userId, input.client_order_id);
      if (existing) return orderView(existing);
    }
    throw err;
  }
  hooks(ctx)?.opened(order, account);
  return orderView(order, pending ? undefined : liveProfit(market, order, quote));
}

function validateLeverage(inst: Instrument, multiple: number | undefined): number {
  if (inst.leverages.length === 0) throw refuse(ERROR_CODES.leverageInvalid, 'trade.leverageNotConfigured');
  if (multiple === undefined || !inst.leverages.includes(multiple))
    throw refuse(ERROR_CODES.leverageInvalid, 'trade.leverageInvalid', { list: inst.leverages.join(', ') });
  return multiple;
}

function assertStops(side: Side, reference: number | string, sl: string | null, tp: string | null): void {
  const r = checkStops(side, reference, sl, tp);
  if (r === 'slWrongSide')
    throw refuse(ERROR_CODES.stopsInvalid, side === 1 ? 'trade.slBelow' : 'trade.slAbove', {
      price: String(reference),
    });
  if (r === 'tpWrongSide')
    throw refuse(ERROR_CODES.stopsInvalid, side === 1 ? 'trade.tpAbove' : 'trade.tpBelow', {
      price: String(reference),
    });
}

/** Margin from balance into lock_balance, and the fee from balance: three ledger rows. */
async function bookOpen(
  trx: Transaction<Database>,
  o: Order,
  marginCents: number,
  feeCents: number,
  at: number,
): Promise<{ balanceCents: number; lockCents: number } | undefined> {
  const ref = { refType: 'order', refId: String(o.id), at, userId: o.user_id };
  let balanceCents: number | undefined;
  let lockCents: number | undefined;
  if (marginCents > 0) {
    balanceCents = await changeBalance(trx, { ...ref, amount: -marginCents, kind: 'trade_margin' });
    lockCents = await changeBalance(trx, {
      ...ref,
      amount: marginCents,
      kind: 'trade_margin',
      account: 'lock_balance',
    });
  }
  if (feeCents > 0) balanceCents = await changeBalance(trx, { ...ref, amount: -feeCents, kind: 'trade_fee' });
  return balanceCents !== undefined && lockCents !== undefined ? { balanceCents, lockCents } : undefined;
}

// ---- fills and closes (engine and users) ----

/**
 * Fill a pending order at `price` (the first available price once its target is reached). Returns the holding
 * order, or null when it was no longer pending; closes it with reason `no_margin` when the account cannot pay.
 */
export async function fillPending(
  ctx: AppContext,
  orderId: number,
  quote: Quote,
  at = ctx.now(),
): Promise<Order | null> {
  const attempt = await ctx.db.transaction().execute(async (trx) => {
    const o = await repo.findOrder(trx, orderId);
    if (!o || o.status !== STATUS_PENDING) return null;
    const side = o.side as Side;
    const price = decText(openPriceOf(side, quote));
    const margin = marginMicros({
      lots: o.lots,
      contractSize: o.contract_size,
      price,
      leverage: o.leverage,
      marginMode: o.margin_mode,
    });
    const fee = feeMicros({ lots: o.lots, feeRate: o.fee_rate, marginMicros: margin, feeType: o.fee_type });
    const marginCents = microsToCents(margin);
    const feeCents = microsToCents(fee);
    const user = await findUserById(trx, o.user_id);
    if (!user || user.balance < marginCents + feeCents) return 'no_margin' as const;
    const upd = await trx
      .updateTable('orders')
      .set({
        status: STATUS_HOLDING,
        open_price: price,
        opened_at: at,
        margin_micros: margin,
        margin_cents: marginCents,
        fee_micros: fee,
        fee_cents: feeCents,
      })
      .where('id', '=', o.id)
      .where('status', '=', STATUS_PENDING)
      .returningAll()
      .executeTakeFirst();
    if (!upd) return null;
    await bookOpen(trx, upd, marginCents, feeCents, at);
    return upd;
  });
  if (attempt === 'no_margin') {
    await cancelOrder(ctx, orderId, 'no_margin', at);
    return null;
  }
  if (attempt) hooks(ctx)?.changed(attempt.user_id);
  return attempt;
}

/**
 * Close a holding order at `price` in the caller's transaction: margin back from lock_balance to balance, the
 * realised P/L booked, and a write-off row if the balance would end below zero. Returns null when the order was not
 * holding any more (someone else closed it first).
 */
export async function closeInTrx(
  trx: Transaction<Database>,
  market: MarketData,
  orderId: number,
  args: { price: number; expected: number; reason: CloseReason; at: number },
): Promise<Order | null> {
  const o = await repo.findOrder(trx, orderId);
  if (!o || o.status !== STATUS_HOLDING || !o.open_price) return null;
  const side = o.side as Side;
  const profit = profitUsdMicros({
    side,
    lots: o.lots,
    contractSize: o.contract_size,
    openPrice: o.open_price,
    closePrice: args.price,
    usdRate: usdRateOf(market, o.quote_currency),
  });
  const profitCents = microsToCents(profit);
  const claimed = await trx
    .updateTable('orders')
    .set({ status: STATUS_CLOSED, closed_at: args.at })
    .where('id', '=', o.id)
    .where('status', '=', STATUS_HOLDING)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  const ref = { refType: 'order', refId: String(o.id), at: args.at, userId: o.user_id };
  if (o.margin_cents > 0) {
    await changeBalance(trx, {
      ...ref,
      amount: -o.margin_cents,
      kind: 'margin_release',
      account: 'lock_balance',
    });
    await changeBalance(trx, { ...ref, amount: o.margin_cents, kind: 'margin_release' });
  }
  let writtenOff = 0;
  if (profitCents !== 0) {
    const after = await changeBalance(trx, {
      ...ref,
      amount: profitCents,
      kind: 'trade_profit',
      allowNegative: true,
    });
    if (after < 0) {
      writtenOff = -after;
      await changeBalance(trx, { ...ref, amount: writtenOff, kind: 'write_off' });
    }
  }
  return trx
    .updateTable('orders')
    .set({
      close_price: decText(args.price),
      close_expected_price: decText(args.expected),
      close_reason: args.reason,
      profit_micros: profit,
      profit_cents: profitCents,
      written_off_cents: writtenOff,
    })
    .where('id', '=', o.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Close a holding order in its own transaction and tell the engine. */
export async function closeOrder(
  ctx: AppContext,
  orderId: number,
  args: { price: number; expected: number; reason: CloseReason; at?: number },
): Promise<Order | null> {
  const market = marketOf(ctx);
  const at = args.at ?? ctx.now();
  const closed = await ctx.db
    .transaction()
    .execute((trx) => closeInTrx(trx, market, orderId, { ...args, at }));
  if (closed) {
    hooks(ctx)?.changed(closed.user_id);
    hooks(ctx)?.closed(closed.user_id, orderView(closed));
  }
  return closed;
}

/** Cancel a pending order (nothing was reserved, so no money moves). */
export async function cancelOrder(
  ctx: AppContext,
  orderId: number,
  reason: CloseReason,
  at = ctx.now(),
): Promise<Order | null> {
  const row = await ctx.db
    .updateTable('orders')
    .set({ status: STATUS_CLOSED, closed_at: at, close_reason: reason })
    .where('id', '=', orderId)
    .where('status', '=', STATUS_PENDING)
    .returningAll()
    .executeTakeFirst();
  if (row) {
    hooks(ctx)?.changed(row.user_id);
    hooks(ctx)?.closed(row.user_id, orderView(row));
  }
  return row ?? null;
}

// ---- user calls ----

export async function userClose(ctx: AppContext, userId: number, id: number): Promise<OrderView> {
  const market = marketOf(ctx);
  const o = await repo.findUserOrder(ctx.db, userId, id);
  if (!o) throw refuse(ERROR_CODES.orderNotFound, 'trade.orderNotFound');
  if (o.status !== STATUS_HOLDING) throw refuse(ERROR_CODES.orderState, 'trade.notHolding');
  if (!market.isOpen(o.instrument_id, ctx.now()))
    throw refuse(ERROR_CODES.marketClosed, 'trade.marketClosed');
  const quote = market.quote(o.instrument_id);
  if (!quote) throw refuse(ERROR_CODES.marketClosed, 'trade.marketClosed');
  const price = closePriceOf(o.side as Side, quote);
  const closed = await closeOrder(ctx, o.id, { price, expected: price, reason: 'manual' });
  if (!closed) throw refuse(ERROR_CODES.orderState, 'trade.notHolding');
  return orderView(closed);
}

export async function userCancel(ctx: AppContext, userId: number, id: number): Promise<OrderView> {
  const o = await repo.findUserOrder(ctx.db, userId, id);
  if (!o) throw refuse(ERROR_CODES.orderNotFound, 'trade.orderNotFound');
  if (o.status !== STATUS_PENDING) throw refuse(ERROR_CODES.orderState, 'trade.notPending');
  const row = await cancelOrder(ctx, o.id, 'cancel');
  if (!row) throw refuse(ERROR_CODES.orderState, 'trade.notPending');
  return orderView(row);
}

export async function userSetStops(
  ctx: AppContext,
  userId: number,
  input: { id: number; target_profit_price?: string | undefined; stop_loss_price?: string | undefined },
): Promise<OrderView> {
  const market = marketOf(ctx);
  const o = await repo.findUserOrder(ctx.db, userId, input.id);
  if (!o) throw refuse(ERROR_CODES.orderNotFound, 'trade.orderNotFound');
  if (o.status === STATUS_CLOSED) throw refuse(ERROR_CODES.orderState, 'trade.alreadyClosed');
  const sl = isSet(input.stop_loss_price) ? decText(input.stop_loss_price) : null;
  const tp = isSet(input.target_profit_price) ? decText(input.target_profit_price) : null;
  if (sl || tp) {
    const user = await findUserById(ctx.db, userId);
    if (!user || user.balance < SLTP_BALANCE_THRESHOLD * 100)
      throw refuse(ERROR_CODES.stopsNotAllowed, 'trade.stopsNotAllowed', { min: SLTP_BALANCE_THRESHOLD });
  }
  const side = o.side as Side;
  let reference: number | string;
  if (o.status === STATUS_PENDING) reference = o.target_price ?? o.expected_price;
  else {
    const q = market.quote(o.instrument_id);
    if (!q) throw refuse(ERROR_CODES.marketClosed, 'trade.marketClosed');
    reference = closePriceOf(side, q);
  }
  assertStops(side, reference, sl, tp);
  const row = await ctx.db
    .updateTable('orders')
    .set({ stop_loss: sl, take_profit: tp })
    .where('id', '=', o.id)
    .where('user_id', '=', userId)
    .where('status', 'in', [STATUS_PENDING, STATUS_HOLDING])
    .returningAll()
    .executeTakeFirst();
  if (!row) throw refuse(ERROR_CODES.orderState, 'trade.alreadyClosed');
  hooks(ctx)?.changed(userId);
  return orderView(row, liveProfit(market, row, market.quote(row.instrument_id)));
}

export async function myDeal(
  ctx: AppContext,
  userId: number,
  status: number,
  page: number,
  limit: number,
): Promise<{ data: OrderView[]; total: number; all_fact_profits: string; balance: string }> {
  const market = marketOf(ctx);
  const { rows, total } = await repo.pageOrders(ctx.db, userId, status, page, limit);
  const user = await findUserById(ctx.db, userId);
  let all = 0;
  if (status === STATUS_HOLDING) {
    for (const o of await repo.userOrders(ctx.db, userId, STATUS_HOLDING))
      all += liveProfit(market, o, market.quote(o.instrument_id))?.profitMicros ?? 0;
  } else if (status === STATUS_CLOSED) {
    all = await repo.sumRealised(ctx.db, userId);
  }
  return {
    data: rows.map((o) => orderView(o, liveProfit(market, o, market.quote(o.instrument_id)))),
    total,
    all_fact_profits: formatMicros(all),
    balance: formatCents(user?.balance ?? 0),
  };
}

export async function getBalance(
  ctx: AppContext,
  userId: number,
): Promise<{ balance: string; lock_balance: string }> {
  const user = await findUserById(ctx.db, userId);
  return { balance: formatCents(user?.balance ?? 0), lock_balance: formatCents(user?.lock_balance ?? 0) };
}

export type AccountFigures = {
  balanceCents: number;
  lockCents: number;
  floatingMicros: number;
  equityMicros: number;
  usedMicros: number;
  holding: { order: Order; profitMicros: number; price: number }[];
};

/** Balance, margin and floating P/L of one account at the current quotes. */
export async function accountFigures(
  ctx: AppContext,
  userId: number,
  db: Transaction<Database> | AppContext['db'] = ctx.db,
): Promise<AccountFigures> {
  const market = marketOf(ctx);
  const user = await findUserById(db, userId);
  const holding: AccountFigures['holding'] = [];
  let floating = 0;
  for (const o of await repo.userOrders(db, userId, STATUS_HOLDING)) {
    const live = liveProfit(market, o, market.quote(o.instrument_id));
    const p = live?.profitMicros ?? 0;
    floating += p;
    holding.push({ order: o, profitMicros: p, price: live?.price ?? Number(o.open_price) });
  }
  const balanceCents = user?.balance ?? 0;
  const lockCents = user?.lock_balance ?? 0;
  return {
    balanceCents,
    lockCents,
    floatingMicros: floating,
    equityMicros: (balanceCents + lockCents) * 10_000 + floating,
    usedMicros: lockCents * 10_000,
    holding,
  };
}

export async function forexDetail(ctx: AppContext, userId: number) {
  const f = await accountFigures(ctx, userId);
  const level = marginLevelPercent(f.equityMicros, f.usedMicros);
  return {
    balance: formatCents(f.balanceCents),
    lock_balance: formatCents(f.lockCents),
    equity: formatMicros(f.equityMicros),
    used_margin: formatMicros(f.usedMicros),
    free_margin: formatMicros(f.equityMicros - f.usedMicros),
    margin_level: level === null ? null : level.toFixed(2),
    floating_profit: formatMicros(f.floatingMicros),
    stop_out_level: '50.00',
    positions: f.holding.length,
  };
}

/**
 * Stop-out: while the account's margin level is at or below 50%, close its position with the largest loss (at the
 * live close-side price). Runs in one transaction; returns the closed orders.
 */
export async function stopOut(ctx: AppContext, userId: number, at = ctx.now()): Promise<Order[]> {
  const market = marketOf(ctx);
  const closed = await ctx.db.transaction().execute(async (trx) => {
    const out: Order[] = [];
    for (let guard = 0; guard < 1000; guard++) {
      const f = await accountFigures(ctx, userId, trx);
      if (f.holding.length === 0 || !isStopOut(f.equityMicros, f.usedMicros)) break;
      const worst = f.holding.reduce((a, b) =>
        b.profitMicros < a.profitMicros || (b.profitMicros === a.profitMicros && b.order.id < a.order.id)
          ? b
          : a,
      );
      const c = await closeInTrx(trx, market, worst.order.id, {
        price: worst.price,
        expected: worst.price,
        reason: 'stop_out',
        at,
      });
      if (!c) break;
      out.push(c);
    }
    return out;
  });
  if (closed.length > 0) {
    hooks(ctx)?.changed(userId);
    for (const c of closed) hooks(ctx)?.closed(userId, orderView(c));
  }
  return closed;
}

/** Demo reset: close every position and cancel every pending order, then restore 100,000.00 USD. */
export async function resetDemo(ctx: AppContext, userId: number): Promise<{ balance: string }> {
  const market = marketOf(ctx);
  const at = ctx.now();
  const closed: Order[] = [];
  const balance = await ctx.db.transaction().execute(async (trx) => {
    for (const o of await repo.openOrdersOfUser(trx, userId)) {
      if (o.status === STATUS_PENDING) {
        const row = await trx
          .updateTable('orders')
          .set({ status: STATUS_CLOSED, closed_at: at, close_reason: 'reset' })
          .where('id', '=', o.id)
          .where('status', '=', STATUS_PENDING)
          .returningAll()
          .executeTakeFirst();
        if (row) closed.push(row);
        continue;
      }
      const q = market.quote(o.instrument_id);
      const price = q ? closePriceOf(o.side as Side, q) : Number(o.open_price);
      const c = await closeInTrx(trx, market, o.id, { price, expected: price, reason: 'reset', at });
      if (c) closed.push(c);
    }
    const user = await findUserById(trx, userId);
    const delta = DEMO_STARTING_BALANCE_CENTS - (user?.balance ?? 0);
    if (delta !== 0)
      return changeBalance(trx, { userId, amount: delta, kind: 'demo_reset', at, allowNegative: true });
    return user?.balance ?? DEMO_STARTING_BALANCE_CENTS;
  });
  hooks(ctx)?.changed(userId);
  for (const c of closed) hooks(ctx)?.closed(userId, orderView(c));
  return { balance: formatCents(balance) };
}

/** forexChange Type per ledger kind; unknown kinds are Type 10 and show their Memo. */
export const LEDGER_TYPES: Record<string, number> = {
  demo_grant: 1,
  demo_reset: 2,
  trade_margin: 3,
  margin_release: 4,
  trade_fee: 5,
  trade_profit: 6,
  write_off: 7,
};

export async function forexChange(
  ctx: AppContext,
  userId: number,
  lang: Parameters<AppContext['i18n']['t']>[0],
  page: number,
  limit: number,
) {
  const base = ctx.db.selectFrom('ledger').where('user_id', '=', userId).where('account', '=', 'balance');
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return {
    list: rows.map((r) => {
      const type = LEDGER_TYPES[r.kind] ?? 10;
      return {
        Id: r.id,
        Value: formatCents(r.amount),
        BalanceAfter: formatCents(r.balance_after),
        Type: type,
        Memo: r.memo ?? r.kind,
        MemoTran:
          type === 10 ? (r.memo ?? r.kind) : ctx.i18n.t(lang, `ledger.${r.kind}`, { id: r.ref_id ?? '' }),
        CreatedAtTran: fmtTime(r.created_at),
      };
    }),
    total: Number(count?.n ?? 0),
  };
}
