/**
 * Trailing stops, kept by the engine (docs/rules.md#trailing-stop). A long's trailing level is `anchor − distance`,
 * where the anchor is the highest bid since the stop was set (a short's: `anchor + distance`, the lowest ask). The
 * anchor only moves in the trader's favour, so the level never moves back.
 *
 * Stops of one instrument, side and precision that share an anchor form a group: a stop added at the anchor of a
 * group joins it (stops set at one price, or read back at one level's anchor after a restart, are one group from
 * the start), and a price that reaches groups (a long's: bid ≥ their anchors) makes them one at that price. Each
 * group is two entries of the engine's trigger index: `ratchet` at its anchor (a long's fires when bid ≥ anchor: the
 * group moves up, or joins the others there) and `trail` at its tightest level (a long's fires when bid ≤ anchor −
 * smallest distance: those members are closed). A tick costs the index entries it pops (O(1) each), the groups it
 * merges (each group is merged once) and the stops it closes (O(log n) each); it never walks every trailing stop.
 * Groups merge smaller into larger, so a stop moves between heaps O(log n) times in all. There are as many groups as
 * distinct anchors above (a short's: below) the price, not as many as stops, so a tick that passes many anchors
 * pops few entries. */
import type { Side } from '@meridian/shared/pure';
import { shiftByPoints } from '@meridian/shared/pure';
import type { BookName, Entry, TriggerIndex } from './trigger-index';
import { decText } from './views';

type Member = {
  orderId: number;
  distance: number;
  /** distance × 10^-precision, as a number */ off: number;
  dead: boolean;
  group: TrailGroup;
};

export type TrailGroup = {
  id: number;
  /** Instrument, side and precision: the stops that may share the group. */
  kind: string;
  instrumentId: number;
  side: Side;
  precision: number;
  anchor: number;
  /** Min-heap on `off`: the tightest stop first. */
  heap: Member[];
  live: number;
  /** The levels of its two entries in the index, null while not there (a tick popped it, or not yet indexed). */
  trailAt: number | null;
  ratchetAt: number | null;
};

/**
 * A trailing stop the tick crossed (a candidate: the engine re-checks it exactly). Its exact level is worked out
 * when read (decimal arithmetic), by the engine acting on the hit, not on the tick.
 */
export class TrailHit {
  constructor(
    readonly orderId: number,
    readonly anchor: number,
    private readonly side: Side,
    private readonly distance: number,
    private readonly precision: number,
  ) {}

  get level(): string {
    return trailLevelText(this.side, this.anchor, this.distance, this.precision);
  }
}

const FIRE: Record<Side, BookName> = { 1: 'bidLE', 2: 'askGE' };
const RATCHET: Record<Side, BookName> = { 1: 'bidGE', 2: 'askLE' };

function push(h: Member[], m: Member): void {
  h.push(m);
  let i = h.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if ((h[p] as Member).off <= m.off) break;
    h[i] = h[p] as Member;
    i = p;
  }
  h[i] = m;
}

function pop(h: Member[]): Member | undefined {
  const top = h[0];
  const last = h.pop();
  if (h.length === 0 || !last) return top;
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= h.length) break;
    const r = l + 1;
    const c = r < h.length && (h[r] as Member).off < (h[l] as Member).off ? r : l;
    if ((h[c] as Member).off >= last.off) break;
    h[i] = h[c] as Member;
    i = c;
  }
  h[i] = last;
  return top;
}

export class TrailingBook {
  private seq = 0;
  private readonly groups = new Map<number, TrailGroup>();
  private readonly memberOf = new Map<number, Member>();
  /** Per kind (instrument, side, precision), the group at each anchor: a stop added there joins it. */
  private readonly atAnchor = new Map<string, Map<number, TrailGroup>>();
  /** Groups whose anchor moved since the last `takeDirty` (their levels are to be written back). */
  private dirty = new Set<TrailGroup>();

