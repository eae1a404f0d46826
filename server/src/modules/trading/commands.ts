/**
 * Order commands: submit, fill, close, cancel and the stop levels, for users (through the routes), for the engine
 * (triggers) and for the simulated traders. Every money movement happens in one transaction with its ledger rows
 * (booking.ts); after each commit the engine hears of it (events.ts).
 *
 * Pending orders reserve nothing (as on common platforms): margin and fee are checked against the free balance at
 * submission and again at the fill, where an order that can no longer be paid closes with reason `no_margin`.
 */
import {
  ERROR_CODES,
  checkLots,
  checkPartialClose,
  lotsMinus,
  checkStops,
  closePriceOf,
  feeMicros,
  marginMicros,
  microsToCents,
  openPriceOf,
  pendingKindOf,
  priceText,
  slippageExceeded,
  SLTP_BALANCE_THRESHOLD,
  trailingLevel,
  betterStop,
} from '@meridian/shared/pure';
import type { CloseAllScope, CloseReason, OrderView, Side } from '@meridian/shared/pure';
import { AppError } from '../../lib/errors';
import type { MsgParams } from '../../lib/errors';
import type { Order } from '../../storage/schema';
import { findUserById, isUniqueViolation } from '../accounts';
import type { Instrument, Quote } from '../markets';
import type { WriteBatcher } from './batcher';
import { bookOpen, closeBookedInTrx, partialCloseInTrx } from './booking';
import { recordClosed, recordFilled } from './notices';
import type { TradingDeps } from './deps';
import type { OpenedAccount, TradingEvents } from './events';
import * as repo from './repository';
import { STATUS_CLOSED, STATUS_HOLDING, STATUS_PENDING } from './repository';
import type { SubmitInput } from './schemas';
import { decText, liveProfit, orderView, usdRateOrRefuse } from './views';

const refuse = (code: number, key: string, params: MsgParams = {}) => new AppError(code, key, params);
const isSet = (v: string | undefined): v is string => v !== undefined && v !== '' && Number(v) !== 0;

/** A position close_all did not close: the refusal a single close would have answered, translated by the route. */
export type CloseAllRefusal = { id: number; code: number; key: string; params: MsgParams };

export type SubmitOptions = {
  /** Fill at this quote instead of the live one (seeding the ranking history). */
  quote?: Quote;
  at?: number;
  /** Skip the market schedule check (history seeding). */
  ignoreSchedule?: boolean;
};

export class OrderCommands {
  /** trade_fee_type, read on every submit: cached for a few seconds. */
  private feeTypeCache: { value: number; until: number } | null = null;

  constructor(
    private readonly deps: TradingDeps,
    private readonly events: TradingEvents,
    private readonly batcher: WriteBatcher,
  ) {}

  private async feeType(): Promise<number> {
    const now = Date.now();
    const c = this.feeTypeCache;
    if (c && c.until > now) return c.value;
    const value = Number((await this.deps.setting('trade_fee_type')) ?? 1) || 0;
    this.feeTypeCache = { value, until: now + 5000 };
    return value;
  }

