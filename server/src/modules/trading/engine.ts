/**
 * The trading engine: keeps every open order of the platform in memory, indexed by trigger price (trigger-index.ts),
 * and on each tick of the market acts only on the triggers that tick crosses: pending fills, stop loss, take profit
 * and stop-out. Runs on the leader node only (`isLeader`); other nodes forward "this user's orders changed" through
 * the bus so the leader re-reads that user.
 *
 * Stop-out levels: for each account and each instrument it holds, the engine derives the bid at which that
 * instrument alone would take the account to a 50% margin level, other prices as they are now (a long-heavy book
 * fires when the bid falls to it, a short-heavy one when it rises to it). Those levels live in the same books as the
 * SL/TP triggers; they are refreshed whenever the account changes and, for accounts whose instruments moved, once a
 * second (so moves of their other instruments are taken into account). A crossed level only nominates the account:
 * the exact margin level is computed from the database before anything is closed, largest loss first.
 *
 * Realtime: FOREX_TRADE (the user's holding orders with live P/L) at most once a second per user, for users whose
 * orders changed or whose instruments ticked; FOREX_CLOSED for every close, triggered ones included.
 */
import { closePriceOf, stopHit, pendingReached, TOPICS } from '@meridian/shared/pure';
import type { PendingKind, Side } from '@meridian/shared/pure';
import type { AppContext } from '../../context';
import type { Order } from '../../storage/schema';
import { findUserById } from '../accounts/repository';
import type { MarketData, Quote } from '../markets/contract';
import * as repo from './repository';
import { STATUS_HOLDING, STATUS_PENDING } from './repository';
import {
  closeOrder,
  fillPending,
  liveProfit,
  marketOf,
  orderView,
  setTradingHooks,
  stopOut,
  usdRateOf,
} from './service';
import type { OrderView } from './service';
import { pendingBook, stopBook, TriggerIndex } from './trigger-index';
import type { Entry } from './trigger-index';

export const INTERNAL_TOPIC = 'internal.trading.changed';
const STOP_OUT_RATIO = 0.5;

export type EngineOptions = {
  isLeader?: () => boolean;
  /** FOREX_TRADE / stop-out refresh period (ms). */
  publishMs?: number;
};

type Account = { balanceCents: number; lockCents: number; bot: boolean };

export class TradingEngine {
  readonly index = new TriggerIndex();
  /** Open orders (pending and holding) by id. */
  readonly orders = new Map<number, Order>();
  private readonly byUser = new Map<number, Set<number>>();
  /** instrument -> users holding it. */
  private readonly holders = new Map<number, Set<number>>();
  private readonly stopOutInstruments = new Map<number, Set<number>>();
  private readonly accounts = new Map<number, Account>();
  private readonly dirtyInstruments = new Set<number>();
  private readonly dirtyUsers = new Set<number>();
  private readonly bots = new Set<number>();
  /** Last FOREX_TRADE view of each holding order and the quote it was computed at (reused until a tick). */
  private readonly views = new Map<number, { order: Order; quote: Quote | undefined; view: OrderView }>();
  /** Bumped on every in-memory change of a user, so a resync that read older rows tries again. */
  private readonly versions = new Map<number, number>();
  private queue: Promise<unknown> = Promise.resolve();
  private pendingTasks = 0;
  private timer: NodeJS.Timeout | null = null;
  private unsubs: (() => void)[] = [];
  private leaderBefore = false;
  private started = false;
  readonly errors: unknown[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: EngineOptions = {},
  ) {}

  private get market(): MarketData {
    return marketOf(this.ctx);
  }

