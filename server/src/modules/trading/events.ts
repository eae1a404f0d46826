/**
 * What the order commands tell after a commit, and who hears it: the engine (it mirrors open orders in memory and
 * publishes the realtime topics). A plain listener slot, set by the engine when it starts, so commands never need to
 * know the engine exists.
 */
import type { OrderView } from '@meridian/shared/pure';
import type { Order } from '../../storage/schema';

/** A position's account right after it opened: lets the engine track it without reading the database. */
export type OpenedAccount = { balanceCents: number; lockCents: number };

export type TradingListener = {
  /** Something of this user's orders or balances changed. */
  changed: (userId: number) => void;
  /** A new order (and, for a position, the account's balances after it). */
  opened: (order: Order, account?: OpenedAccount) => void;
  /** An order left the book (closed, cancelled, stopped out). */
  closed: (userId: number, view: OrderView) => void;
};

export class TradingEvents {
  private listener: TradingListener | null = null;

  /** Become the listener; returns the function that stops listening. */
  listen(listener: TradingListener): () => void {
    this.listener = listener;
    return () => {
      if (this.listener === listener) this.listener = null;
    };
  }

  changed(userId: number): void {
    this.listener?.changed(userId);
  }

  opened(order: Order, account?: OpenedAccount): void {
    this.listener?.opened(order, account);
  }

  closed(userId: number, view: OrderView): void {
    this.listener?.closed(userId, view);
  }
}