  /** Place an order: a position at the market now, or a pending order at its target. */
  async submit(userId: number, input: SubmitInput, opts: SubmitOptions = {}): Promise<OrderView> {
    const { db, market } = this.deps;
    if (input.client_order_id) {
      const existing = await repo.findByClientId(db, userId, input.client_order_id);
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
    const at = opts.at ?? this.deps.now();
    if (!opts.ignoreSchedule && !market.isOpen(inst.id, at))
      throw refuse(ERROR_CODES.marketClosed, 'trade.marketClosed');
    const quote = opts.quote ?? market.quote(inst.id);
    if (!quote) throw refuse(ERROR_CODES.marketClosed, 'trade.marketClosed');

    const pending = input.status === 0;
    // A market order fills at the live quote: never at a frozen one (docs/rules.md#no-price).
    if (!pending && !opts.quote && market.quoteFresh?.(inst.id, at) === false)
      throw refuse(ERROR_CODES.noPrice, 'trade.noPrice');
    let target: string | null = null;
    let kind = 'market';
    if (pending) {
      if (!isSet(input.target_price)) throw refuse(ERROR_CODES.validation, 'trade.priceRequired');
      target = decText(input.target_price);
      kind = pendingKindOf(side, Number(target), quote);
    }
    let sl = isSet(input.stop_loss_price) ? decText(input.stop_loss_price) : null;
    const tp = isSet(input.target_profit_price) ? decText(input.target_profit_price) : null;
    const trailing = input.trailing_distance ?? 0;

    // The balance is read up front only where a rule needs it (SL/TP threshold, pending orders); a market order's
    // funds are checked atomically by changeBalance in the transaction.
    const stops = Boolean(sl || tp || trailing > 0);
    const user = stops || pending ? await findUserById(db, userId) : undefined;
    if (stops && (user?.balance ?? 0) < SLTP_BALANCE_THRESHOLD * 100)
      throw refuse(ERROR_CODES.stopsNotAllowed, 'trade.stopsNotAllowed', { min: SLTP_BALANCE_THRESHOLD });
    const reference = pending ? (target as string) : closePriceOf(side, quote);
    assertStops(side, reference, sl, tp);
    if (trailing > 0) {
      // A market order's trailing stop starts now from the close-side price; a pending order's at its fill (checked
      // here against its target, where it would fill).
      const start = trailingLevel(side, reference, trailing, inst.pricePrecision);
      if (start === null)
        throw refuse(ERROR_CODES.validation, 'v.outOfRange', { field: 'trailing_distance' });
      if (!pending) sl = decText(sl ? betterStop(side, sl, start) : start);
    }

    // A market order fills at the live opening price; with the price the trader saw, only within the deviation
    // allowed in their disfavour (docs/rules.md#slippage-guard).
    const fill = pending ? (target as string) : decText(openPriceOf(side, quote));
    const seen = !pending && input.expected_price !== undefined ? decText(input.expected_price) : null;
    if (seen !== null) {
      const points = input.max_deviation ?? 0;
      if (slippageExceeded(side, seen, fill, points, inst.pricePrecision))
        throw refuse(ERROR_CODES.slippageExceeded, side === 1 ? 'trade.slippageBuy' : 'trade.slippageSell', {
          seen: priceText(seen, inst.pricePrecision),
          price: priceText(fill, inst.pricePrecision),
          points,
        });
    }
    const expected = seen ?? fill;
    // In USD, the account's currency: a notional in yen is not an amount in dollars (docs/rules.md#margin).
    const margin = marginMicros({
      lots: input.cont,
      contractSize: inst.contractSize,
      price: fill,
      leverage,
      marginMode: inst.marginMode,
      usdRate: usdRateOrRefuse(market, inst.quoteCurrency),
    });
    const ft = await this.feeType();
    const fee = feeMicros({ lots: input.cont, feeRate: inst.feeRate, marginMicros: margin, feeType: ft });
    const marginCents = microsToCents(margin);
    const feeCents = microsToCents(fee);
    if (user && user.balance < marginCents + feeCents)
      throw refuse(ERROR_CODES.insufficientBalance, 'error.insufficientBalance');

    let order: Order;
    let account: OpenedAccount | undefined;
    try {
      order = await this.batcher.run(async (trx) => {
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
          open_price: pending ? null : fill,
          stop_loss: sl,
          take_profit: tp,
          trailing_distance: trailing,
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
        const existing = await repo.findByClientId(db, userId, input.client_order_id);
        if (existing) return orderView(existing);
      }
      throw err;
    }
    this.events.opened(order, account);
    return orderView(order, pending ? undefined : liveProfit(market, order, quote));
  }

  /**
   * Fill a pending order at the first available price once its target is reached. Returns the position, or null
   * when it was no longer pending; closes it with reason `no_margin` when the account cannot pay. The fill is stored
   * as the trader's notification in its transaction and delivered after the commit.
   */
  async fill(orderId: number, quote: Quote, at = this.deps.now()): Promise<Order | null> {
    const { market } = this.deps;
    const attempt = await this.deps.db.transaction().execute(async (trx) => {
      const o = await repo.findOrder(trx, orderId);
      if (!o || o.status !== STATUS_PENDING) return null;
      const price = decText(openPriceOf(o.side as Side, quote));
      const margin = marginMicros({
        lots: o.lots,
        contractSize: o.contract_size,
        price,
        leverage: o.leverage,
        marginMode: o.margin_mode,
        usdRate: usdRateOrRefuse(market, o.quote_currency),
      });
      const fee = feeMicros({ lots: o.lots, feeRate: o.fee_rate, marginMicros: margin, feeType: o.fee_type });
      const marginCents = microsToCents(margin);
      const feeCents = microsToCents(fee);
      const user = await findUserById(trx, o.user_id);
      if (!user || user.balance < marginCents + feeCents) return 'no_margin' as const;
      // A trailing stop starts from the close-side price at the fill (or the stop loss set, when better).
      const start =
        o.trailing_distance > 0
          ? trailingLevel(
              o.side as Side,
              closePriceOf(o.side as Side, quote),
              o.trailing_distance,
              o.price_precision,
            )
          : null;
      const filled = await repo.markFilled(trx, o.id, {
        ...(start === null
          ? {}
          : { stop_loss: decText(o.stop_loss ? betterStop(o.side as Side, o.stop_loss, start) : start) }),
        open_price: price,
        opened_at: at,
        margin_micros: margin,
        margin_cents: marginCents,
        fee_micros: fee,
        fee_cents: feeCents,
      });
      if (!filled) return null;
      await bookOpen(trx, filled, marginCents, feeCents, at);
      return { filled, notice: await recordFilled(trx, filled) };
    });
    if (attempt === 'no_margin') {
      await this.cancel(orderId, 'no_margin', at);
      return null;
    }
    if (!attempt) return null;
    this.events.changed(attempt.filled.user_id);
    this.deps.notifier?.deliver(attempt.notice);
    return attempt.filled;
  }

  /**
   * Close a position in its own transaction (a user, a trigger, a simulated trader) and tell the engine; a close by a
   * trigger is also stored as the trader's notification, in the same transaction (./notices.ts).
   */
  async close(
    orderId: number,
    args: { price: number; expected: number; reason: CloseReason; at?: number },
  ): Promise<Order | null> {
    const at = args.at ?? this.deps.now();
    const r = await this.deps.db.transaction().execute(async (trx) => {
      const booked = await closeBookedInTrx(trx, this.deps.market, orderId, { ...args, at });
      return booked && { ...booked, notice: await recordClosed(trx, booked.order) };
    });
    if (!r) return null;
    this.events.reduced(r.order.user_id, { gone: r.order, account: r.account });
    this.events.closed(r.order.user_id, orderView(r.order));
    this.deps.notifier?.deliver(r.notice);
    return r.order;
  }

  /** Cancel a pending order (nothing was reserved, so no money moves). */
  async cancel(orderId: number, reason: CloseReason, at = this.deps.now()): Promise<Order | null> {
    const row = await repo.cancelPending(this.deps.db, orderId, reason, at);
    if (row) {
      // No money moved: the engine only drops the order.
      this.events.reduced(row.user_id, { gone: row });
      this.events.closed(row.user_id, orderView(row));
    }
    return row ?? null;
  }

  // ---- the user's calls: only the caller's own orders ----

  /**
   * GET /v1/api/forex/close: at the live close-side price; with `lots`, only that part of the position
   * (docs/rules.md#partial-close): the answer is then the part's own closed order.
   */
  async userClose(userId: number, id: number, lots?: string): Promise<OrderView> {
    const o = await repo.findUserOrder(this.deps.db, userId, id);
    if (!o) throw refuse(ERROR_CODES.orderNotFound, 'trade.orderNotFound');
    return this.closeOwn(o, lots);
  }

  /** userClose of a row of the caller's already read (outside the transaction, which reads it again). */
  private async closeOwn(o: Order, lots?: string): Promise<OrderView> {
    const { market } = this.deps;
    const userId = o.user_id;
    if (o.status !== STATUS_HOLDING) throw refuse(ERROR_CODES.orderState, 'trade.notHolding');
    if (lots !== undefined) this.assertPartial(o, lots);
    const price = this.closePrice(o);
    const at = this.deps.now();
    if (lots === undefined) {
      // Through the group commit, as submits (SQLite: one fsync for the closes arriving together; PostgreSQL: its own
      // transaction); answered only after the commit.
      const r = await this.batcher.run((trx) =>
        closeBookedInTrx(trx, market, o.id, { price, expected: price, reason: 'manual', at }),
      );
      if (!r) throw refuse(ERROR_CODES.orderState, 'trade.notHolding');
      this.events.reduced(r.order.user_id, { gone: r.order, account: r.account });
      this.events.closed(r.order.user_id, orderView(r.order));
      return orderView(r.order);
    }
    const done = await this.batcher.run(async (trx) => {
      // The position as it is now: another close may have taken from it since it was read above.
      const fresh = await repo.findOrder(trx, o.id);
      if (!fresh || fresh.status !== STATUS_HOLDING) throw refuse(ERROR_CODES.orderState, 'trade.notHolding');
      this.assertPartial(fresh, lots);
      const r = await partialCloseInTrx(trx, market, fresh, lots, {
        price,
        expected: price,
        reason: 'manual',
        at,
      });
      if (!r) throw refuse(ERROR_CODES.orderState, 'trade.positionChanged');
      return r;
    });
    // The position's new lots, margin and P/L reach open tabs with the next FOREX_TRADE (the engine takes the row
    // and the balances from the transaction); the part is announced as any close is.
    this.events.reduced(userId, { position: done.position, account: done.account });
    this.events.closed(userId, orderView(done.part));
    return orderView(done.part);
  }

  /** The lots of a partial close against the position as it is: refused with the rule it breaks. */
  private assertPartial(o: Order, lots: string): void {
    const inst = this.deps.market.instrument(o.instrument_id);
    if (!inst) throw refuse(ERROR_CODES.instrumentNotFound, 'trade.instrumentNotFound');
    switch (checkPartialClose(lots, o.lots, inst.pip, inst.minLots)) {
      case 'partial':
        return;
      case 'belowMinimum':
        throw refuse(ERROR_CODES.lotsInvalid, 'trade.lotsBelowMin', { min: inst.minLots });
      case 'offStep':
        throw refuse(ERROR_CODES.lotsInvalid, 'trade.lotsOffStep', { step: inst.pip });
      case 'remainderBelowMinimum':
        throw refuse(ERROR_CODES.closeLotsRemainder, 'trade.closeLotsRemainder', {
          min: inst.minLots,
          left: lotsMinus(o.lots, lots),
        });
      case 'whole':
      case 'notLess':
        throw refuse(ERROR_CODES.closeLotsNotLess, 'trade.closeLotsNotLess', { lots: o.lots });
      default:
        throw refuse(ERROR_CODES.validation, 'v.invalid', { field: 'lots' });
    }
  }

  /** The live close-side price a trader's close takes, refused as every manual close is (no-price rules). */
  private closePrice(o: Order): number {
    const { market } = this.deps;
    if (!market.isOpen(o.instrument_id, this.deps.now()))
      throw refuse(ERROR_CODES.marketClosed, 'trade.marketClosed');
    const quote = market.quote(o.instrument_id);
    if (!quote) throw refuse(ERROR_CODES.marketClosed, 'trade.marketClosed');
    if (market.quoteFresh?.(o.instrument_id, this.deps.now()) === false)
      throw refuse(ERROR_CODES.noPrice, 'trade.noPrice');
    return closePriceOf(o.side as Side, quote);
  }

  /**
   * POST /v1/api/forex/close_all: of the positions the trader confirmed (`ids`), those still in `scope` close one by
   * one, each in its own transaction as a single close; every one that does not is reported with the code and
   * message a single close would have answered (another user's id is "not found").
   */
  async userCloseAll(
    userId: number,
    input: { scope: CloseAllScope; symbol?: string | undefined; ids: readonly number[] },
  ): Promise<{ closed: OrderView[]; failed: CloseAllRefusal[] }> {
    const { db, market } = this.deps;
    const rows = new Map((await repo.findUserOrders(db, userId, input.ids)).map((o) => [o.id, o]));
    const closed: OrderView[] = [];
    const failed: CloseAllRefusal[] = [];
    for (const id of input.ids) {
      const o = rows.get(id);
      try {
        if (!o) throw refuse(ERROR_CODES.orderNotFound, 'trade.orderNotFound');
        if (o.status !== STATUS_HOLDING) throw refuse(ERROR_CODES.orderState, 'trade.notHolding');
        if (input.scope === 'symbol' && o.code !== input.symbol && o.show_code !== input.symbol)
          throw refuse(ERROR_CODES.closeAllOutOfScope, 'trade.closeAllOtherSymbol', {
            symbol: input.symbol ?? '',
          });
        if (input.scope === 'losing') {
          const live = liveProfit(market, o, market.quote(o.instrument_id));
          if (!live) throw refuse(ERROR_CODES.marketClosed, 'trade.marketClosed');
          // Losing as the ledger would book it: a loss that rounds to 0.00 is no loss.
          if (microsToCents(live.profitMicros) >= 0)
            throw refuse(ERROR_CODES.closeAllOutOfScope, 'trade.closeAllNotLosing');
        }
        closed.push(await this.closeOwn(o));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        failed.push({ id, code: err.code, key: err.key, params: err.params });
      }
    }
    return { closed, failed };
  }

  /** GET /v1/api/forex/cancel_trade. */
  async userCancel(userId: number, id: number): Promise<OrderView> {
    const o = await repo.findUserOrder(this.deps.db, userId, id);
    if (!o) throw refuse(ERROR_CODES.orderNotFound, 'trade.orderNotFound');
    if (o.status !== STATUS_PENDING) throw refuse(ERROR_CODES.orderState, 'trade.notPending');
    const row = await this.cancel(o.id, 'cancel');
    if (!row) throw refuse(ERROR_CODES.orderState, 'trade.notPending');
    return orderView(row);
  }

  /**
   * GET /v1/api/forex/set_stop_price: "0" (or nothing) clears a level. `trailing_distance` (points, holding only)
   * makes the stop loss trail: it starts at the better of the stop loss sent and the close-side price less (a long)
   * or plus (a short) the distance, and the engine moves it from there (docs/rules.md#trailing-stop).
   */
  async userSetStops(
    userId: number,
    input: {
      id: number;
      target_profit_price?: string | undefined;
      stop_loss_price?: string | undefined;
      trailing_distance?: number | undefined;
    },
  ): Promise<OrderView> {
    const { db, market } = this.deps;
    const o = await repo.findUserOrder(db, userId, input.id);
    if (!o) throw refuse(ERROR_CODES.orderNotFound, 'trade.orderNotFound');
    if (o.status === STATUS_CLOSED) throw refuse(ERROR_CODES.orderState, 'trade.alreadyClosed');
    const sl = isSet(input.stop_loss_price) ? decText(input.stop_loss_price) : null;
    const tp = isSet(input.target_profit_price) ? decText(input.target_profit_price) : null;
    const trailing = input.trailing_distance ?? 0;
    if (sl || tp || trailing > 0) {
      const user = await findUserById(db, userId);
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
    let stop = sl;
    if (trailing > 0) {
      // From the price, whatever side it lands on now; a long's distance larger than the price has no level. A
      // pending order keeps the distance and the stop loss sent: its trailing stop starts at the fill.
      const start = trailingLevel(side, reference, trailing, o.price_precision);
      if (start === null)
        throw refuse(ERROR_CODES.validation, 'v.outOfRange', { field: 'trailing_distance' });
      if (o.status === STATUS_HOLDING) stop = decText(sl ? betterStop(side, sl, start) : start);
    }
    const row = await repo.setStops(db, userId, o.id, {
      stop_loss: stop,
      take_profit: tp,
      trailing_distance: trailing,
    });
    if (!row) throw refuse(ERROR_CODES.orderState, 'trade.alreadyClosed');
    this.events.changed(userId);
    return orderView(row, liveProfit(market, row, market.quote(row.instrument_id)));
  }
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