  isLeader(): boolean {
    return this.opts.isLeader ? this.opts.isLeader() : true;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    setTradingHooks(this.ctx, {
      changed: (userId) => this.changed(userId),
      opened: (order, account) => this.opened(order, account),
      closed: (userId, view) => this.publishClosed(userId, view),
    });
    this.unsubs.push(this.market.onTick((q) => this.onTick(q)));
    this.unsubs.push(
      this.ctx.bus.subscribe((ev) => {
        if (ev.topic !== INTERNAL_TOPIC || !this.isLeader()) return;
        const userId = (ev.data as { userId?: number } | null)?.userId;
        if (typeof userId === 'number') this.enqueue(() => this.resyncUser(userId));
      }),
    );
    if (this.isLeader()) await this.reload();
    this.leaderBefore = this.isLeader();
    this.timer = setInterval(() => this.periodic(), this.opts.publishMs ?? 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const u of this.unsubs) u();
    this.unsubs = [];
    setTradingHooks(this.ctx, null);
    await this.idle();
    this.started = false;
  }

  /** Resolves when every queued engine task has run, the stop-out levels of newly opened positions included. */
  async idle(): Promise<void> {
    this.refreshDueStopOuts();
    while (this.pendingTasks > 0) await this.queue;
  }

  private refreshDueStopOuts(): void {
    const users = [...this.stopOutDue];
    this.stopOutDue.clear();
    for (const u of users) this.updateStopOut(u);
  }

  markBot(userId: number): void {
    this.bots.add(userId);
    const a = this.accounts.get(userId);
    if (a) a.bot = true;
  }

  /** Rebuild the whole index from the database (start-up, or on becoming leader). */
  async reload(): Promise<void> {
    this.index.clear();
    this.orders.clear();
    this.views.clear();
    this.byUser.clear();
    this.holders.clear();
    this.stopOutInstruments.clear();
    this.accounts.clear();
    for (const t of await this.ctx.db.selectFrom('traders').select('user_id').execute())
      this.bots.add(t.user_id);
    const rows = await repo.openOrders(this.ctx.db);
    for (const o of rows) this.track(o);
    const users = [...this.byUser.keys()];
    for (let i = 0; i < users.length; i += 500) {
      const chunk = users.slice(i, i + 500);
      const accts = await this.ctx.db
        .selectFrom('users')
        .select(['id', 'balance', 'lock_balance'])
        .where('id', 'in', chunk)
        .execute();
      for (const a of accts)
        this.accounts.set(a.id, {
          balanceCents: a.balance,
          lockCents: a.lock_balance,
          bot: this.bots.has(a.id),
        });
    }
    for (const u of users) this.updateStopOut(u);
    for (const id of this.holders.keys()) this.evaluateNow(id);
  }

  // ---- order mirror and index ----

  private track(o: Order): void {
    this.orders.set(o.id, o);
    let set = this.byUser.get(o.user_id);
    if (!set) this.byUser.set(o.user_id, (set = new Set()));
    set.add(o.id);
    const side = o.side as Side;
    if (o.status === STATUS_PENDING && o.target_price) {
      this.index.set('pending', o.id, o.instrument_id, pendingBook(side, o.kind), Number(o.target_price));
    }
    if (o.status === STATUS_HOLDING) {
      let h = this.holders.get(o.instrument_id);
      if (!h) this.holders.set(o.instrument_id, (h = new Set()));
      h.add(o.user_id);
      if (o.stop_loss) this.index.set('sl', o.id, o.instrument_id, stopBook(side, 'sl'), Number(o.stop_loss));
      if (o.take_profit)
        this.index.set('tp', o.id, o.instrument_id, stopBook(side, 'tp'), Number(o.take_profit));
    }
  }

  private untrackUser(userId: number): void {
    const ids = this.byUser.get(userId);
    if (ids) {
      for (const id of ids) {
        const o = this.orders.get(id);
        this.orders.delete(id);
        this.views.delete(id);
        if (!o) continue;
        this.index.delete('pending', id, o.instrument_id);
        this.index.delete('sl', id, o.instrument_id);
        this.index.delete('tp', id, o.instrument_id);
        this.holders.get(o.instrument_id)?.delete(userId);
      }
    }
    this.byUser.delete(userId);
    for (const inst of this.stopOutInstruments.get(userId) ?? []) this.index.delete('stopout', userId, inst);
    this.stopOutInstruments.delete(userId);
  }

