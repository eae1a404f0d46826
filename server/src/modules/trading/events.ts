/**
 * What the order commands tell after a commit, and who hears it: the engine (it mirrors open orders in memory and
 * publishes the realtime topics). A plain listener slot, set by the engine when it starts, so commands never need to
 * know the engine exists.
 */
import type { OrderView } from '@meridian/shared/pure';
import type { Order } from '../../storage/schema';

/** A position's account right after it opened: lets the engine track it without reading the database. */
export type OpenedAccount = { balanceCents: number; lockCents: number };

/**
 * What a committed close did to the book, handed to the engine so it updates its mirror without reading the
 * database: the order that left it (closed or cancelled), or the position a partial close left open (the row as
 * committed), and the balances the transaction moved, as they were after it (a balance it did not move is absent).
 */
export type ClosedChange = {
  gone?: Order;
  position?: Order;
  account?: Partial<OpenedAccount>;
};

export type TradingListener = {
  /** Something of this user's orders or balances changed. */
  changed: (userId: number) => void;
  /** A new order (and, for a position, the account's balances after it). */
  opened: (order: Order, account?: OpenedAccount) => void;
  /** An order left the book (closed, cancelled, stopped out). */
  closed: (userId: number, view: OrderView) => void;
  /** A close or partial close committed: what it changed (the mirror is updated from it, no database read). */
  reduced: (userId: number, change: ClosedChange) => void;
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

  reduced(userId: number, change: ClosedChange): void {
    this.listener?.reduced(userId, change);
  }
}
