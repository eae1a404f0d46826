/**
 * Price-ordered trigger books. Per instrument there are four books, one per (watched price,
 * direction):
 *
 *   askLE  fires when ask <= level   buy-limit targets, short take-profits
 *   askGE  fires when ask >= level   buy-stop targets, short stop-losses
 *   bidGE  fires when bid >= level   sell-limit targets, long take-profits, stop-out of net-short accounts
 *   bidLE  fires when bid <= level   sell-stop targets, long stop-losses, stop-out of net-long accounts
 *
 * Firing order: a tick returns the crossed entries of askLE, askGE, bidGE, bidLE in that order; within a book the
 * nearest level first (a "<=" book's highest, a ">=" book's lowest) and, of equal levels, the later set first.
 *
 * Each book is a blocked sorted list: entries sorted by (dir x level, seq) ascending, cut into blocks of at most
 * BLOCK_MAX entries, so the entry that fires first is at the end of the last block. A tick pops entries from there
 * while they are crossed and stops at the first that is not: it touches only what it crosses (O(k) for k fired
 * entries). An insert finds its block by binary search over the blocks' lower bounds and its place by binary search
 * inside the block, then splices there: O(log n + BLOCK_MAX), whatever the size of the book; a block that grows past
 * BLOCK_MAX is cut in two (the list of blocks, n / BLOCK_MAX long, takes the new one). A removal marks the entry (the
 * entry knows its block: O(1)); the block drops its marked entries when they are half of it, and a tick drops those
 * it reaches, so cleaning up is O(BLOCK_MAX + n / BLOCK_MAX) at a time, never O(n) (a single sorted array moved O(n)
 * entries per insert, or per merge of a batch of buffered inserts, and per compaction). Levels are JS numbers: they only select candidates, and every candidate is re-checked exactly
 * before anything is booked.
 */

/**
 * `trail` and `ratchet` are trailing-stop groups (trailing.ts): where the tightest fires, where they all move.
 * `alert` is a price alert's level (modules/alerts keeps its own index of them).
 */
export type TriggerType = 'pending' | 'sl' | 'tp' | 'stopout' | 'trail' | 'ratchet' | 'alert';
export type BookName = 'askLE' | 'askGE' | 'bidGE' | 'bidLE';

export type Entry = {
  /** Sort key: dir x level (dir: +1 in a "<=" book, -1 in a ">=" book), ascending; the end of a book fires first. */
  key: number;
  level: number;
  /** Order of setting: of equal levels, the later set fires first. */
  seq: number;
  type: TriggerType;
  /** Order id (pending, sl, tp), user id (stopout), trailing group id (trail, ratchet) or alert id (alert). */
  ref: number;
  instrumentId: number;
  book: BookName;
  /** Removed from its book (still held until a tick reaches it or its block is cleaned). */
  dead: boolean;
};

/** An entry as a book holds it: with the block it sits in (null when not held). Books sort by dir x level. */
export type Held = Entry & { block: Block | null };

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

/** The entries the index makes: `key` worked out when read (a stored number is a boxed double: 24 bytes each). */
class Node implements Held {
  dead = false;
  block: Block | null = null;
  constructor(
    readonly level: number,
    readonly seq: number,
    readonly type: TriggerType,
    readonly ref: number,
    readonly instrumentId: number,
    readonly book: BookName,
  ) {}

  get key(): number {
    return DIR[this.book] * this.level;
  }
}

/** A block is cut in two past this many entries (marked ones included). */
export const BLOCK_MAX = 512;
/** A block this small after a clean-up is joined to a neighbour when both fit in one. */
const BLOCK_MIN = BLOCK_MAX >> 3;

/** A run of a book: sorted ascending by (key, seq); every key >= `lo`, every key of the block before <= `lo`. */
export class Block {
  dead = 0;
  constructor(
    public items: Held[],
    /** Lower bound of the block's keys, for routing inserts (the first block takes anything below it too). */
    public lo: number,
  ) {}
}

export class SortedBook {
  /** Ascending: the last block ends with the entry that fires first. */
  private blocks: Block[] = [];
  /** Entries held (marked ones included) and marked. */
  private held = 0;
  private dead = 0;
  constructor(readonly dir: 1 | -1) {}