  /** Re-read one user's open orders and account from the database and re-index them. */
  async resyncUser(userId: number): Promise<void> {
    const read = () =>
      Promise.all([repo.openOrdersOfUser(this.ctx.db, userId), findUserById(this.ctx.db, userId)]);
    // Read again if the user changed in memory meanwhile (an order indexed while these rows were being read).
    let v = this.versions.get(userId) ?? 0;
    let [rows, user] = await read();
    for (let attempt = 0; attempt < 5 && (this.versions.get(userId) ?? 0) !== v; attempt++) {
      v = this.versions.get(userId) ?? 0;
      [rows, user] = await read();
    }
    const before = new Set<number>();
    for (const id of this.byUser.get(userId) ?? []) {
      const o = this.orders.get(id);
      if (o) before.add(o.instrument_id);
    }
    this.untrackUser(userId);
    for (const o of rows) this.track(o);
    if (user) {
      this.accounts.set(userId, {
        balanceCents: user.balance,
        lockCents: user.lock_balance,
        bot: this.bots.has(userId) || user.is_bot === 1,
      });
    }
    this.updateStopOut(userId);
    this.dirtyUsers.add(userId);
    // Anything already crossed at the current price (e.g. a tick that came before this order was indexed).
    const instruments = new Set<number>(before);
    for (const o of rows) instruments.add(o.instrument_id);
    for (const id of instruments) this.evaluateNow(id);
  }

  /** A new order: indexed at once from the committed row, no database read. */
  private opened(o: Order, account?: { balanceCents: number; lockCents: number }): void {
    if (!this.isLeader()) {
      this.ctx.bus.publish({ topic: INTERNAL_TOPIC, data: { userId: o.user_id } });
      return;
    }
    this.versions.set(o.user_id, (this.versions.get(o.user_id) ?? 0) + 1);
    this.track(o);
    if (account) {
      const prev = this.accounts.get(o.user_id);
      this.accounts.set(o.user_id, {
        balanceCents: account.balanceCents,
        lockCents: account.lockCents,
        bot: prev?.bot ?? this.bots.has(o.user_id),
      });
    } else if (o.status === STATUS_HOLDING || !this.accounts.has(o.user_id)) {
      this.enqueue(() => this.resyncUser(o.user_id));
    }
    // The account's stop-out levels are recomputed by the periodic refresh (at most a second later; `idle()` runs
    // it at once), not inside the submit: the walk covers every open position of the user, and doing it on every
    // submit made a submit cost O(positions) (bench/submit-http: about 0.2x -> 0.35x of a bare route).
    this.stopOutDue.add(o.user_id);
    this.dirtyUsers.add(o.user_id);
    this.evaluateNow(o.instrument_id);
  }

  private readonly stopOutDue = new Set<number>();
  /** An order's decimal strings as numbers, parsed once per order version (orders are replaced, never mutated). */
  private readonly numbers = new WeakMap<Order, { qty: number; open: number }>();

  private numbersOf(o: Order): { qty: number; open: number } {
    let n = this.numbers.get(o);
    if (!n) {
      n = { qty: Number(o.lots) * Number(o.contract_size), open: Number(o.open_price) };
      this.numbers.set(o, n);
    }
    return n;
  }

  private scheduleStopOut(userId: number): void {
    const first = this.stopOutDue.size === 0;
    this.stopOutDue.add(userId);
    if (!first) return;
    this.enqueue(async () => {
      const users = [...this.stopOutDue];
      this.stopOutDue.clear();
      for (const u of users) this.updateStopOut(u);
    });
  }

  private changed(userId: number): void {
    if (this.isLeader()) this.enqueue(() => this.resyncUser(userId));
    else this.ctx.bus.publish({ topic: INTERNAL_TOPIC, data: { userId } });
  }

  // ---- ticks ----

