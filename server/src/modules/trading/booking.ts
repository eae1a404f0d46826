/**
 * The money side of opening and closing, always in the caller's transaction: every cent moves through changeBalance,
 * which writes its ledger row beside it.
 *
 * - Opening moves the margin (cents) from balance into lock_balance and takes the fee from balance: three rows.
 * - Closing moves the same margin back and books the realised P/L; if that leaves the balance below zero (a loss
 *   past the margin, typically after a gap), a `write_off` row brings it back to exactly zero (negative balance
 *   protection) and the order records the written-off cents.
 * - A partial close does the same for its part only: the part becomes its own closed order (`parent_id` the
 *   position), takes its share of the margin and fee (exact, rounded once; the position keeps the rest, so the two
 *   add up to what was locked), books its P/L, and its ledger rows name the part.
 */
import type { Transaction } from 'kysely';
import { lotsMinus, microsToCents, profitUsdMicros, shareOf } from '@meridian/shared/pure';
import type { CloseReason, Side } from '@meridian/shared/pure';
import type { Database, Order } from '../../storage/schema';
import { changeBalance, changeBalances } from '../accounts';
import type { BalanceChange } from '../accounts';
import type { MarketData } from '../markets';
import type { OpenedAccount } from './events';
import * as repo from './repository';
import { STATUS_CLOSED, STATUS_HOLDING } from './repository';
import { decText, usdRateOrRefuse } from './views';

/** Book the opening of `o`; returns the account's balances after it when both moved. */
export async function bookOpen(
  trx: Transaction<Database>,
  o: Order,
  marginCents: number,
  feeCents: number,
  at: number,
): Promise<OpenedAccount | undefined> {
  const ref = { refType: 'order', refId: String(o.id), at, userId: o.user_id };
  const changes: BalanceChange[] = [];
  if (marginCents > 0) {
    changes.push({ ...ref, amount: -marginCents, kind: 'trade_margin' });
    changes.push({ ...ref, amount: marginCents, kind: 'trade_margin', account: 'lock_balance' });
  }
  if (feeCents > 0) changes.push({ ...ref, amount: -feeCents, kind: 'trade_fee' });
  const after = await changeBalances(trx, changes);
  return marginCents > 0 && after.balance !== undefined && after.lock_balance !== undefined
    ? { balanceCents: after.balance, lockCents: after.lock_balance }
    : undefined;
}

export type CloseArgs = { price: number; expected: number; reason: CloseReason; at: number };

/** What a close booked: the cents written off, and the balances it moved as they were after it. */
type Booked = { writtenOff: number; account: Partial<OpenedAccount> };

/** Book the margin release and the P/L of a close (whole or part) against order `refId`. */
async function bookClose(
  trx: Transaction<Database>,
  userId: number,
  refId: number,
  marginCents: number,
  profitCents: number,
  at: number,
): Promise<Booked> {
  const ref = { refType: 'order', refId: String(refId), at, userId };
  const changes: BalanceChange[] = [];
  if (marginCents > 0) {
    changes.push({ ...ref, amount: -marginCents, kind: 'margin_release', account: 'lock_balance' });
    changes.push({ ...ref, amount: marginCents, kind: 'margin_release' });
  }
  if (profitCents !== 0)
    changes.push({ ...ref, amount: profitCents, kind: 'trade_profit', allowNegative: true });
  const after = await changeBalances(trx, changes);
  const account: Partial<OpenedAccount> = {};
  if (after.balance !== undefined) account.balanceCents = after.balance;
  if (after.lock_balance !== undefined) account.lockCents = after.lock_balance;
  let writtenOff = 0;
  if (profitCents !== 0 && after.balance !== undefined && after.balance < 0) {
    writtenOff = -after.balance;
    account.balanceCents = await changeBalance(trx, { ...ref, amount: writtenOff, kind: 'write_off' });
  }
  return { writtenOff, account };
}

/**
 * Close a holding order at `price` in the caller's transaction and book it. Returns null when the order was not
 * holding any more (someone else closed it first).
 */
export async function closeInTrx(
  trx: Transaction<Database>,
  market: MarketData,
  orderId: number,
  args: CloseArgs,
): Promise<Order | null> {
  return (await closeBookedInTrx(trx, market, orderId, args))?.order ?? null;
}

