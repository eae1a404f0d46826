/**
 * The trading engine: keeps every open order of the platform in memory, indexed by trigger price (trigger-index.ts),
 * and on each tick of the market acts only on the triggers that tick crosses: pending fills, stop loss, take profit
 * and stop-out. Runs on the leader node only (`isLeader`); other nodes forward "this user's orders changed" through
 * the bus so the leader re-reads that user.
 *
 * Stop-out levels (risk.ts) live in the same books as the SL/TP triggers; they are refreshed whenever the account
 * changes and, for accounts whose instruments moved, once a second (so moves of their other instruments count).
 * Trailing stops (trailing.ts) are groups in the same index: a tick moves them in the trader's favour and closes those
 * it crosses with reason `trailing`; the moved levels are written back to `stop_loss` by the once-a-second pass (and
 * at stop), so a restart or a new leader starts from them.
 * Realtime (publisher.ts): FOREX_TRADE at most once a second per user whose orders changed or whose instruments
 * ticked; FOREX_CLOSED for every close, triggered ones included.
 * Margin calls (docs/rules.md#margin-call): the same refresh estimates each account's margin level from the mirror;
 * when the estimate moves to another zone (above 100 %, at or below it, at or below the stop-out warning level) the
 * exact check (`Risk.marginCheck`) decides and tells the trader once per crossing, from the state it persists.
 */
import {
  closePriceOf,
  MARGIN_CALL_LEVEL_PERCENT,
  pendingReached,
  STOP_OUT_WARNING_LEVEL_PERCENT,
  stopHit,
} from '@meridian/shared/pure';
import type { OrderView, PendingKind, Side } from '@meridian/shared/pure';
import type { EventBus } from '../../realtime/bus';
import type { Order } from '../../storage/schema';
import { findUserById } from '../accounts';
import type { MarketData, Quote } from '../markets';
import type { OrderCommands } from './commands';
import type { TradingDeps } from './deps';
import type { ClosedChange, OpenedAccount, TradingEvents } from './events';
import * as repo from './repository';
import { STATUS_HOLDING, STATUS_PENDING } from './repository';
import { mirroredHoldings, stopOutLevels } from './risk';
import type { MirroredHolding, Risk } from './risk';
import { anchorOfLevel, TrailingBook } from './trailing';
import type { TrailHit } from './trailing';
import { pendingBook, stopBook, TriggerIndex } from './trigger-index';
import type { Entry } from './trigger-index';
import { TradePublisher } from './publisher';

/** The longest the periodic refresh holds the event loop at a time (it goes on in the next turn). */
const REFRESH_SLICE_MS = 4;

/** Bus topic on which a follower node tells the leader that a user's orders changed. */
export const INTERNAL_TOPIC = 'internal.trading.changed';

/** What the engine works with, handed over by createTrading. */
export type EngineDeps = Pick<TradingDeps, 'db' | 'market' | 'now'> & {
  bus: EventBus;
  commands: OrderCommands;
  risk: Risk;
  events: TradingEvents;
};

export type EngineOptions = {
  isLeader?: () => boolean;
  /** FOREX_TRADE / stop-out refresh period (ms). */
  publishMs?: number;
};

type Account = OpenedAccount & { bot: boolean };

export class TradingEngine {
  readonly index = new TriggerIndex();
  readonly trailing = new TrailingBook(this.index);
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
  /**
   * Per account, the margin-call zone the last exact check found (at start: the zone persisted). An estimate in
   * another zone asks for the exact check.
   */
  private readonly marginSeen = new Map<number, 0 | 1 | 2>();
  /** Bumped on every in-memory change of a user, so a resync that read older rows tries again. */
  private readonly versions = new Map<number, number>();
  private queue: Promise<unknown> = Promise.resolve();
  private pendingTasks = 0;
  private timer: NodeJS.Timeout | null = null;
  private unsubs: (() => void)[] = [];
  private leaderBefore = false;
  private started = false;
  readonly errors: unknown[] = [];

