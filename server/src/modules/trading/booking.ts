/**
 * The money side of opening and closing, always in the caller's transaction: every cent moves through changeBalance,
 * which writes its ledger row beside it.
 *
 * - Opening moves the margin (cents) from balance into lock_balance and takes the fee from balance: three rows.
 * - Closing moves the same margin back and books the realised P/L; if that leaves the balance below zero (a loss
 *   past the margin, typically after a gap), a `write_off` row brings it back to exactly zero (negative balance
 *   protection) and the order records the written-off cents.
 */
import type { Transaction } from 'kysely';
import { microsToCents, profitUsdMicros } from '@meridian/shared/pure';
import type { CloseReason, Side } from '@meridian/shared/pure';
import type { Database, Order } from '../../storage/schema';
import { changeBalance } from '../accounts';
import type { MarketData } from '../markets';
import type { OpenedAccount } from './events';
import * as repo from './repository';
import { STATUS_HOLDING } from './repository';
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

export type CloseArgs = { price: number; expected: number; reason: CloseReason; at: number };

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
  if (!(await repo.claimClose(trx, o.id, args.at))) return null;
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
  return repo.recordClose(trx, o.id, {
    close_price: decText(args.price),
    close_expected_price: decText(args.expected),
    close_reason: args.reason,
    profit_micros: profit,
    profit_cents: profitCents,
    written_off_cents: writtenOff,
  });
}