/** closeInTrx, with the balances the close moved as they were after it (for the engine's mirror). */
export async function closeBookedInTrx(
  trx: Transaction<Database>,
  market: MarketData,
  orderId: number,
  args: CloseArgs,
): Promise<{ order: Order; account: Partial<OpenedAccount> } | null> {
  const o = await repo.findOrder(trx, orderId);
  if (!o || o.status !== STATUS_HOLDING || !o.open_price) return null;
  const profit = profitUsdMicros({
    side: o.side as Side,
    lots: o.lots,
    contractSize: o.contract_size,
    openPrice: o.open_price,
    closePrice: args.price,
    usdRate: usdRateOrRefuse(market, o.quote_currency),
  });
  const profitCents = microsToCents(profit);
  // Claimed and recorded at once (the write-off, known only once the P/L is booked, is written after when there is
  // one, as for a partial close).
  const row = await repo.closeHolding(trx, o.id, {
    closed_at: args.at,
    close_price: decText(args.price),
    close_expected_price: decText(args.expected),
    close_reason: args.reason,
    profit_micros: profit,
    profit_cents: profitCents,
    written_off_cents: 0,
  });
  if (!row) return null;
  const { writtenOff, account } = await bookClose(trx, o.user_id, o.id, o.margin_cents, profitCents, args.at);
  const order = writtenOff > 0 ? await repo.recordWriteOff(trx, o.id, writtenOff) : row;
  return { order, account };
}

/**
 * Close `lots` of the holding position `o` (read in this transaction; the caller has checked the lots against it) at
 * `price`: the position keeps its id, stops and the rest; the part is a new closed order. Returns both (and the
 * balances moved), or null when the position changed meanwhile (closed, or another partial close took from it first).
 */
export async function partialCloseInTrx(
  trx: Transaction<Database>,
  market: MarketData,
  o: Order,
  lots: string,
  args: CloseArgs,
): Promise<{ part: Order; position: Order; account: Partial<OpenedAccount> } | null> {
  if (o.status !== STATUS_HOLDING || !o.open_price) return null;
  const part = {
    margin_micros: shareOf(o.margin_micros, lots, o.lots),
    margin_cents: shareOf(o.margin_cents, lots, o.lots),
    fee_micros: shareOf(o.fee_micros, lots, o.lots),
    fee_cents: shareOf(o.fee_cents, lots, o.lots),
  };
  const position = await repo.shrinkPosition(trx, o.id, o.lots, {
    lots: lotsMinus(o.lots, lots),
    margin_micros: o.margin_micros - part.margin_micros,
    margin_cents: o.margin_cents - part.margin_cents,
    fee_micros: o.fee_micros - part.fee_micros,
    fee_cents: o.fee_cents - part.fee_cents,
  });
  if (!position) return null;
  const profit = profitUsdMicros({
    side: o.side as Side,
    lots,
    contractSize: o.contract_size,
    openPrice: o.open_price,
    closePrice: args.price,
    usdRate: usdRateOrRefuse(market, o.quote_currency),
  });
  const profitCents = microsToCents(profit);
  const row = await repo.insertOrder(trx, {
    user_id: o.user_id,
    instrument_id: o.instrument_id,
    code: o.code,
    show_code: o.show_code,
    side: o.side,
    status: STATUS_CLOSED,
    kind: o.kind,
    lots: decText(lots),
    leverage: o.leverage,
    contract_size: o.contract_size,
    margin_mode: o.margin_mode,
    fee_rate: o.fee_rate,
    fee_type: o.fee_type,
    quote_currency: o.quote_currency,
    price_precision: o.price_precision,
    expected_price: o.expected_price,
    target_price: o.target_price,
    open_price: o.open_price,
    stop_loss: o.stop_loss,
    take_profit: o.take_profit,
    ...part,
    profit_micros: profit,
    profit_cents: profitCents,
    written_off_cents: 0,
    close_price: decText(args.price),
    close_expected_price: decText(args.expected),
    close_reason: args.reason,
    client_order_id: null,
    created_at: o.created_at,
    opened_at: o.opened_at,
    closed_at: args.at,
    parent_id: o.id,
    trailing_distance: o.trailing_distance,
  });
  const { writtenOff, account } = await bookClose(
    trx,
    o.user_id,
    row.id,
    part.margin_cents,
    profitCents,
    args.at,
  );
  const closed = writtenOff > 0 ? await repo.recordWriteOff(trx, row.id, writtenOff) : row;
  return { part: closed, position, account };
}