  constructor(private readonly index: TriggerIndex) {}

  get size(): number {
    return this.memberOf.size;
  }

  has(orderId: number): boolean {
    return this.memberOf.has(orderId);
  }

  /**
   * Track a trailing stop with this anchor: in the group of its instrument and side already at that anchor (stops
   * set at one price share their levels' anchor from the start), else in a group of its own until a tick merges it.
   */
  add(
    orderId: number,
    instrumentId: number,
    side: Side,
    precision: number,
    distance: number,
    anchor: number,
  ): void {
    this.remove(orderId);
    const kind = `${instrumentId}:${side}:${precision}`;
    let g = this.atAnchor.get(kind)?.get(anchor);
    if (!g || g.live <= 0) {
      g = {
        id: ++this.seq,
        kind,
        instrumentId,
        side,
        precision,
        anchor,
        heap: [],
        live: 0,
        trailAt: null,
        ratchetAt: null,
      };
      this.groups.set(g.id, g);
      this.place(g);
    }
    const m: Member = { orderId, distance, off: distance / 10 ** precision, dead: false, group: g };
    push(g.heap, m);
    g.live++;
    this.memberOf.set(orderId, m);
    this.reindex(g);
  }

  remove(orderId: number): void {
    const m = this.memberOf.get(orderId);
    if (!m) return;
    this.memberOf.delete(orderId);
    m.dead = true;
    const g = m.group;
    g.live--;
    // Removed stops wait in the heap until they reach its top: rebuilt when they are most of it (O(1) a removal).
    if (g.heap.length > 2 * g.live + 16) {
      const heap: Member[] = [];
      for (const x of g.heap) if (!x.dead) push(heap, x);
      g.heap = heap;
    }
    this.clean(g);
    this.reindex(g);
  }

  /** The anchor and current level (exact text) of a tracked stop. */
  levelOf(orderId: number): { anchor: number; level: string } | undefined {
    const m = this.memberOf.get(orderId);
    if (!m) return undefined;
    const g = m.group;
    return { anchor: g.anchor, level: trailLevelText(g.side, g.anchor, m.distance, g.precision) };
  }

  /**
   * Act on the trailing entries a tick popped from the index: ratchet (merge the groups it passed into one at the
   * new price) or collect the stops it crossed. Every group is put back in the index.
   */
  onEntries(entries: readonly Entry[], bid: number, ask: number): TrailHit[] {
    const hits: TrailHit[] = [];
    // Per kind (instrument, side, precision): the groups the price reached, to become one.
    const merge = new Map<string, TrailGroup[]>();
    const touched = new Set<TrailGroup>();
    for (const e of entries) {
      const g = this.groups.get(e.ref);
      if (!g) continue;
      touched.add(g);
      // Popped from the index by the tick: put back by reindex.
      if (e.type === 'ratchet') g.ratchetAt = null;
      else g.trailAt = null;
      const price = g.side === 1 ? bid : ask;
      if (e.type === 'ratchet') {
        // Past the anchor the group moves; at it, it joins the others reached there (same anchor, same levels), so
        // stops set at one price become one group on the first tick that reaches them.
        if (g.side === 1 ? price >= g.anchor : price <= g.anchor) {
          const gs = merge.get(g.kind);
          if (gs) gs.push(g);
          else merge.set(g.kind, [g]);
        }
        continue;
      }
      for (;;) {
        this.clean(g);
        const top = g.heap[0];
        if (!top) break;
        const level = g.side === 1 ? g.anchor - top.off : g.anchor + top.off;
        if (g.side === 1 ? price > level : price < level) break;
        pop(g.heap);
        g.live--;
        this.memberOf.delete(top.orderId);
        hits.push(new TrailHit(top.orderId, g.anchor, g.side, top.distance, g.precision));
      }
    }
    for (const gs of merge.values()) {
      const into = gs.reduce((a, b) => (b.heap.length > a.heap.length ? b : a));
      const anchor = into.side === 1 ? bid : ask;
      // Levels to write: the members of a group whose anchor was not there yet, or whose moves are not written yet.
      let moved = false;
      for (const g of gs) {
        if (g.anchor !== anchor || (g !== into && this.dirty.has(g))) moved = true;
        if (g === into) continue;
        for (const m of g.heap) {
          if (m.dead) continue;
          push(into.heap, m);
          into.live++;
          m.group = into;
        }
        g.heap.length = 0;
        g.live = 0;
        this.dirty.delete(g);
        // Emptied: reindex drops it (and its entries).
        touched.add(g);
      }
      this.unplace(into);
      into.anchor = anchor;
      this.place(into);
      if (moved) this.dirty.add(into);
    }
    for (const g of touched) this.reindex(g);
    return hits;
  }

