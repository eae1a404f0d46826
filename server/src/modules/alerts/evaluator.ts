/**
 * The alert evaluator: every watched alert is one entry in a price-ordered TriggerIndex (the trading engine's), so a
 * tick touches only the alerts it crosses. It runs on the node holding the engine lease only, beside the engine (it
 * listens to the same ticks; the engine is not changed), and rebuilds its index from the database at start and on
 * becoming leader. Saves on another node reach it through the bus, like the engine's order changes.
 *
 * One crossing, one firing (docs/rules.md#alerts):
 * - an armed alert waits on its firing side; a tick that crosses it is re-checked exactly, then `markFired` writes
 *   armed = 0 and last_fired_at in a conditional update (WHERE armed = 1 AND version = the one evaluated) together
 *   with the notification, and only then is the PRICE_ALERT frame published (and the notification handed to
 *   `delivery`: Web Push when the owner has no tab open; neither toast nor push when the owner switched price-alert
 *   notifications off, docs/rules.md#notifications). A second evaluator (another node, or
 *   this one after a restart) finds the row no longer armed and sends nothing.
 * - a repeating alert, once its cool-down has passed, waits on the other side: the first tick back across arms it
 *   again (conditional too), and the next crossing fires it again.
 * Group commit: what the ticks crossed while the previous commit ran is re-checked and written together, in one
 * transaction (at most BATCH_MAX alerts): the firings in one conditional update, the armings in another, then the
 * notifications in one SELECT of their owners and one multi-row INSERT (`recordNotifications`). A burst of N
 * firings costs one commit (one fsync on SQLite) and, on PostgreSQL, at most 6 round trips whatever N (BEGIN and
 * COMMIT included), not N transactions queued one after the other nor two statements per firing
 * (bench/alert-latency).
 * Should that transaction fail, its alerts go back in the index as they were and the next crossing tries again.
 * Percent alerts watch the bid against the day basis (the quotes list's `closed`); their levels move when it does.
 */
import { TOPICS } from '@meridian/shared/pure';
import type { PriceAlertFired } from '@meridian/shared/pure';
import type { EventBus } from '../../realtime/bus';
import type { DB } from '../../storage/db';
import type { PriceAlert } from '../../storage/schema';
import { changePercent } from '../markets';
import type { MarketData, Quote } from '../markets';
import { recordNotifications } from '../notifications';
import type { NotificationDelivery, StoredNotification } from '../notifications';
import { TriggerIndex } from '../trading';
import type { BookName } from '../trading';
import * as repo from './repository';
import { alertView } from './views';

/** Bus topic on which a node that saved an alert tells the leader to read that trader's alerts again. */
export const ALERTS_INTERNAL_TOPIC = 'internal.alerts.changed';

export type AlertDeps = {
  db: DB;
  market: MarketData;
  bus: EventBus;
  now: () => number;
  isLeader: () => boolean;
  /** Leadership changes (the lease); returns an unsubscribe. */
  onLeaderChange?: (cb: (leader: boolean) => void) => () => void;
  /** After a firing's commit, besides the frame: Web Push when the owner has no tab open. */
  delivery?: NotificationDelivery;
};

/**
 * Candidate levels of a percent alert are this much (in %) on the near side of its threshold: the exact check is on
 * the change rounded to 2 decimals, as shown, which reaches the threshold up to 0.005 % early.
 */
const ROUNDING_SLACK = 0.006;

type Placement = { book: BookName; level: number };
type Reading = { price: number; change: number | null };
/** One write of a drain: fire an armed alert, or arm a repeating one again. */
type Step = { a: PriceAlert; r: Reading; fire: boolean };
type Fired = { row: PriceAlert; payload: PriceAlertFired; stored: StoredNotification | null };

/** The most alerts one drain writes in its transaction (a gap crossing more waits for the next drain). */
export const BATCH_MAX = 500;

