/**
 * The private realtime topics of trading: FOREX_TRADE (every holding order of one user with its live P/L) and
 * FOREX_CLOSED (one order that left the book), to that user only. A holding order's view is reused until its row or
 * its instrument's quote changes, so a user with many positions costs a view per tick, not per position.
 */
import { TOPICS } from '@meridian/shared/pure';
import type { OrderView } from '@meridian/shared/pure';
import type { EventBus } from '../../realtime/bus';
import type { Order } from '../../storage/schema';
import type { MarketData, Quote } from '../markets';
import { liveProfit, orderView } from './views';

export class TradePublisher {
  /** Last FOREX_TRADE view of each holding order and the quote it was computed at. */
  private readonly views = new Map<number, { order: Order; quote: Quote | undefined; view: OrderView }>();

  constructor(
    private readonly bus: EventBus,
    private readonly market: MarketData,
  ) {}

  trade(userId: number, holding: readonly Order[]): void {
    const data: OrderView[] = [];
    for (const o of holding) {
      const quote = this.market.quote(o.instrument_id);
      const cached = this.views.get(o.id);
      if (cached && cached.order === o && cached.quote === quote) {
        data.push(cached.view);
        continue;
      }
      const view = orderView(o, liveProfit(this.market, o, quote));
      this.views.set(o.id, { order: o, quote, view });
      data.push(view);
    }
    data.sort((a, b) => b.Id - a.Id);
    this.bus.publish({ topic: TOPICS.forexTrade, data, userId });
  }

  closed(userId: number, view: OrderView): void {
    this.bus.publish({ topic: TOPICS.forexClosed, data: view, userId });
  }

  forget(orderId: number): void {
    this.views.delete(orderId);
  }

  clear(): void {
    this.views.clear();
  }
}