  /**
   * Insert `e` (its seq newer than any held): after every entry of a key <= its own, so of equal keys the later
   * fires first. O(log n + BLOCK_MAX).
   */
  insert(e: Held): void {
    const bs = this.blocks;
    const dir = this.dir;
    const key = dir * e.level;
    this.held++;
    if (bs.length === 0) {
      e.block = new Block([e], key);
      bs.push(e.block);
      return;
    }
    // The last block whose lower bound is <= key (the first block for anything below every bound).
    let lo = 1;
    let hi = bs.length;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if ((bs[m] as Block).lo <= key) lo = m + 1;
      else hi = m;
    }
    const b = bs[lo - 1] as Block;
    const a = b.items;
    // Upper bound of the key inside the block.
    let i = 0;
    let j = a.length;
    while (i < j) {
      const m = (i + j) >> 1;
      if (dir * (a[m] as Held).level <= key) i = m + 1;
      else j = m;
    }
    if (i === a.length) a.push(e);
    else a.splice(i, 0, e);
    e.block = b;
    if (a.length > BLOCK_MAX) this.split(b, lo - 1);
  }

  /** Mark `e` removed (it must be held by this book and live); O(1), its block cleaned when half of it is marked. */
  remove(e: Held): void {
    e.dead = true;
    this.dead++;
    const b = e.block;
    if (!b) return;
    b.dead++;
    if (b.dead * 2 > b.items.length) this.clean(b);
  }

  /** Remove and return every entry crossed by `price`, the first to fire first. */
  popCrossed(price: number, out: Entry[]): void {
    const k = this.dir * price;
    const bs = this.blocks;
    while (bs.length > 0) {
      const b = bs[bs.length - 1] as Block;
      const a = b.items;
      while (a.length > 0) {
        const e = a[a.length - 1] as Held;
        if (e.dead) {
          a.pop();
          e.block = null;
          b.dead--;
          this.dead--;
          this.held--;
          continue;
        }
        if (this.dir * e.level < k) return;
        a.pop();
        e.block = null;
        this.held--;
        out.push(e);
      }
      bs.pop();
    }
  }

  get size(): number {
    return this.held - this.dead;
  }

  /** The number of entries (marked ones included) of each block, first to last: for tests and diagnostics. */
  shape(): number[] {
    return this.blocks.map((b) => b.items.length);
  }

  /** Cut `b` (at `at`) in two halves, after dropping its marked entries. O(BLOCK_MAX + n / BLOCK_MAX). */
  private split(b: Block, at: number): void {
    if (b.dead > 0) this.compact(b);
    const a = b.items;
    if (a.length <= BLOCK_MAX) return;
    const half = a.length >> 1;
    const upper = new Block(a.slice(half), this.dir * (a[half] as Held).level);
    a.length = half;
    for (const e of upper.items) e.block = upper;
    this.blocks.splice(at + 1, 0, upper);
  }

  /**
   * Drop the marked entries of `b`; an emptied block goes, a small one is joined to a neighbour when the two fit in
   * half a block. O(BLOCK_MAX + n / BLOCK_MAX).
   */
  private clean(b: Block): void {
    this.compact(b);
    if (b.items.length >= BLOCK_MIN) return;
    const bs = this.blocks;
    const at = bs.indexOf(b);
    if (at < 0) return;
    if (b.items.length === 0) {
      // The block after becomes the first when `b` was: the first takes any key below it, its `lo` is not read.
      bs.splice(at, 1);
      return;
    }
    const room = BLOCK_MAX >> 1;
    const next = bs[at + 1];
    const prev = bs[at - 1];
    if (next && next.items.length + b.items.length <= room) this.join(b, next, at + 1);
    else if (prev && prev.items.length + b.items.length <= room) this.join(prev, b, at);
  }

  /** Append block `b` (at `at`) to the block before it, `a`, and drop `b`. */
  private join(a: Block, b: Block, at: number): void {
    for (const e of b.items) {
      e.block = a;
      a.items.push(e);
    }
    a.dead += b.dead;
    this.blocks.splice(at, 1);
  }

  /** Drop the marked entries of `b` in place. O(BLOCK_MAX). */
  private compact(b: Block): void {
    const a = b.items;
    let w = 0;
    for (let r = 0; r < a.length; r++) {
      const e = a[r] as Held;
      if (e.dead) e.block = null;
      else a[w++] = e;
    }
    a.length = w;
    this.held -= b.dead;
    this.dead -= b.dead;
    b.dead = 0;
  }
}

type Books = Record<BookName, SortedBook> & {
  /** Live entries of the instrument by type (TYPE_BITS), each by ref: for moves and removals. */
  live: Map<number, Held>[];
};

export class TriggerIndex {
  private readonly books = new Map<number, Books>();
  private count = 0;
  private seq = 0;

  private booksOf(instrumentId: number): Books {
    let b = this.books.get(instrumentId);
    if (!b) {
      b = {
        askLE: new SortedBook(1),
        askGE: new SortedBook(-1),
        bidGE: new SortedBook(-1),
        bidLE: new SortedBook(1),
        live: Object.keys(TYPE_BITS).map(() => new Map<number, Held>()),
      };
      this.books.set(instrumentId, b);
    }
    return b;
  }

  /** Add (or move) a trigger. */
  set(type: TriggerType, ref: number, instrumentId: number, book: BookName, level: number): void {
    this.delete(type, ref, instrumentId);
    if (!Number.isFinite(level)) return;
    const e = new Node(level, ++this.seq, type, ref, instrumentId, book);
    const b = this.booksOf(instrumentId);
    b[book].insert(e);
    (b.live[TYPE_BITS[type]] as Map<number, Held>).set(ref, e);
    this.count++;
  }

  delete(type: TriggerType, ref: number, instrumentId: number): void {
    const b = this.books.get(instrumentId);
    if (!b) return;
    const live = b.live[TYPE_BITS[type]] as Map<number, Held>;
    const e = live.get(ref);
    if (!e) return;
    live.delete(ref);
    this.count--;
    b[e.book].remove(e);
  }

  has(type: TriggerType, ref: number, instrumentId: number): boolean {
    return this.books.get(instrumentId)?.live[TYPE_BITS[type]]?.has(ref) ?? false;
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
    for (const e of out) (b.live[TYPE_BITS[e.type]] as Map<number, Held>).delete(e.ref);
    this.count -= out.length;
    return out;
  }

  get size(): number {
    return this.count;
  }

  clear(): void {
    this.books.clear();
    this.count = 0;
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