export class AlertEvaluator {
  readonly index = new TriggerIndex();
  /** Watched alerts by id (armed, cooling, or waiting to arm again). */
  private readonly alerts = new Map<number, PriceAlert>();
  private readonly byUser = new Map<number, Set<number>>();
  /** instrument -> its percent alerts (their levels follow the day basis). */
  private readonly percentOf = new Map<number, Set<number>>();
  private readonly basis = new Map<number, number>();
  /** instrument -> repeating alerts in their cool-down, soonest first. */
  private readonly cooling = new Map<number, { due: number; id: number }[]>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Alerts the ticks crossed, waiting for the next drain; whether one is queued. */
  private readonly due = new Set<number>();
  private drainQueued = false;
  private pendingTasks = 0;
  private unsubs: (() => void)[] = [];
  private started = false;
  readonly errors: unknown[] = [];

  constructor(private readonly deps: AlertDeps) {}

  isLeader(): boolean {
    return this.deps.isLeader();
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.unsubs.push(this.deps.market.onTick((q) => this.onTick(q)));
    this.unsubs.push(
      this.deps.bus.subscribe((ev) => {
        if (ev.topic !== ALERTS_INTERNAL_TOPIC || !this.isLeader()) return;
        const userId = (ev.data as { userId?: unknown } | null)?.userId;
        if (typeof userId === 'number') this.enqueue(() => this.resyncUser(userId));
      }),
    );
    if (this.deps.onLeaderChange)
      this.unsubs.push(
        this.deps.onLeaderChange((leader) => {
          if (leader) this.enqueue(() => this.reload());
          else this.clear();
        }),
      );
    if (this.isLeader()) await this.reload();
  }

  async stop(): Promise<void> {
    for (const u of this.unsubs) u();
    this.unsubs = [];
    await this.idle();
    this.clear();
    this.started = false;
  }

  /** Resolves when every queued task (firings, re-reads) has run. */
  async idle(): Promise<void> {
    while (this.pendingTasks > 0) await this.queue;
  }

  /** How many alerts are watched (tests, health). */
  get size(): number {
    return this.alerts.size;
  }

  /** A trader's alerts changed (saved, deleted): the leader reads them again; another node tells the leader. */
  changed(userId: number): void {
    if (this.isLeader()) this.enqueue(() => this.resyncUser(userId));
    else this.deps.bus.publish({ topic: ALERTS_INTERNAL_TOPIC, data: { userId } });
  }

  /** Rebuild the index from the database (start, becoming leader, restart after a crash). */
  async reload(): Promise<void> {
    const rows = await repo.watchedAlerts(this.deps.db);
    this.clear();
    for (const a of rows) this.track(a);
    for (const id of new Set(rows.map((a) => a.instrument_id))) this.evaluateNow(id);
  }

  private clear(): void {
    this.index.clear();
    this.alerts.clear();
    this.byUser.clear();
    this.percentOf.clear();
    this.basis.clear();
    this.cooling.clear();
    this.due.clear();
  }

  async resyncUser(userId: number): Promise<void> {
    const rows = await repo.alertsOfUser(this.deps.db, userId);
    const instruments = new Set<number>();
    for (const id of [...(this.byUser.get(userId) ?? [])]) {
      const a = this.alerts.get(id);
      if (a) instruments.add(a.instrument_id);
      this.untrack(id);
    }
    for (const a of rows) {
      this.track(a);
      instruments.add(a.instrument_id);
    }
    for (const id of instruments) this.evaluateNow(id);
  }

  // ---- tracking ----

  private track(a: PriceAlert): void {
    this.untrack(a.id);
    if (a.armed !== 1 && a.repeat !== 1) return; // a once alert that fired: nothing to watch
    this.alerts.set(a.id, a);
    let mine = this.byUser.get(a.user_id);
    if (!mine) this.byUser.set(a.user_id, (mine = new Set()));
    mine.add(a.id);
    if (a.kind === 'percent') {
      let set = this.percentOf.get(a.instrument_id);
      if (!set) this.percentOf.set(a.instrument_id, (set = new Set()));
      set.add(a.id);
    }
    const due = this.coolingUntil(a);
    if (due !== null && due > this.deps.now()) {
      const list = this.cooling.get(a.instrument_id) ?? [];
      list.push({ due, id: a.id });
      list.sort((x, y) => x.due - y.due);
      this.cooling.set(a.instrument_id, list);
      return;
    }
    this.place(a);
  }