  private unlisten: (() => void) | null = null;
  private readonly publisher: TradePublisher;

  constructor(
    private readonly deps: EngineDeps,
    private readonly opts: EngineOptions = {},
  ) {
    this.publisher = new TradePublisher(deps.bus, deps.market);
  }

  private get market(): MarketData {
    return this.deps.market;
  }

  isLeader(): boolean {
    return this.opts.isLeader ? this.opts.isLeader() : true;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.unlisten = this.deps.events.listen({
      changed: (userId) => this.changed(userId),
      opened: (order, account) => this.opened(order, account),
      closed: (userId, view) => this.publishClosed(userId, view),
      reduced: (userId, change) => this.reduced(userId, change),
    });
    this.unsubs.push(this.market.onTick((q) => this.onTick(q)));
    this.unsubs.push(
      this.deps.bus.subscribe((ev) => {
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
    this.unlisten?.();
    this.unlisten = null;
    await this.idle();
    // The levels moved since the last pass, so a restart starts from them.
    if (this.isLeader()) await this.flushTrailing().catch((err: unknown) => this.errors.push(err));
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

  /** The account's balances as mirrored (what the stop-out levels are computed from). */
  accountOf(userId: number): Readonly<OpenedAccount> | undefined {
    const a = this.accounts.get(userId);
    return a ? { balanceCents: a.balanceCents, lockCents: a.lockCents } : undefined;
  }

  markBot(userId: number): void {
    this.bots.add(userId);
    const a = this.accounts.get(userId);
    if (a) a.bot = true;
  }

  /** Rebuild the whole index from the database (start-up, or on becoming leader). */
  async reload(): Promise<void> {
    this.index.clear();
    this.trailing.clear();
    this.orders.clear();
    this.publisher.clear();
    this.byUser.clear();
    this.holders.clear();
    this.stopOutInstruments.clear();
    this.accounts.clear();
    this.marginSeen.clear();
    for (const z of await repo.marginZones(this.deps.db))
      this.marginSeen.set(z.user_id, z.zone >= 2 ? 2 : z.zone === 1 ? 1 : 0);
    for (const id of await repo.botUserIds(this.deps.db)) this.bots.add(id);
    const rows = await repo.openOrders(this.deps.db);
    for (const o of rows) this.track(o);
    const users = [...this.byUser.keys()];
    for (const a of await repo.balancesOf(this.deps.db, users))
      this.accounts.set(a.id, {
        balanceCents: a.balance,
        lockCents: a.lock_balance,
        bot: this.bots.has(a.id),
      });
    for (const u of users) this.updateStopOut(u);
    for (const id of this.holders.keys()) this.evaluateNow(id);
  }

  // ---- order mirror and index ----

  private track(
    o: Order,
    before?: Map<number, { stop: string | null; distance: number; anchor: number }>,
  ): void {
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
      if (o.stop_loss && o.trailing_distance > 0) {
        let anchor = anchorOfLevel(side, o.stop_loss, o.trailing_distance, o.price_precision);
        // The row as the engine last wrote or read it: the level moved since in memory is kept (never back). A row
        // the trader changed (another level or distance) starts from what the trader set.
        const prev = before?.get(o.id);
        if (prev && prev.stop === o.stop_loss && prev.distance === o.trailing_distance)
          anchor = side === 1 ? Math.max(anchor, prev.anchor) : Math.min(anchor, prev.anchor);
        this.trailing.add(o.id, o.instrument_id, side, o.price_precision, o.trailing_distance, anchor);
        if (prev && this.trailing.levelOf(o.id)?.level !== o.stop_loss) this.trailingDirty.add(o.id);
      } else if (o.stop_loss)
        this.index.set('sl', o.id, o.instrument_id, stopBook(side, 'sl'), Number(o.stop_loss));
      if (o.take_profit)
        this.index.set('tp', o.id, o.instrument_id, stopBook(side, 'tp'), Number(o.take_profit));
    }
  }

  private untrackUser(
    userId: number,
  ): Map<number, { stop: string | null; distance: number; anchor: number }> {
    const trail = new Map<number, { stop: string | null; distance: number; anchor: number }>();
    const ids = this.byUser.get(userId);
    if (ids) {
      for (const id of ids) {
        const o = this.orders.get(id);
        this.orders.delete(id);
        this.publisher.forget(id);
        if (!o) continue;
        this.index.delete('pending', id, o.instrument_id);
        this.index.delete('sl', id, o.instrument_id);
        this.index.delete('tp', id, o.instrument_id);
        const t = this.trailing.levelOf(id);
        if (t) trail.set(id, { stop: o.stop_loss, distance: o.trailing_distance, anchor: t.anchor });
        this.trailing.remove(id);
        this.holders.get(o.instrument_id)?.delete(userId);
      }
    }
    this.byUser.delete(userId);
    for (const inst of this.stopOutInstruments.get(userId) ?? []) this.index.delete('stopout', userId, inst);
    this.stopOutInstruments.delete(userId);
    return trail;
  }

  /** Re-read one user's open orders and account from the database and re-index them. */
  async resyncUser(userId: number): Promise<void> {
    const read = () =>
      Promise.all([repo.openOrdersOfUser(this.deps.db, userId), findUserById(this.deps.db, userId)]);
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
    const trail = this.untrackUser(userId);
    for (const o of rows) this.track(o, trail);
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
  private opened(o: Order, account?: OpenedAccount): void {
    if (!this.isLeader()) {
      this.deps.bus.publish({ topic: INTERNAL_TOPIC, data: { userId: o.user_id } });
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

  /**
   * A committed close, partial close or cancel, applied to the mirror from what the transaction returned, without a
   * database read (before, every close re-read the user's open orders and account: the largest share of a close's
   * cost, bench/close-http). The order that left the book is dropped; a partially closed position takes its new
   * lots, margin and fee only when they are fewer lots than mirrored (lots only ever go down, so a late event never
   * undoes a newer one); the balances moved are set as they were after the commit. A resync reading meanwhile reads
   * again (the version moves).
   *
   * The stop-out levels are recomputed by the periodic pass (`idle()` at once), as after an open: a close never
   * lowers an account's margin level at the same prices (equity stays, the used margin falls), so the levels indexed
   * until then fire no later than the new ones would, and a fired one is checked exactly.
   */
  private reduced(userId: number, change: ClosedChange): void {
    if (!this.isLeader()) {
      this.deps.bus.publish({ topic: INTERNAL_TOPIC, data: { userId } });
      return;
    }
    this.versions.set(userId, (this.versions.get(userId) ?? 0) + 1);
    if (change.gone) this.untrackOrder(change.gone.id);
    const p = change.position;
    const mirrored = p ? this.orders.get(p.id) : undefined;
    if (p && mirrored && mirrored.status === STATUS_HOLDING && Number(p.lots) < Number(mirrored.lots)) {
      this.orders.set(p.id, {
        ...mirrored,
        lots: p.lots,
        margin_micros: p.margin_micros,
        margin_cents: p.margin_cents,
        fee_micros: p.fee_micros,
        fee_cents: p.fee_cents,
      });
      this.publisher.forget(p.id);
    }
    const a = change.account;
    const prev = this.accounts.get(userId);
    if (prev && a) {
      if (a.balanceCents !== undefined) prev.balanceCents = a.balanceCents;
      if (a.lockCents !== undefined) prev.lockCents = a.lockCents;
    } else if (!prev && this.byUser.has(userId)) {
      // Open orders mirrored without their account: read it (never expected, but never left so).
      this.enqueue(() => this.resyncUser(userId));
    }
    this.stopOutDue.add(userId);
    this.dirtyUsers.add(userId);
  }

  /** Drop one order from the mirror and the index (it left the book). */
  private untrackOrder(id: number): void {
    const o = this.orders.get(id);
    if (!o) return;
    this.orders.delete(id);
    this.publisher.forget(id);
    this.index.delete('pending', id, o.instrument_id);
    this.index.delete('sl', id, o.instrument_id);
    this.index.delete('tp', id, o.instrument_id);
    this.trailing.remove(id);
    this.trailingDirty.delete(id);
    const ids = this.byUser.get(o.user_id);
    ids?.delete(id);
    if (ids?.size === 0) this.byUser.delete(o.user_id);
    // Still a holder of that instrument while another of the user's positions is on it.
    let holds = false;
    for (const other of ids ?? []) {
      const x = this.orders.get(other);
      if (x && x.status === STATUS_HOLDING && x.instrument_id === o.instrument_id) {
        holds = true;
        break;
      }
    }
    if (!holds) this.holders.get(o.instrument_id)?.delete(o.user_id);
  }

  private readonly stopOutDue = new Set<number>();
  private changed(userId: number): void {
    if (this.isLeader()) this.enqueue(() => this.resyncUser(userId));
    else this.deps.bus.publish({ topic: INTERNAL_TOPIC, data: { userId } });
  }

  // ---- ticks ----

  private onTick(q: Quote): void {
    if (!this.isLeader()) return;
    this.dirtyInstruments.add(q.instrumentId);
    this.onTickEntries(q);
  }

  private evaluateNow(instrumentId: number): void {
    const q = this.market.quote(instrumentId);
    if (q) this.onTickEntries(q);
  }

  private onTickEntries(q: Quote): void {
    const crossed = this.index.crossed(q.instrumentId, q.bid, q.ask);
    let trail: Entry[] | null = null;
    for (const e of crossed) {
      if (e.type === 'trail' || e.type === 'ratchet') (trail ??= []).push(e);
      else this.enqueue(() => this.fire(e));
    }
    if (trail) {
      for (const hit of this.trailing.onEntries(trail, q.bid, q.ask))
        this.enqueue(() => this.fireTrailing(hit));
    }
  }

  /** Close a crossed trailing stop at the live close-side price, re-checked exactly against the latest quote. */
  private async fireTrailing(hit: TrailHit): Promise<void> {
    const o = this.orders.get(hit.orderId);
    if (!o || o.status !== STATUS_HOLDING || !(o.trailing_distance > 0)) return;
    const side = o.side as Side;
    const back = () =>
      this.trailing.add(o.id, o.instrument_id, side, o.price_precision, o.trailing_distance, hit.anchor);
    const q = this.market.quote(o.instrument_id);
    if (
      !q ||
      this.market.quoteFresh?.(o.instrument_id, this.deps.now()) === false ||
      !stopHit(side, 'sl', Number(hit.level), q) ||
      !this.market.isOpen(o.instrument_id, this.deps.now())
    ) {
      back();
      return;
    }
    const closed = await this.deps.commands.close(o.id, {
      price: closePriceOf(side, q),
      expected: Number(hit.level),
      reason: 'trailing',
    });
    if (!closed) back();
  }

  /** Stops that moved since their level was last written (re-tracked orders whose memory was ahead of the row). */
  private readonly trailingDirty = new Set<number>();

  /**
   * Write the trailing levels that moved to their orders' `stop_loss`, each only if the row still holds the level
   * the engine last knew (a trader's change in between wins; the engine re-reads that user).
   */
  async flushTrailing(): Promise<number> {
    const moved = new Map<number, string>();
    for (const m of this.trailing.takeDirty()) moved.set(m.orderId, m.level);
    for (const id of this.trailingDirty) {
      const l = this.trailing.levelOf(id);
      if (l) moved.set(id, l.level);
    }
    this.trailingDirty.clear();
    let written = 0;
    for (const [id, level] of moved) {
      const o = this.orders.get(id);
      if (!o || o.stop_loss === level || !(o.trailing_distance > 0)) continue;
      if (await repo.moveTrailingStop(this.deps.db, id, o.stop_loss, level, o.trailing_distance)) {
        o.stop_loss = level;
        this.publisher.forget(id);
        written++;
      }
    }
    return written;
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
    if (this.market.quoteFresh?.(e.instrumentId, this.deps.now()) === false) {
      // A frozen price (the feed stopped, or this node just took over with the quotes it had): nothing is booked
      // at it. The entry stays in its book, so the first live tick that crosses it acts (docs/rules.md#no-price).
      this.index.set(e.type, e.ref, e.instrumentId, e.book, e.level);
      return;
    }
    if (e.type === 'stopout') {
      await this.deps.risk.stopOut(e.ref);
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
      // Its margin is booked in USD: without a USD rate for its quote currency yet, it waits for the next quote.
      if (this.market.usdRate(o.quote_currency) === undefined) {
        this.index.set('pending', o.id, o.instrument_id, e.book, e.level);
        return;
      }
      // Filled at the first available price: the quote that crossed (after a gap, beyond the target).
      await this.deps.commands.fill(o.id, q);
      return;
    }
    if (o.status !== STATUS_HOLDING || (e.type !== 'sl' && e.type !== 'tp')) return;
    if (!stopHit(side, e.type, e.level, q)) {
      this.index.set(e.type, o.id, o.instrument_id, e.book, e.level);
      return;
    }
    if (!this.market.isOpen(o.instrument_id, this.deps.now())) {
      this.index.set(e.type, o.id, o.instrument_id, e.book, e.level);
      return;
    }
    const price = closePriceOf(side, q);
    await this.deps.commands.close(o.id, { price, expected: e.level, reason: e.type });
  }

  // ---- stop-out levels ----

  /** Recompute this account's stop-out levels from the in-memory mirror and the current quotes. */
  private updateStopOut(userId: number): void {
    for (const inst of this.stopOutInstruments.get(userId) ?? []) this.index.delete('stopout', userId, inst);
    this.stopOutInstruments.delete(userId);
    const acct = this.accounts.get(userId);
    const ids = this.byUser.get(userId);
    if (!acct || !ids) {
      this.watchMargin(userId, acct, []);
      return;
    }
    const holding: Order[] = [];
    for (const id of ids) {
      const o = this.orders.get(id);
      if (o && o.status === STATUS_HOLDING) holding.push(o);
    }
    const holdings = mirroredHoldings(this.market, holding);
    this.watchMargin(userId, acct, holdings);
    const levels = stopOutLevels(acct, holdings);
    if (levels === 'now') {
      this.enqueue(async () => {
        await this.deps.risk.stopOut(userId);
        await this.resyncUser(userId);
      });
      return;
    }
    if (levels.length === 0) return;
    for (const l of levels) this.index.set('stopout', userId, l.instrumentId, l.book, l.level);
    this.stopOutInstruments.set(userId, new Set(levels.map((l) => l.instrumentId)));
  }

  /**
   * The margin-call estimate of one account from the mirror (floating point; the exact check decides): when its zone
   * differs from the one last checked, the exact check runs once (queued). Simulated traders are not watched.
   */
  private watchMargin(userId: number, acct: Account | undefined, holdings: readonly MirroredHolding[]): void {
    if (acct?.bot || this.bots.has(userId)) return;
    let zone: 0 | 1 | 2 = 0;
    if (acct && acct.lockCents > 0 && holdings.length > 0) {
      const equity = acct.balanceCents + acct.lockCents + holdings.reduce((s, h) => s + h.pnl, 0) * 100;
      if (equity * 100 <= acct.lockCents * STOP_OUT_WARNING_LEVEL_PERCENT) zone = 2;
      else if (equity * 100 <= acct.lockCents * MARGIN_CALL_LEVEL_PERCENT) zone = 1;
    }
    if (zone === (this.marginSeen.get(userId) ?? 0)) return;
    this.seeMargin(userId, zone);
    this.enqueue(async () => {
      // What the exact level said is what the next estimate is compared with: an estimate that differs from it
      // (rounding, right at a level) asks again rather than hiding a later crossing.
      const exact = await this.deps.risk.marginCheck(userId);
      if (exact !== null) this.seeMargin(userId, exact);
    });
  }

  private seeMargin(userId: number, zone: 0 | 1 | 2): void {
    if (zone === 0) this.marginSeen.delete(userId);
    else this.marginSeen.set(userId, zone);
  }

  // ---- periodic: stop-out refresh, margin calls and FOREX_TRADE ----

  private periodic(): void {
    const leader = this.isLeader();
    if (leader && !this.leaderBefore) this.enqueue(() => this.reload());
    this.leaderBefore = leader;
    if (!leader) {
      this.dirtyInstruments.clear();
      this.dirtyUsers.clear();
      return;
    }
    this.enqueue(() => this.flushTrailing());
    this.collectRefresh();
    this.refreshSlice();
  }

  /**
   * Accounts due for the refresh below, in the order they became due. The periodic pass works through them in slices
   * of at most REFRESH_SLICE_MS, each its own turn of the event loop: the pass costs O(open positions of the accounts
   * that moved) and, run whole, held every request arriving meanwhile (bench/submit-http's p99: a pass of 20-90 ms
   * once a second with some thousands of positions).
   */
  private readonly refreshDue = new Set<number>();
  private sliceScheduled = false;

  /** Move the accounts whose orders changed or whose instruments ticked since the last pass into `refreshDue`. */
  private collectRefresh(): void {
    for (const u of this.dirtyUsers) this.refreshDue.add(u);
    this.dirtyUsers.clear();
    for (const inst of this.dirtyInstruments)
      for (const u of this.holders.get(inst) ?? []) this.refreshDue.add(u);
    this.dirtyInstruments.clear();
  }

  /** Refresh one account: its stop-out levels and margin-call estimate, and its FOREX_TRADE. */
  private refreshAccount(u: number): void {
    this.refreshDue.delete(u);
    this.stopOutDue.delete(u);
    this.updateStopOut(u);
    if (!this.accounts.get(u)?.bot && !this.bots.has(u)) this.publishTrade(u);
  }

  private refreshSlice(): void {
    this.sliceScheduled = false;
    if (!this.started || !this.isLeader()) {
      this.refreshDue.clear();
      return;
    }
    const until = performance.now() + REFRESH_SLICE_MS;
    for (const u of this.refreshDue) {
      this.refreshAccount(u);
      if (performance.now() >= until) break;
    }
    if (this.refreshDue.size > 0 && !this.sliceScheduled) {
      this.sliceScheduled = true;
      setImmediate(() => this.refreshSlice());
    }
  }

  /**
   * The accounts whose orders changed or whose instruments ticked since the last pass (and those a sliced pass has
   * not reached yet): their stop-out levels and margin-call estimate, and their FOREX_TRADE, all now. The leader does
   * this once a second in slices (tests call it to run a whole pass now).
   */
  refreshAccounts(): void {
    if (!this.isLeader()) return;
    this.collectRefresh();
    for (const u of this.refreshDue) this.refreshAccount(u);
  }

  /** The user's holding orders with live P/L, to that user only. */
  publishTrade(userId: number): void {
    const holding: Order[] = [];
    for (const id of this.byUser.get(userId) ?? []) {
      const o = this.orders.get(id);
      if (o && o.status === STATUS_HOLDING) {
        // A trailing stop's live level, not the last one written.
        const t = o.trailing_distance > 0 ? this.trailing.levelOf(o.id) : undefined;
        holding.push(t && t.level !== o.stop_loss ? { ...o, stop_loss: t.level } : o);
      }
    }
    this.publisher.trade(userId, holding);
  }

  private publishClosed(userId: number, view: OrderView): void {
    if (!this.bots.has(userId)) this.publisher.closed(userId, view);
  }
}
