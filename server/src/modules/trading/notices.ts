/**
 * What the trader is told of their orders (docs/rules.md#notifications): a pending order that filled, and a position
 * closed by its take profit, stop loss, trailing stop or a stop-out (not the closes the trader asked for). Stored in
 * the transaction that fills or closes (`recordNotification`), delivered after its commit by the caller.
 */
import { NOTIFIED_CLOSE_REASONS, priceText } from '@meridian/shared/pure';
import type { NotifiedCloseReason, OrderFilled, PositionClosed } from '@meridian/shared/pure';
import type { Transaction } from 'kysely';
import { formatCents } from '../../lib/money';
import type { Database, Order } from '../../storage/schema';
import { recordNotification } from '../notifications';
import type { StoredNotification } from '../notifications';
import { decText } from './views';

const notified = (reason: string | null): reason is NotifiedCloseReason =>
  reason !== null && (NOTIFIED_CLOSE_REASONS as readonly string[]).includes(reason);

export function filledPayload(o: Order): OrderFilled {
  return {
    order_id: o.id,
    forex_id: o.instrument_id,
    code: o.show_code,
    side: o.side === 1 ? 1 : 2,
    lots: decText(o.lots),
    price: priceText(o.open_price ?? '0', o.price_precision),
    time: o.opened_at ?? 0,
  };
}

/** The notice of a close, or null for a close the trader is not told of (their own, a reset, a cancel). */
export function closedPayload(o: Order): PositionClosed | null {
  if (!notified(o.close_reason)) return null;
  return {
    order_id: o.id,
    forex_id: o.instrument_id,
    code: o.show_code,
    side: o.side === 1 ? 1 : 2,
    lots: decText(o.lots),
    reason: o.close_reason,
    price: priceText(o.close_price ?? '0', o.price_precision),
    profit: formatCents(o.profit_cents),
    written_off: formatCents(o.written_off_cents),
    time: o.closed_at ?? 0,
  };
}

/** Store the order_filled notice of a fill in its transaction. */
export function recordFilled(trx: Transaction<Database>, o: Order): Promise<StoredNotification | null> {
  return recordNotification(trx, o.user_id, 'order_filled', filledPayload(o), o.opened_at ?? 0);
}

/** Store the position_closed notice of a close in its transaction (null when the trader is not told of it). */
export async function recordClosed(trx: Transaction<Database>, o: Order): Promise<StoredNotification | null> {
  const payload = closedPayload(o);
  return payload ? recordNotification(trx, o.user_id, 'position_closed', payload, o.closed_at ?? 0) : null;
}
