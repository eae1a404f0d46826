/**
 * Reads of the trading module at the live prices: one account's figures (balance, margin, floating P/L) for the
 * funds calls and the stop-out check, and the order list pages of my_deal.
 *
 * Equity = balance + lock_balance + floating P/L; used margin = lock_balance (cents x 10,000 in micro-units).
 */
import { centsToMicros, formatMicros } from '@meridian/shared/pure';
import type { DealPage } from '@meridian/shared/pure';
import { formatCents } from '../../lib/money';
import type { Order } from '../../storage/schema';
import { findUserById } from '../accounts';
import type { TradingDeps } from './deps';
import * as repo from './repository';
import type { Q } from './repository';
import { STATUS_CLOSED, STATUS_HOLDING, STATUS_PENDING } from './repository';
import { liveProfit, orderView } from './views';

/** One account at the current quotes, in exact units (cents and micro-units). */
export type AccountSnapshot = {
  balanceCents: number;
  lockCents: number;
  floatingMicros: number;
  equityMicros: number;
  usedMicros: number;
  holding: { order: Order; profitMicros: number; price: number }[];
};

export class AccountReads {
  constructor(private readonly deps: Pick<TradingDeps, 'db' | 'market'>) {}

  /** Balance, margin and floating P/L of one account; `db` may be a transaction (the stop-out check). */
  async snapshot(userId: number, db: Q = this.deps.db): Promise<AccountSnapshot> {
    const { market } = this.deps;
    const user = await findUserById(db, userId);
    const holding: AccountSnapshot['holding'] = [];
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

  /** The user's positions, newest first. */
  holdingOrders(userId: number): Promise<Order[]> {
    return repo.userOrders(this.deps.db, userId, STATUS_HOLDING);
  }

  /** The user's pending and holding orders, newest first (at most `limit`). */
  openOrders(userId: number, limit = 200): Promise<Order[]> {
    return repo.latestOpenOrders(this.deps.db, userId, limit);
  }

  /** The user's orders opened or closed in [from, to) (an account statement), at most `limit` + 1. */
  ordersBetween(userId: number, from: number, to: number, limit: number): Promise<Order[]> {
    return repo.ordersBetween(this.deps.db, userId, from, to, limit);
  }

  /** Orders placed by traders since `at` (the ops dashboard's "orders today"). */
  placedSince(at: number): Promise<number> {
    return repo.countPlacedSince(this.deps.db, at);
  }

  /** The traded (not cancelled or reset) closed orders of these users: what a trading record is made of. */
  closedTrades(userIds: readonly number[]) {
    return repo.closedTrades(this.deps.db, userIds);
  }

  /**
   * GET /v1/api/forex/my_deal with `id`: that one order of the user, whatever its status (none: an empty page, as
   * for another user's id); the P/L total is its own (live while holding, realised once closed).
   */
  async dealOf(userId: number, id: number): Promise<DealPage> {
    const { db, market } = this.deps;
    const [o, user] = await Promise.all([repo.findUserOrder(db, userId, id), findUserById(db, userId)]);
    const live = o ? liveProfit(market, o, market.quote(o.instrument_id)) : undefined;
    const all =
      !o || o.status === STATUS_PENDING
        ? 0
        : o.status === STATUS_CLOSED
          ? centsToMicros(o.profit_cents)
          : (live?.profitMicros ?? 0);
    return {
      data: o ? [orderView(o, live)] : [],
      total: o ? 1 : 0,
      all_fact_profits: formatMicros(all),
      balance: formatCents(user?.balance ?? 0),
    };
  }

  /** GET /v1/api/forex/my_deal: one page of the user's orders of one status, with the tab's P/L total. */
  /** `parentId`: the partial closes of that position only (history). */
  async dealPage(
    userId: number,
    status: number,
    page: number,
    limit: number,
    parentId?: number,
  ): Promise<DealPage> {
    const { db, market } = this.deps;
    const { rows, total } = await repo.pageOrders(db, userId, status, page, limit, parentId);
    const user = await findUserById(db, userId);
    let all = 0;
    if (status === STATUS_HOLDING && parentId === undefined) {
      for (const o of await repo.userOrders(db, userId, STATUS_HOLDING))
        all += liveProfit(market, o, market.quote(o.instrument_id))?.profitMicros ?? 0;
    } else if (status === STATUS_CLOSED) {
      // What the balance received, close by close; not the sum of the 6-decimal figures before rounding.
      all = centsToMicros(await repo.sumRealisedCents(db, userId, parentId));
    }
    return {
      data: rows.map((o) => orderView(o, liveProfit(market, o, market.quote(o.instrument_id)))),
      total,
      all_fact_profits: formatMicros(all),
      balance: formatCents(user?.balance ?? 0),
    };
  }
}
