/**
 * Price-ordered trigger books. Per instrument there are four books, one per (watched price,
 * direction):
 *
 *   askLE  fires when ask <= level   buy-limit targets, short take-profits
 *   askGE  fires when ask >= level   buy-stop targets, short stop-losses
 *   bidGE  fires when bid >= level   sell-limit targets, long take-profits, stop-out of net-short accounts
 *   bidLE  fires when bid <= level   sell-stop targets, long stop-losses, stop-out of net-long accounts
 *
 * Each book is an array kept sorted so that the entry that fires first is at its end: a tick pops entries while
 * they are crossed and stops at the first that is not, so it touches only what it crosses (O(k) for k fired
 * entries). Inserts wait in a small unsorted buffer (a tick checks each) and are merged in 64 at a time, in place
 * from the end (new levels sit near the price, so little moves); a removal only marks the entry, dropped when a tick
 * reaches it or when marked entries outnumber the live ones. Inserting and removing by splice cost O(n) each, which
 * a tick that moved hundreds of trailing-stop groups paid hundreds of times (bench/trigger-eval). Levels are JS numbers: they only
 * select candidates, and every candidate is re-checked exactly before anything is booked.
 */

/**
 * `trail` and `ratchet` are trailing-stop groups (trailing.ts): where the tightest fires, where they all move.
 * `alert` is a price alert's level (modules/alerts keeps its own index of them).
 */
export type TriggerType = 'pending' | 'sl' | 'tp' | 'stopout' | 'trail' | 'ratchet' | 'alert';
export type BookName = 'askLE' | 'askGE' | 'bidGE' | 'bidLE';

export type Entry = {
  /** Sort key: dir x level, ascending; the end of the array fires first. */
  key: number;
  level: number;
  seq: number;
  type: TriggerType;
  /** Order id (pending, sl, tp), user id (stopout), trailing group id (trail, ratchet) or alert id (alert). */
  ref: number;
  instrumentId: number;
  book: BookName;
  /** Removed from its book (still held until a tick reaches it or a compaction). */
  dead: boolean;
};

const TYPE_BITS: Record<TriggerType, number> = {
  pending: 0,
  sl: 1,
  tp: 2,
  stopout: 3,
  trail: 4,
  ratchet: 5,
  alert: 6,
};

/** +1: fires when price <= level (highest level first); -1: fires when price >= level (lowest first). */
const DIR: Record<BookName, 1 | -1> = { askLE: 1, bidLE: 1, askGE: -1, bidGE: -1 };

/** Ascending (key, seq): sorted this way, the end of an array fires first. */
const ascending = (a: Entry, b: Entry): number => a.key - b.key || a.seq - b.seq;

/** Inserts kept aside (unsorted) before they are merged into the sorted array in one pass. */
const BUFFER = 64;

export class SortedBook {
  /** Sorted ascending by (key, seq): the entry that fires first is at the end. */
  private sorted: Entry[] = [];
  /** The latest inserts, unsorted; a tick checks each of them. */
  private buffer: Entry[] = [];
  /** Entries marked removed and still held (in either array). */
  private dead = 0;
  constructor(readonly dir: 1 | -1) {}

  insert(e: Entry): void {
    this.buffer.push(e);
    if (this.buffer.length >= BUFFER) this.merge();
  }

  /** Mark `e` removed (it must be in this book and live): dropped when a tick reaches it, or by a compaction. */
  remove(e: Entry): void {
    e.dead = true;
    this.dead++;
    if (this.dead > BUFFER && this.dead * 2 > this.sorted.length + this.buffer.length) this.compact();
  }

  /** Remove and return every entry crossed by `price`, the first to fire first. */
  popCrossed(price: number, out: Entry[]): void {
    const k = this.dir * price;
    const a = this.sorted;
    const start = out.length;
    while (a.length > 0) {
      const e = a[a.length - 1] as Entry;
      if (e.dead) {
        a.pop();
        this.dead--;
        continue;
      }
      if (e.key < k) break;
      a.pop();
      out.push(e);
    }
    const b = this.buffer;
    let fromBuffer = false;
    let w = 0;
    for (let r = 0; r < b.length; r++) {
      const e = b[r] as Entry;
      if (e.dead) this.dead--;
      else if (e.key >= k) {
        out.push(e);
        fromBuffer = true;
      } else b[w++] = e;
    }
    b.length = w;
    if (fromBuffer && out.length - start > 1) {
      const mine = out.splice(start).sort((x, y) => ascending(y, x));
      for (const e of mine) out.push(e);
    }
  }

  get size(): number {
    return this.sorted.length + this.buffer.length - this.dead;
  }

  /**
   * The buffer merged into the sorted array in place, from the end: only the entries above the lowest inserted one
   * move, and new entries sit near the price, that is near the end (O(b log b) plus what moves).
   */
  private merge(): void {
    const live = this.buffer.filter((e) => !e.dead);
    this.dead -= this.buffer.length - live.length;
    this.buffer = [];
    const b = live.sort(ascending);
    const a = this.sorted;
    let i = a.length - 1;
    let j = b.length - 1;
    a.length += b.length;
    let w = a.length - 1;
    while (j >= 0) {
      const x = a[i];
      const y = b[j] as Entry;
      if (i >= 0 && x && ascending(x, y) > 0) {
        a[w--] = x;
        i--;
      } else {
        a[w--] = y;
        j--;
      }
    }
  }

  /** Drop every removed entry: O(n), once per n/2 removals. */
  private compact(): void {
    this.merge();
    const a = this.sorted;
    let w = 0;
    for (let r = 0; r < a.length; r++) {
      const e = a[r] as Entry;
      if (!e.dead) a[w++] = e;
    }
    a.length = w;
    this.dead = 0;
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
