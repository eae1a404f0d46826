/**
 * Risk: stop-out and the demo reset.
 *
 * Stop-out: when an account's margin level (equity / used margin) falls to STOP_OUT_LEVEL_PERCENT or below, its
 * positions are closed at the live price, the largest loss first, one at a time, until the level is back above (one
 * transaction). The engine does not scan accounts: for each account and instrument it indexes the bid at which that
 * instrument alone would take the account to the level (`stopOutLevels`), and a crossed level only nominates the
 * account for the exact check here.
 */
import {
  closePriceOf,
  isStopOut,
  MARGIN_CALL_LEVEL_PERCENT,
  marginCallZone,
  marginLevelPercent,
  STOP_OUT_LEVEL_PERCENT,
  STOP_OUT_WARNING_LEVEL_PERCENT,
  usdRateFollowsPrice,
} from '@meridian/shared/pure';
import type { DemoReset, Side } from '@meridian/shared/pure';
import { DEMO_STARTING_BALANCE_CENTS, formatCents } from '../../lib/money';
import type { Order } from '../../storage/schema';
import { changeBalance, findUserById } from '../accounts';
import type { MarketData, Quote } from '../markets';
import { recordNotification } from '../notifications';
import type { StoredNotification } from '../notifications';
import { closeInTrx } from './booking';
import type { TradingDeps } from './deps';
import type { TradingEvents } from './events';
import type { AccountReads } from './figures';
import { recordClosed } from './notices';
import * as repo from './repository';
import { STATUS_PENDING } from './repository';
import type { BookName } from './trigger-index';
import { orderView } from './views';

/** The stop-out level as a fraction of the used margin. */
export const STOP_OUT_RATIO = STOP_OUT_LEVEL_PERCENT / 100;

export class Risk {
  constructor(
    private readonly deps: Pick<TradingDeps, 'db' | 'market' | 'now' | 'notifier'>,
    private readonly events: TradingEvents,
    private readonly reads: AccountReads,
  ) {}

  /** Close the account's worst position while it is at or below the stop-out level; returns the closed orders. */
  async stopOut(userId: number, at = this.deps.now()): Promise<Order[]> {
    const { db, market } = this.deps;
    const notices: (StoredNotification | null)[] = [];
    const closed = await db.transaction().execute(async (trx) => {
      const out: Order[] = [];
      for (let guard = 0; guard < 1000; guard++) {
        const f = await this.reads.snapshot(userId, trx);
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
        notices.push(await recordClosed(trx, c));
      }
      return out;
    });
    if (closed.length > 0) {
      this.events.changed(userId);
      for (const c of closed) this.events.closed(userId, orderView(c));
      this.deps.notifier?.deliver(notices);
    }
    return closed;
  }

  /**
   * The margin call (docs/rules.md#margin-call): the account's exact margin level against 100 % and the stop-out
   * warning level, compared with the crossing it was last told of (`margin_calls`). Falling through a level stores
   * one `margin_call` notification in the same transaction as the new state, so it is told once per crossing, also
   * across a restart or a new leader; recovering above a level only re-arms it. Answers the zone now (null when
   * another evaluator moved it first).
   */
  async marginCheck(userId: number, at = this.deps.now()): Promise<0 | 1 | 2 | null> {
    const done = await this.deps.db.transaction().execute(async (trx) => {
      const f = await this.reads.snapshot(userId, trx);
      const zone = marginCallZone(f.equityMicros, f.usedMicros);
      const before = await repo.marginZoneOf(trx, userId);
      if (zone === before.zone) return { zone, notice: null };
      if (!(await repo.moveMarginZone(trx, userId, before, zone, at))) return null;
      if (zone < before.zone) return { zone, notice: null };
      const level = marginLevelPercent(f.equityMicros, f.usedMicros) ?? 0;
      const notice = await recordNotification(
        trx,
        userId,
        'margin_call',
        {
          level: level.toFixed(2),
          threshold: zone === 2 ? STOP_OUT_WARNING_LEVEL_PERCENT : MARGIN_CALL_LEVEL_PERCENT,
          stop_out: STOP_OUT_LEVEL_PERCENT,
          time: at,
        },
        at,
      );
      return { zone, notice };
    });
    if (!done) return null;
    this.deps.notifier?.deliver(done.notice);
    return done.zone;
  }