  private onTick(q: Quote): void {
    if (!this.isLeader()) return;
    this.dirtyInstruments.add(q.instrumentId);
    const crossed = this.index.crossed(q.instrumentId, q.bid, q.ask);
    for (const e of crossed) this.enqueue(() => this.fire(e));
  }

  private evaluateNow(instrumentId: number): void {
    const q = this.market.quote(instrumentId);
    if (q) this.onTickEntries(q);
  }

  private onTickEntries(q: Quote): void {
    const crossed = this.index.crossed(q.instrumentId, q.bid, q.ask);
    for (const e of crossed) this.enqueue(() => this.fire(e));
  }

  private enqueue(task: () => Promise<unknown>): void {
    this.pendingTasks++;
    this.queue = this.queue
      .then(task)
      .catch((err: unknown) => {
        this.errors.push(err);
        if (this.errors.length > 100) this.errors.shift();
      })
      .finally(() => {
        this.pendingTasks--;
      });
  }

  /** Act on one crossed trigger, re-checked exactly against the latest quote. */
  private async fire(e: Entry): Promise<void> {
    const q = this.market.quote(e.instrumentId);
    if (!q) return;
    if (e.type === 'stopout') {
      await stopOut(this.ctx, e.ref);
      await this.resyncUser(e.ref);
      return;
    }
    const o = this.orders.get(e.ref);
    if (!o) return;
    const side = o.side as Side;
    if (e.type === 'pending') {
      if (o.status !== STATUS_PENDING || !o.target_price) return;
      if (!pendingReached(side, o.kind as PendingKind, Number(o.target_price), q)) {
        this.index.set('pending', o.id, o.instrument_id, e.book, e.level);
        return;
      }
      // Filled at the first available price: the quote that crossed (after a gap, beyond the target).
      await fillPending(this.ctx, o.id, q);
      return;
    }
    if (o.status !== STATUS_HOLDING) return;
    if (!stopHit(side, e.type, e.level, q)) {
      this.index.set(e.type, o.id, o.instrument_id, e.book, e.level);
      return;
    }
    if (!this.market.isOpen(o.instrument_id, this.ctx.now())) {
      this.index.set(e.type, o.id, o.instrument_id, e.book, e.level);
      return;
    }
    const price = closePriceOf(side, q);
    await closeOrder(this.ctx, o.id, { price, expected: e.level, reason: e.type });
  }

  // ---- stop-out levels ----