  private untrack(id: number): void {
    const a = this.alerts.get(id);
    if (!a) return;
    this.alerts.delete(id);
    this.index.delete('alert', id, a.instrument_id);
    this.byUser.get(a.user_id)?.delete(id);
    this.percentOf.get(a.instrument_id)?.delete(id);
    const list = this.cooling.get(a.instrument_id);
    if (list) {
      const i = list.findIndex((c) => c.id === id);
      if (i >= 0) list.splice(i, 1);
    }
  }

  /** When a fired repeating alert may arm again; null for an armed one. */
  private coolingUntil(a: PriceAlert): number | null {
    if (a.armed === 1 || a.last_fired_at === null) return null;
    return a.last_fired_at + a.cooldown_s * 1000;
  }

  /** Put the alert's one entry in the index: its firing side when armed, the other side when waiting to arm. */
  private place(a: PriceAlert): void {
    const p = this.placement(a);
    if (p) this.index.set('alert', a.id, a.instrument_id, p.book, p.level);
    else this.index.delete('alert', a.id, a.instrument_id);
  }

  private placement(a: PriceAlert): Placement | undefined {
    const up = a.direction === 'above';
    const firing = a.armed === 1;
    // Firing side: above -> price >= level (a GE book), below -> price <= level. Arming side: the reverse.
    const ge = up === firing;
    if (a.kind === 'price') {
      const book: BookName = a.side === 'ask' ? (ge ? 'askGE' : 'askLE') : ge ? 'bidGE' : 'bidLE';
      return { book, level: Number(a.level) };
    }
    const basis = this.basisOf(a.instrument_id);
    if (basis === undefined) return undefined;
    const p = Number(a.percent);
    // Firing candidates start ROUNDING_SLACK early; arming ones a little beyond the rounding band.
    const target = (up ? p : -p) + (firing ? (up ? -ROUNDING_SLACK : ROUNDING_SLACK) : up ? -0.004 : 0.004);
    return { book: ge ? 'bidGE' : 'bidLE', level: basis * (1 + target / 100) };
  }

  private basisOf(instrumentId: number): number | undefined {
    let b = this.basis.get(instrumentId);
    if (b === undefined) {
      b = this.deps.market.dayBasis?.(instrumentId);
      if (b !== undefined) this.basis.set(instrumentId, b);
    }
    return b;
  }

  // ---- ticks ----

  private onTick(q: Quote): void {
    if (!this.isLeader()) return;
    this.evaluate(q);
  }

  private evaluateNow(instrumentId: number): void {
    const q = this.deps.market.quote(instrumentId);
    if (q) this.evaluate(q);
  }

  private evaluate(q: Quote): void {
    const id = q.instrumentId;
    const list = this.cooling.get(id);
    if (list && list.length > 0) {
      const now = this.deps.now();
      while (list.length > 0 && (list[0] as { due: number }).due <= now) {
        const a = this.alerts.get((list.shift() as { id: number }).id);
        if (a) this.place(a);
      }
    }
    const percent = this.percentOf.get(id);
    if (percent && percent.size > 0) {
      const b = this.deps.market.dayBasis?.(id);
      if (b !== undefined && b !== this.basis.get(id)) {
        this.basis.set(id, b);
        const cool = new Set((this.cooling.get(id) ?? []).map((c) => c.id));
        for (const aid of percent) {
          const a = this.alerts.get(aid);
          if (a && !cool.has(aid)) this.place(a);
        }
      }
    }
    const crossed = this.index.crossed(id, q.bid, q.ask);
    if (crossed.length === 0) return;
    for (const e of crossed) this.due.add(e.ref);
    this.queueDrain();
  }