  /** Demo reset: close every position and cancel every pending order, then restore 100,000.00 USD. */
  async resetDemo(userId: number): Promise<DemoReset> {
    const { db, market } = this.deps;
    const at = this.deps.now();
    const closed: Order[] = [];
    const balance = await db.transaction().execute(async (trx) => {
      for (const o of await repo.openOrdersOfUser(trx, userId)) {
        if (o.status === STATUS_PENDING) {
          const row = await repo.cancelPending(trx, o.id, 'reset', at);
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
    this.events.changed(userId);
    for (const c of closed) this.events.closed(userId, orderView(c));
    return { balance: formatCents(balance) };
  }
}

/** One position as the engine mirrors it: units held, open price, USD rate and P/L (USD) at `quote`. */
export type MirroredHolding = {
  order: Order;
  units: number;
  open: number;
  rate: number;
  pnl: number;
  quote: Quote;
  /** Its USD rate is 1 / its own mid (USD/JPY), so it moves with the price. */
  follows: boolean;
};

/** An order's decimal strings as numbers, parsed once per order version (orders are replaced, never mutated). */
const numbers = new WeakMap<Order, { units: number; open: number }>();
function numbersOf(o: Order): { units: number; open: number } {
  let n = numbers.get(o);
  if (!n) {
    n = { units: Number(o.lots) * Number(o.contract_size), open: Number(o.open_price) };
    numbers.set(o, n);
  }
  return n;
}

/** The positions of one account at the current quotes, with one quote and one USD rate looked up per walk. */
export function mirroredHoldings(market: MarketData, holding: readonly Order[]): MirroredHolding[] {
  const out: MirroredHolding[] = [];
  const quotes = new Map<number, Quote | undefined>();
  const rates = new Map<string, number | null>();
  const follows = new Map<number, boolean>();
  const has = (code: string) => market.instrument(code) !== undefined;
  for (const o of holding) {
    if (!o.open_price) continue;
    let quote = quotes.get(o.instrument_id);
    if (!quotes.has(o.instrument_id)) {
      quote = market.quote(o.instrument_id);
      quotes.set(o.instrument_id, quote);
    }
    if (!quote) continue;
    let rate = rates.get(o.quote_currency);
    if (rate === undefined) {
      const r = market.usdRate(o.quote_currency);
      rate = r !== undefined && r > 0 ? r : null;
      rates.set(o.quote_currency, rate);
    }
    if (rate === null) continue;
    const { units, open } = numbersOf(o);
    const close = closePriceOf(o.side as Side, quote);
    const pnl = (o.side === 1 ? close - open : open - close) * units * rate;
    let f = follows.get(o.instrument_id);
    if (f === undefined) {
      f = usdRateFollowsPrice(o.code, o.quote_currency, has);
      follows.set(o.instrument_id, f);
    }
    out.push({ order: o, units, open, rate, pnl, quote, follows: f });
  }
  return out;
}

export type StopOutLevel = {
  instrumentId: number;
  book: Extract<BookName, 'bidLE' | 'bidGE'>;
  level: number;
};

/**
 * Where this account would be stopped out: `now` when it already is, else per instrument the bid at which that
 * instrument alone (other prices as they are) takes equity to the stop-out level. A long-heavy book fires when the
 * bid falls to it, a short-heavy one when it rises to it (a short closes on the ask = bid + spread). Floating point:
 * a level only nominates the account, the exact check is `Risk.stopOut`.
 */
export function stopOutLevels(
  account: { balanceCents: number; lockCents: number },
  holdings: readonly MirroredHolding[],
): 'now' | StopOutLevel[] {
  if (holdings.length === 0) return [];
  const lockUsd = account.lockCents / 100;
  const equity = (account.balanceCents + account.lockCents) / 100 + holdings.reduce((s, h) => s + h.pnl, 0);
  if (equity <= STOP_OUT_RATIO * lockUsd) return 'now';
  const byInst = new Map<number, MirroredHolding[]>();
  for (const h of holdings) {
    const l = byInst.get(h.order.instrument_id);
    if (l) l.push(h);
    else byInst.set(h.order.instrument_id, [h]);
  }
  const levels: StopOutLevel[] = [];
  for (const [instrumentId, hs] of byInst) {
    const first = hs[0] as MirroredHolding;
    const spread = first.quote.ask - first.quote.bid;
    let net = 0;
    let c = 0;
    let pnlHere = 0;
    for (const h of hs) {
      pnlHere += h.pnl;
      if (h.order.side === 1) {
        net += h.units;
        c -= h.units * h.open;
      } else {
        net -= h.units;
        c += h.units * (h.open - spread);
      }
    }
    let k = first.rate * net;
    let level: number;
    if (first.follows) {
      // P/L = (net x bid + c) / (bid + spread / 2): the rate is 1 / this instrument's mid. Equity meets the level at
      // bid = (D x spread / 2 - c) / (net - D), D = level x lock - the rest of the equity; it rises with the bid when
      // net x spread / 2 - c > 0.
      const d = STOP_OUT_RATIO * lockUsd - (equity - pnlHere);
      const h = spread / 2;
      k = net * h - c;
      if (k === 0 || net === d) continue;
      level = (d * h - c) / (net - d);
    } else {
      if (k === 0) continue;
      level = (STOP_OUT_RATIO * lockUsd - (equity - pnlHere) - first.rate * c) / k;
    }
    if (!Number.isFinite(level)) continue;
    // Already beyond it while the account as a whole is above the level (the linear level is an estimate, e.g. for
    // a JPY-quoted book): leave it to the next refresh rather than nominating the account on every evaluation.
    const bid = first.quote.bid;
    if (k > 0 ? bid <= level : bid >= level) continue;
    levels.push({ instrumentId, book: k > 0 ? 'bidLE' : 'bidGE', level });
  }
  return levels;
}