  /** Recompute this account's stop-out levels from the in-memory mirror and the current quotes. */
  private updateStopOut(userId: number): void {
    for (const inst of this.stopOutInstruments.get(userId) ?? []) this.index.delete('stopout', userId, inst);
    this.stopOutInstruments.delete(userId);
    const acct = this.accounts.get(userId);
    const ids = this.byUser.get(userId);
    if (!acct || !ids) return;
    type H = { o: Order; q: number; open: number; rate: number; pnl: number; quote: Quote };
    const holdings: H[] = [];
    // One quote and one USD rate per instrument and currency for the whole walk.
    const quotes = new Map<number, Quote | undefined>();
    const rates = new Map<string, number | null>();
    for (const id of ids) {
      const o = this.orders.get(id);
      if (!o || o.status !== STATUS_HOLDING || !o.open_price) continue;
      let quote = quotes.get(o.instrument_id);
      if (!quotes.has(o.instrument_id)) {
        quote = this.market.quote(o.instrument_id);
        quotes.set(o.instrument_id, quote);
      }
      if (!quote) continue;
      let rate = rates.get(o.quote_currency);
      if (rate === undefined) {
        try {
          rate = usdRateOf(this.market, o.quote_currency);
        } catch {
          rate = null;
        }
        rates.set(o.quote_currency, rate);
      }
      if (rate === null) continue;
      const { qty, open } = this.numbersOf(o);
      const close = closePriceOf(o.side as Side, quote);
      const pnl = (o.side === 1 ? close - open : open - close) * qty * rate;
      holdings.push({ o, q: qty, open, rate, pnl, quote });
    }
    if (holdings.length === 0) return;
    const lockUsd = acct.lockCents / 100;
    const equity = (acct.balanceCents + acct.lockCents) / 100 + holdings.reduce((s, h) => s + h.pnl, 0);
    if (equity <= STOP_OUT_RATIO * lockUsd) {
      this.enqueue(async () => {
        await stopOut(this.ctx, userId);
        await this.resyncUser(userId);
      });
      return;
    }
    const byInst = new Map<number, H[]>();
    for (const h of holdings) {
      const l = byInst.get(h.o.instrument_id);
      if (l) l.push(h);
      else byInst.set(h.o.instrument_id, [h]);
    }
    const set = new Set<number>();
    for (const [inst, hs] of byInst) {
      const first = hs[0] as H;
      const spread = first.quote.ask - first.quote.bid;
      const rate = first.rate;
      let net = 0;
      let c = 0;
      let pnlHere = 0;
      for (const h of hs) {
        pnlHere += h.pnl;
        if (h.o.side === 1) {
          net += h.q;
          c -= h.q * h.open;
        } else {
          net -= h.q;
          c += h.q * (h.open - spread);
        }
      }
      const k = rate * net;
      if (k === 0) continue;
      const eOther = equity - pnlHere;
      const level = (STOP_OUT_RATIO * lockUsd - eOther - rate * c) / k;
      if (!Number.isFinite(level)) continue;
      // Already beyond it while the account as a whole is above 50% (the linear level is an estimate, e.g. for a
      // JPY-quoted book): leave it to the next refresh rather than nominating the account on every evaluation.
      const bid = first.quote.bid;
      if (k > 0 ? bid <= level : bid >= level) continue;
      this.index.set('stopout', userId, inst, k > 0 ? 'bidLE' : 'bidGE', level);
      set.add(inst);
    }
    if (set.size > 0) this.stopOutInstruments.set(userId, set);
  }

  // ---- periodic: stop-out refresh and FOREX_TRADE ----

  private periodic(): void {
    const leader = this.isLeader();
    if (leader && !this.leaderBefore) this.enqueue(() => this.reload());
    this.leaderBefore = leader;
    if (!leader) {
      this.dirtyInstruments.clear();
      this.dirtyUsers.clear();
      return;
    }
    this.stopOutDue.clear(); // covered below: every due user is also dirty
    const users = new Set<number>(this.dirtyUsers);
    this.dirtyUsers.clear();
    for (const inst of this.dirtyInstruments) for (const u of this.holders.get(inst) ?? []) users.add(u);
    this.dirtyInstruments.clear();
    for (const u of users) {
      this.updateStopOut(u);
      if (!this.accounts.get(u)?.bot && !this.bots.has(u)) this.publishTrade(u);
    }
  }

  /** The user's holding orders with live P/L, to that user only. */
  publishTrade(userId: number): void {
    const data: OrderView[] = [];
    for (const id of this.byUser.get(userId) ?? []) {
      const o = this.orders.get(id);
      if (!o || o.status !== STATUS_HOLDING) continue;
      const quote = this.market.quote(o.instrument_id);
      const cached = this.views.get(id);
      if (cached && cached.order === o && cached.quote === quote) {
        data.push(cached.view);
        continue;
      }
      const view = orderView(o, liveProfit(this.market, o, quote));
      this.views.set(id, { order: o, quote, view });
      data.push(view);
    }
    data.sort((a, b) => b.Id - a.Id);
    this.ctx.bus.publish({ topic: TOPICS.forexTrade, data, userId });
  }

  private publishClosed(userId: number, view: OrderView): void {
    if (this.bots.has(userId)) return;
    this.ctx.bus.publish({ topic: TOPICS.forexClosed, data: view, userId });
  }
}

const engines = new WeakMap<AppContext, TradingEngine>();
export function setEngine(ctx: AppContext, engine: TradingEngine): void {
  engines.set(ctx, engine);
}
export function engineOf(ctx: AppContext): TradingEngine | undefined {
  return engines.get(ctx);
}
