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
 * entries, plus O(log n) insert/remove by binary search). Levels are JS numbers: they only select candidates, and
 * every candidate is re-checked exactly before anything is booked.
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

export class SortedBook {
  readonly entries: Entry[] = [];
  constructor(readonly dir: 1 | -1) {}

  private position(key: number, seq: number): number {
    const a = this.entries;
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const e = a[mid] as Entry;
      if (e.key < key || (e.key === key && e.seq < seq)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(e: Entry): void {
    this.entries.splice(this.position(e.key, e.seq), 0, e);
  }

  remove(e: Entry): boolean {
    const i = this.position(e.key, e.seq);
    if (this.entries[i] === e) {
      this.entries.splice(i, 1);
      return true;
    }
    return false;
  }

  /** Remove and return every entry crossed by `price`. */
  popCrossed(price: number, out: Entry[]): void {
    const a = this.entries;
    const k = this.dir * price;
    while (a.length > 0 && (a[a.length - 1] as Entry).key >= k) out.push(a.pop() as Entry);
  }

  get size(): number {
    return this.entries.length;
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
    const e: Entry = { key: DIR[book] * level, level, seq: ++this.seq, type, ref, instrumentId, book };
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
