/**
 * Price-ordered trigger books. Per instrument there are four books, one per (watched price,
 * direction):
 *
 *   askLE  fires when ask <= level   buy-limit targets, short take-profits
 *   askGE  fires when ask >= level   buy-stop targets, short stop-losses
 *   bidGE  fires when bid >= level   sell-limit targets, long take-profits, stop-out of net-short accounts
 *   bidLE  fires when bid <= level   sell-stop targets, long stop-losses, stop-out of net-long accounts
 *
 * Each book is a binary heap with the entry that fires first on top: a tick pops entries while they are crossed and
 * stops at the first that is not, so it touches only what it crosses (O(k log n) for k fired entries); an insert is
 * O(log n) and a removal O(1) (the entry is marked and dropped when it reaches the top, or when marked entries
 * outnumber the live ones). A sorted array cost O(n) per insert and removal (a splice), which a tick that moved
 * hundreds of trailing-stop groups paid hundreds of times (bench/trigger-eval). Levels are JS numbers: they only
 * select candidates, and every candidate is re-checked exactly before anything is booked.
 */

/** `trail` and `ratchet` are trailing-stop groups (trailing.ts): where the tightest fires, where they all move. */
export type TriggerType = 'pending' | 'sl' | 'tp' | 'stopout' | 'trail' | 'ratchet';
export type BookName = 'askLE' | 'askGE' | 'bidGE' | 'bidLE';

export type Entry = {
  /** Sort key: dir x level; the highest fires first. */
  key: number;
  level: number;
  seq: number;
  type: TriggerType;
  /** Order id (pending, sl, tp), user id (stopout) or trailing group id (trail, ratchet). */
  ref: number;
  instrumentId: number;
  book: BookName;
  /** Removed from its book (still in the heap until it reaches the top or the heap is compacted). */
  dead: boolean;
};

const TYPE_BITS: Record<TriggerType, number> = { pending: 0, sl: 1, tp: 2, stopout: 3, trail: 4, ratchet: 5 };

/** +1: fires when price <= level (highest level first); -1: fires when price >= level (lowest first). */
const DIR: Record<BookName, 1 | -1> = { askLE: 1, bidLE: 1, askGE: -1, bidGE: -1 };

/** `a` fires before `b`: the larger key, and of equal keys the later one (as the sorted array had it). */
const before = (a: Entry, b: Entry): boolean => a.key > b.key || (a.key === b.key && a.seq > b.seq);

export class SortedBook {
  private readonly heap: Entry[] = [];
  private dead = 0;
  constructor(readonly dir: 1 | -1) {}

  insert(e: Entry): void {
    const h = this.heap;
    let i = h.length;
    h.push(e);
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = h[p] as Entry;
      if (!before(e, parent)) break;
      h[i] = parent;
      i = p;
    }
    h[i] = e;
  }

  /** Mark `e` removed (it must be in this book and live). */
  remove(e: Entry): void {
    e.dead = true;
    this.dead++;
    if (this.dead > 32 && this.dead * 2 > this.heap.length) this.compact();
  }

  /** Remove and return every entry crossed by `price`, the first to fire first. */
  popCrossed(price: number, out: Entry[]): void {
    const h = this.heap;
    const k = this.dir * price;
    while (h.length > 0) {
      const top = h[0] as Entry;
      if (top.dead) {
        this.popTop();
        this.dead--;
        continue;
      }
      if (top.key < k) break;
      this.popTop();
      out.push(top);
    }
  }

  get size(): number {
    return this.heap.length - this.dead;
  }

  private popTop(): void {
    const h = this.heap;
    const last = h.pop() as Entry;
    if (h.length === 0) return;
    this.siftDown(last, 0);
  }

  private siftDown(e: Entry, from: number): void {
    const h = this.heap;
    const n = h.length;
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && before(h[r] as Entry, h[l] as Entry) ? r : l;
      if (!before(h[c] as Entry, e)) break;
      h[i] = h[c] as Entry;
      i = c;
    }
    h[i] = e;
  }

  /** Drop the marked entries and rebuild the heap: O(n), once per n/2 removals. */
  private compact(): void {
    const h = this.heap;
    let w = 0;
    for (let r = 0; r < h.length; r++) {
      const e = h[r] as Entry;
      if (!e.dead) h[w++] = e;
    }
    h.length = w;
    this.dead = 0;
    for (let i = (w >> 1) - 1; i >= 0; i--) this.siftDown(h[i] as Entry, i);
  }
}

type Books = Record<BookName, SortedBook>;

export class TriggerIndex {
  private readonly books = new Map<number, Books>();
  /** Live entries by a numeric key of (type, ref, instrument), for removal. */
  private readonly live = new Map<number, Entry>();
  private seq = 0;

  private booksOf(instrumentId: number): Books {
    let b = this.books.get(instrumentId);
    if (!b) {
      b = {
        askLE: new SortedBook(1),
        askGE: new SortedBook(-1),
        bidGE: new SortedBook(-1),
        bidLE: new SortedBook(1),
      };
      this.books.set(instrumentId, b);
    }
    return b;
  }

  /** type (3 bits) + instrument (16 bits) + ref: exact below 2^53 for refs under 2^34. */
  private static id(type: TriggerType, ref: number, instrumentId: number): number {
    return (ref * 65536 + (instrumentId & 0xffff)) * 8 + TYPE_BITS[type];
  }

  /** Add (or move) a trigger. */
  set(type: TriggerType, ref: number, instrumentId: number, book: BookName, level: number): void {
    this.delete(type, ref, instrumentId);
    if (!Number.isFinite(level)) return;
    const e: Entry = {
      key: DIR[book] * level,
      level,
      seq: ++this.seq,
      type,
      ref,
      instrumentId,
      book,
      dead: false,
    };
    this.booksOf(instrumentId)[book].insert(e);
    this.live.set(TriggerIndex.id(type, ref, instrumentId), e);
  }

  delete(type: TriggerType, ref: number, instrumentId: number): void {
    const id = TriggerIndex.id(type, ref, instrumentId);
    const e = this.live.get(id);
    if (!e) return;
    this.live.delete(id);
    this.books.get(instrumentId)?.[e.book].remove(e);
  }

  has(type: TriggerType, ref: number, instrumentId: number): boolean {
    return this.live.has(TriggerIndex.id(type, ref, instrumentId));
  }

  /** Every trigger crossed by this quote, removed from the index. */
  crossed(instrumentId: number, bid: number, ask: number): Entry[] {
    const b = this.books.get(instrumentId);
    const out: Entry[] = [];
    if (!b) return out;
    b.askLE.popCrossed(ask, out);
    b.askGE.popCrossed(ask, out);
    b.bidGE.popCrossed(bid, out);
    b.bidLE.popCrossed(bid, out);
    for (const e of out) this.live.delete(TriggerIndex.id(e.type, e.ref, e.instrumentId));
    return out;
  }

  get size(): number {
    return this.live.size;
  }

  clear(): void {
    this.books.clear();
    this.live.clear();
  }
}

/** The book a pending order waits in: buy on the ask, sell on the bid; limit vs stop by direction. */
export function pendingBook(side: number, kind: string): BookName {
  if (side === 1) return kind === 'limit' ? 'askLE' : 'askGE';
  return kind === 'limit' ? 'bidGE' : 'bidLE';
}

/** The book a stop loss / take profit waits in: a long on the bid, a short on the ask. */
export function stopBook(side: number, which: 'sl' | 'tp'): BookName {
  if (side === 1) return which === 'sl' ? 'bidLE' : 'bidGE';
  return which === 'sl' ? 'askGE' : 'askLE';
}
