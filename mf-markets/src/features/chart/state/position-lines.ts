/**
 * The trader's own levels on the chart of one instrument: each holding position's entry, stop loss and take profit,
 * and each pending order's target. Loaded once (logged in only), then kept current from the socket: FOREX_TRADE
 * carries every holding order (its stops included) many times a second, so a change is passed on only when a level
 * changed; FOREX_CLOSED, or a pending order that filled, loads them again.
 */
import { appStore, sessionAtom, subscribe, TOPICS } from '@meridian/shared';
import { ORDER_STATUS } from '@meridian/shared/pure';
import type { OrderView } from '@meridian/shared/pure';
import { fetchOpenOrders } from '../api/positions';

export type LevelKind = 'entry' | 'sl' | 'tp' | 'pending';
export type PositionLevel = {
  key: string;
  kind: LevelKind;
  price: number;
  /** 1 buy, 2 sell. */
  side: number;
  lots: number;
  orderId: number;
  /** Pending orders: 'limit' or 'stop'. */
  pendingKind: string | null;
};

const set = (p: string | null | undefined): number | null => {
  const v = Number(p);
  return p && Number.isFinite(v) && v > 0 ? v : null;
};

/** The levels of one instrument's orders, in a stable order (so an unchanged set compares equal). */
export function levelsOf(orders: readonly OrderView[], forexId: number): PositionLevel[] {
  const out: PositionLevel[] = [];
  for (const o of orders) {
    if (o.ForexId !== forexId) continue;
    const base = { side: o.OrderType, lots: o.Quantity, orderId: o.Id, pendingKind: null };
    if (o.Status === ORDER_STATUS.holding) {
      const entry = set(o.FillPrice) ?? set(o.Price);
      if (entry !== null) out.push({ ...base, key: `${o.Id}:entry`, kind: 'entry', price: entry });
      const sl = set(o.TargetLossPrice);
      if (sl !== null) out.push({ ...base, key: `${o.Id}:sl`, kind: 'sl', price: sl });
      const tp = set(o.TargetProfitPrice);
      if (tp !== null) out.push({ ...base, key: `${o.Id}:tp`, kind: 'tp', price: tp });
    } else if (o.Status === ORDER_STATUS.pending) {
      const target = set(o.TargetPrice) ?? set(o.Price);
      if (target !== null)
        out.push({
          ...base,
          key: `${o.Id}:pending`,
          kind: 'pending',
          price: target,
          pendingKind: o.PendingKind,
        });
    }
  }
  return out.sort((a, b) => a.orderId - b.orderId || a.key.localeCompare(b.key));
}

const sameLevels = (a: readonly PositionLevel[], b: readonly PositionLevel[]) =>
  a.length === b.length && a.every((l, i) => l.key === b[i]!.key && l.price === b[i]!.price);

/**
 * Watches the levels of `forexId` and calls `onChange` with each new set (first with what is known, `[]` for a
 * guest). Returns the stop function.
 */
export function watchPositionLines(
  forexId: number,
  onChange: (levels: PositionLevel[]) => void,
  load: () => Promise<OrderView[]> = fetchOpenOrders,
): () => void {
  let stopped = false;
  let pending: OrderView[] = [];
  let holding: OrderView[] = [];
  let shown: PositionLevel[] = [];
  let loading = false;
  let again = false;

  const publish = () => {
    const next = levelsOf([...holding, ...pending], forexId);
    if (sameLevels(next, shown)) return;
    shown = next;
    onChange(next);
  };

  const reload = () => {
    if (!appStore.get(sessionAtom).token) {
      holding = [];
      pending = [];
      publish();
      return;
    }
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    load()
      .then((orders) => {
        if (stopped) return;
        holding = orders.filter((o) => o.Status === ORDER_STATUS.holding);
        pending = orders.filter((o) => o.Status === ORDER_STATUS.pending);
        publish();
      })
      .catch(() => undefined)
      .finally(() => {
        loading = false;
        if (again && !stopped) {
          again = false;
          reload();
        }
      });
  };

  const offTrade = subscribe(TOPICS.forexTrade, (data) => {
    if (!Array.isArray(data)) return;
    // FOREX_TRADE is every holding order as it is now: nothing to load for them (a market order just placed
    // included). Only a pending order that filled changes the pending list, which is loaded again then.
    holding = data;
    const pendingIds = new Set(pending.map((o) => o.Id));
    if (data.some((o) => pendingIds.has(o.Id))) reload();
    else publish();
  });
  const offClosed = subscribe(TOPICS.forexClosed, reload);
  // Signing in or out (not a balance refresh of the same session) changes whose orders these are.
  let token = appStore.get(sessionAtom).token;
  const offSession = appStore.sub(sessionAtom, () => {
    const next = appStore.get(sessionAtom).token;
    if (next === token) return;
    token = next;
    reload();
  });
  reload();
  return () => {
    stopped = true;
    offTrade();
    offClosed();
    offSession();
  };
}

/** How long an instrument's levels keep being watched after the last chart of it went (a period switch remounts). */
export const LEVELS_GRACE_MS = 10_000;

type Shared = {
  levels: PositionLevel[];
  listeners: Set<(levels: PositionLevel[]) => void>;
  stop: () => void;
  idle: ReturnType<typeof setTimeout> | null;
};
const shared = new Map<number, Shared>();

/**
 * The levels of `forexId` for every chart of it: one watcher (one load, one subscription) however often the chart
 * remounts — a period switch does not load them again. Calls `listener` with what is known now, then each change.
 */
export function subscribeLevels(forexId: number, listener: (levels: PositionLevel[]) => void): () => void {
  let entry = shared.get(forexId);
  if (!entry) {
    const created: Shared = { levels: [], listeners: new Set(), stop: () => undefined, idle: null };
    created.stop = watchPositionLines(forexId, (levels) => {
      created.levels = levels;
      for (const l of created.listeners) l(levels);
    });
    shared.set(forexId, created);
    entry = created;
  }
  const e = entry;
  if (e.idle) clearTimeout(e.idle);
  e.idle = null;
  e.listeners.add(listener);
  listener(e.levels);
  return () => {
    e.listeners.delete(listener);
    if (e.listeners.size > 0) return;
    e.idle = setTimeout(() => {
      if (e.listeners.size > 0) return;
      e.stop();
      shared.delete(forexId);
    }, LEVELS_GRACE_MS);
  };
}