  /** The groups moved since the last call, with their live members' order ids and levels. */
  takeDirty(): { orderId: number; level: string }[] {
    const out: { orderId: number; level: string }[] = [];
    for (const g of this.dirty) {
      for (const m of g.heap)
        if (!m.dead)
          out.push({ orderId: m.orderId, level: trailLevelText(g.side, g.anchor, m.distance, g.precision) });
    }
    this.dirty = new Set();
    return out;
  }

  clear(): void {
    for (const g of this.groups.values()) {
      this.index.delete('trail', g.id, g.instrumentId);
      this.index.delete('ratchet', g.id, g.instrumentId);
    }
    this.groups.clear();
    this.memberOf.clear();
    this.atAnchor.clear();
    this.dirty.clear();
  }

  /** Make `g` the group stops added at its anchor join. */
  private place(g: TrailGroup): void {
    let m = this.atAnchor.get(g.kind);
    if (!m) this.atAnchor.set(g.kind, (m = new Map()));
    m.set(g.anchor, g);
  }

  private unplace(g: TrailGroup): void {
    const m = this.atAnchor.get(g.kind);
    if (m?.get(g.anchor) !== g) return;
    m.delete(g.anchor);
    if (m.size === 0) this.atAnchor.delete(g.kind);
  }

  private clean(g: TrailGroup): void {
    while (g.heap.length > 0 && (g.heap[0] as Member).dead) pop(g.heap);
  }

  /** Put the group's two entries where they belong now (only those that moved or were popped), or drop it. */
  private reindex(g: TrailGroup): void {
    this.clean(g);
    const top = g.heap[0];
    if (!top || g.live <= 0) {
      if (g.trailAt !== null) this.index.delete('trail', g.id, g.instrumentId);
      if (g.ratchetAt !== null) this.index.delete('ratchet', g.id, g.instrumentId);
      g.trailAt = null;
      g.ratchetAt = null;
      this.groups.delete(g.id);
      this.unplace(g);
      this.dirty.delete(g);
      return;
    }
    const level = g.side === 1 ? g.anchor - top.off : g.anchor + top.off;
    if (g.trailAt !== level) {
      this.index.set('trail', g.id, g.instrumentId, FIRE[g.side], level);
      g.trailAt = level;
    }
    if (g.ratchetAt !== g.anchor) {
      this.index.set('ratchet', g.id, g.instrumentId, RATCHET[g.side], g.anchor);
      g.ratchetAt = g.anchor;
    }
  }
}

/** The exact level of a stop of `distance` points trailing `anchor` (a long's below it, a short's above). */
export function trailLevelText(
  side: Side,
  anchor: number | string,
  distance: number,
  precision: number,
): string {
  return decText(shiftByPoints(anchor, distance, precision, side === 1 ? -1 : 1));
}

/** The anchor of a stored level: where the price must have been for the stop to sit there. */
export function anchorOfLevel(side: Side, level: string, distance: number, precision: number): number {
  return Number(shiftByPoints(level, distance, precision, side === 1 ? 1 : -1));
}