  private queueDrain(): void {
    if (this.drainQueued) return;
    this.drainQueued = true;
    this.enqueue(() => this.drain());
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

  /** The watched price (and today's change for percent alerts) of `q` for this alert. */
  private reading(a: PriceAlert, q: Quote): Reading | undefined {
    if (a.kind === 'price') return { price: a.side === 'ask' ? q.ask : q.bid, change: null };
    const basis = this.basisOf(a.instrument_id);
    if (basis === undefined) return undefined;
    return { price: q.bid, change: changePercent(q.bid, basis) };
  }

  /** Whether the reading is on the firing side (`beyond`) or strictly back on the other side. */
  private static beyond(a: PriceAlert, r: Reading): boolean {
    const value = a.kind === 'price' ? r.price : (r.change as number);
    const target =
      a.kind === 'price' ? Number(a.level) : Number(a.percent) * (a.direction === 'above' ? 1 : -1);
    return a.direction === 'above' ? value >= target : value <= target;
  }

  /**
   * The crossed alerts (the first BATCH_MAX by id), each re-checked exactly against the latest quote: an armed one
   * beyond its level fires, a waiting one strictly back across arms again, any other goes back in the index. The
   * writes share one transaction; the frames and pushes go out after its commit.
   */
  private async drain(): Promise<void> {
    this.drainQueued = false;
    const ids = [...this.due].sort((x, y) => x - y).slice(0, BATCH_MAX);
    for (const id of ids) this.due.delete(id);
    if (this.due.size > 0) this.queueDrain();
    const now = this.deps.now();
    const steps: Step[] = [];
    for (const id of ids) {
      const a = this.alerts.get(id);
      if (!a) continue;
      const q = this.deps.market.quote(a.instrument_id);
      const r = q ? this.reading(a, q) : undefined;
      // A frozen price is no crossing: the entry waits for a live tick (docs/rules.md#no-price).
      if (!q || !r || this.deps.market.quoteFresh?.(a.instrument_id, now) === false) {
        this.place(a);
        continue;
      }
      const beyond = AlertEvaluator.beyond(a, r);
      const fire = a.armed === 1;
      // Armed: fires when beyond. Waiting to arm: arms when strictly back across.
      if (fire === beyond) steps.push({ a, r, fire });
      else this.place(a);
    }
    if (steps.length === 0) return;
    let outcomes: { step: Step; fired?: Fired; armed?: boolean }[];
    try {
      outcomes = await this.deps.db.transaction().execute(async (trx) => {
        const firing = steps.filter((s) => s.fire).map((s) => s.a);
        const rows = new Map((await repo.markFired(trx, firing, now)).map((row) => [row.id, row]));
        const armed = await repo.markArmed(
          trx,
          steps.filter((s) => !s.fire).map((s) => s.a),
        );
        const out: { step: Step; fired?: Fired; armed?: boolean }[] = [];
        const fired: Fired[] = [];
        for (const step of steps) {
          if (!step.fire) {
            out.push({ step, armed: armed.has(step.a.id) });
            continue;
          }
          const row = rows.get(step.a.id);
          if (!row) {
            out.push({ step });
            continue;
          }
          const code = this.deps.market.instrument(row.instrument_id)?.showCode ?? '';
          const payload: PriceAlertFired = {
            alert: alertView(row, code),
            price: step.r.price,
            change: step.r.change,
            time: now,
          };
          const f: Fired = { row, payload, stored: null };
          fired.push(f);
          out.push({ step, fired: f });
        }
        // The notifications of every firing in a few statements, not two round trips each.
        const stored = await recordNotifications(
          trx,
          fired.map((f) => ({ userId: f.row.user_id, type: 'price_alert' as const, payload: f.payload })),
          now,
        );
        fired.forEach((f, i) => {
          f.stored = stored[i] ?? null;
        });
        return out;
      });
    } catch (err) {
      // Nothing was written: back in the index as they were (unless changed meanwhile), for the next crossing.
      for (const { a } of steps) if (this.alerts.get(a.id) === a) this.place(a);
      throw err;
    }
    for (const { step, fired, armed } of outcomes) {
      if (fired) this.publish(fired);
      else if (armed) this.track({ ...step.a, armed: 1 });
      // Fired by another evaluator, changed or deleted by the trader meanwhile: what the database says now.
      else await this.reread(step.a.id);
    }
  }

  private publish({ row, payload, stored }: Fired): void {
    this.track(row);
    // Nothing stored (a simulated trader): nobody to tell.
    if (!stored) return;
    // The frame goes out either way (the alerts page follows it); with the type off it says so, and nothing is pushed.
    this.deps.bus.publish({
      topic: TOPICS.priceAlert,
      data: { ...payload, notification_id: stored.view.id, muted: !stored.enabled },
      userId: row.user_id,
    });
    if (stored.enabled) this.deps.delivery?.notify(row.user_id, stored.view);
  }

  private async reread(id: number): Promise<void> {
    const row = await repo.findAlert(this.deps.db, id);
    if (row) this.track(row);
    else this.untrack(id);
  }
}
