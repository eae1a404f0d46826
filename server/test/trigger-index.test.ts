/**
 * Property tests of the trigger index's blocked sorted books (trigger-index.ts), against a naive model on random operations: books many blocks long, equal levels, bursts
 * of removals that empty and join blocks, ticks both ways. The firing rule checked: the books in the order askLE,
 * askGE, bidGE, bidLE; in a book the nearest level first and, of equal levels, the later set first.
 */
import { BLOCK_MAX, SortedBook, TriggerIndex } from '../src/modules/trading/trigger-index';
import type { BookName, Entry, Held, TriggerType } from '../src/modules/trading/trigger-index';

const BOOKS: BookName[] = ['askLE', 'askGE', 'bidGE', 'bidLE'];
const TYPES: TriggerType[] = ['pending', 'sl', 'tp', 'stopout', 'trail', 'ratchet', 'alert'];

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

const dirOf = (book: BookName): 1 | -1 => (book === 'askLE' || book === 'bidLE' ? 1 : -1);
const crossedBy = (book: BookName, level: number, bid: number, ask: number): boolean =>
  book === 'askLE'
    ? ask <= level
    : book === 'askGE'
      ? ask >= level
      : book === 'bidGE'
        ? bid >= level
        : bid <= level;

describe('sorted book (blocks)', () => {
  it.each([1, -1] as const)(
    'pops what a scan pops, in firing order, through splits, clean-ups and joins (dir %i)',
    (dir) => {
      const rnd = random(dir === 1 ? 3 : 5);
      const book = new SortedBook(dir);
      const live = new Map<number, Held>();
      let seq = 0;
      const add = (level: number) => {
        const e: Held = {
          key: dir * level,
          level,
          seq: ++seq,
          type: 'sl',
          ref: seq,
          instrumentId: 1,
          book: dir === 1 ? 'bidLE' : 'bidGE',
          dead: false,
          block: null,
        };
        book.insert(e);
        live.set(e.ref, e);
      };
      // Levels on a grid of 200 values: many equal levels, in and across blocks.
      const level = () => 1 + Math.floor(rnd() * 200) / 10000;
      for (let i = 0; i < 6 * BLOCK_MAX; i++) add(level());
      let splitSeen = false;
      let joinSeen = false;
      for (let step = 0; step < 300; step++) {
        const before = book.shape().length;
        const r = rnd();
        if (r < 0.35) {
          const n = Math.floor(rnd() * 3 * BLOCK_MAX);
          for (let i = 0; i < n; i++) add(level());
          if (book.shape().length > before) splitSeen = true;
        } else if (r < 0.7) {
          // Remove a run of neighbouring levels (empties blocks) or scattered entries.
          const ids = [...live.values()].sort((a, b) => a.key - b.key || a.seq - b.seq).map((e) => e.ref);
          const run = rnd() < 0.5;
          const n = Math.floor(rnd() * Math.min(ids.length, 2 * BLOCK_MAX));
          const from = Math.floor(rnd() * Math.max(1, ids.length - n));
          for (let i = 0; i < n; i++) {
            const id = ids[run ? from + i : Math.floor(rnd() * ids.length)] as number;
            const e = live.get(id);
            if (!e) continue;
            book.remove(e);
            live.delete(id);
          }
          if (book.shape().length < before) joinSeen = true;
        } else {
          const price = 1 + rnd() * 0.02;
          const want = [...live.values()]
            .filter((e) => e.key >= dir * price)
            .sort((a, b) => b.key - a.key || b.seq - a.seq)
            .map((e) => e.ref);
          const out: Entry[] = [];
          book.popCrossed(price, out);
          expect(out.map((e) => e.ref)).toEqual(want);
          for (const id of want) live.delete(id);
        }
        expect(book.size).toBe(live.size);
        const shape = book.shape();
        const held = shape.reduce((a, b) => a + b, 0);
        expect(held).toBeGreaterThanOrEqual(live.size);
        // Removed entries are dropped block by block: at most half of a block, but for the last one (a tick pops its
        // live end and leaves its removed ones).
        expect(held).toBeLessThanOrEqual(2 * live.size + BLOCK_MAX);
        for (const n of shape) {
          expect(n).toBeGreaterThan(0);
          expect(n).toBeLessThanOrEqual(BLOCK_MAX);
        }
        // No crumbs: blocks stay large on average (a block below an eighth of BLOCK_MAX sits beside a fuller one).
        expect(shape.length).toBeLessThanOrEqual(2 + Math.ceil((4 * held) / (BLOCK_MAX >> 3)));
      }
      expect(splitSeen).toBe(true);
      expect(joinSeen).toBe(true);
      // Everything left comes out in order at a price that crosses all of it.
      const rest = [...live.values()].sort((a, b) => b.key - a.key || b.seq - a.seq).map((e) => e.ref);
      const out: Entry[] = [];
      book.popCrossed(dir === 1 ? -1e9 : 1e9, out);
      expect(out.map((e) => e.ref)).toEqual(rest);
      expect(book.size).toBe(0);
      expect(book.shape()).toEqual([]);
    },
  );
});

describe('trigger index against a model', () => {
  it('gives the crossed sets in firing order, sizes and membership, with books many blocks long', () => {
    const rnd = random(17);
    const ix = new TriggerIndex();
    type Live = { type: TriggerType; ref: number; inst: number; book: BookName; level: number; seq: number };
    const model = new Map<string, Live>();
    const keyOf = (type: TriggerType, ref: number, inst: number) => `${type}:${ref}:${inst}`;
    let seq = 0;
    const price = [1, 1, 1];
    const levelNear = (inst: number, book: BookName) => {
      const d = Math.floor(rnd() * 300) / 10000;
      return dirOf(book) === 1 ? (price[inst] as number) - d : (price[inst] as number) + d;
    };
    const set = (type: TriggerType, ref: number, inst: number, book: BookName, level: number) => {
      ix.set(type, ref, inst, book, level);
      model.delete(keyOf(type, ref, inst));
      if (Number.isFinite(level))
        model.set(keyOf(type, ref, inst), { type, ref, inst, book, level, seq: ++seq });
    };
    // Most of them on instrument 0: its books several blocks long.
    for (let i = 0; i < 16 * BLOCK_MAX; i++) {
      const inst = i % 8 < 6 ? 0 : i % 8 === 6 ? 1 : 2;
      const book = BOOKS[Math.floor(rnd() * 4)] as BookName;
      set(TYPES[i % 7] as TriggerType, Math.floor(i / 7), inst, book, levelNear(inst, book));
    }
    for (let t = 0; t < 300; t++) {
      const changes = [0, 5, 60, 500][t % 4] as number;
      const keys = changes > 0 ? [...model.keys()] : [];
      for (let c = 0; c < changes; c++) {
        const r = rnd();
        const k = keys[Math.floor(rnd() * keys.length)];
        const e = k ? model.get(k) : undefined;
        if (r < 0.3 && e) {
          ix.delete(e.type, e.ref, e.inst);
          model.delete(keyOf(e.type, e.ref, e.inst));
          expect(ix.has(e.type, e.ref, e.inst)).toBe(false);
        } else if (r < 0.6 && e) {
          // Moved: to another level, to the same level (set later, it now fires before the others there), or to a
          // level that is not a number (dropped).
          const level = r < 0.33 ? Number.NaN : rnd() < 0.3 ? e.level : levelNear(e.inst, e.book);
          set(e.type, e.ref, e.inst, e.book, level);
        } else {
          const inst = rnd() < 0.8 ? 0 : 1 + Math.floor(rnd() * 2);
          const book = BOOKS[Math.floor(rnd() * 4)] as BookName;
          set(
            TYPES[Math.floor(rnd() * 7)] as TriggerType,
            10_000 + t * 1000 + c,
            inst,
            book,
            levelNear(inst, book),
          );
        }
      }
      expect(ix.size).toBe(model.size);
      const inst = rnd() < 0.6 ? 0 : 1 + Math.floor(rnd() * 2);
      const move = rnd() < 0.05 ? (rnd() - 0.5) * 0.02 : (rnd() - 0.5) * 0.002;
      price[inst] = (price[inst] as number) + move;
      const bid = price[inst] as number;
      const ask = bid + 0.0002;
      const got = ix.crossed(inst, bid, ask);
      const want: Live[] = [];
      const here = [...model.values()].filter((e) => e.inst === inst && crossedBy(e.book, e.level, bid, ask));
      for (const book of BOOKS) {
        const mine = here
          .filter((e) => e.book === book)
          .sort((a, b) => dirOf(book) * (b.level - a.level) || b.seq - a.seq);
        want.push(...mine);
      }
      expect(got.map((e) => keyOf(e.type, e.ref, e.instrumentId))).toEqual(
        want.map((e) => keyOf(e.type, e.ref, e.inst)),
      );
      expect(got.map((e) => [e.book, e.level])).toEqual(want.map((e) => [e.book, e.level]));
      for (const e of got) model.delete(keyOf(e.type, e.ref, e.instrumentId));
      expect(got.filter((e) => ix.has(e.type, e.ref, e.instrumentId))).toEqual([]);
      expect(ix.size).toBe(model.size);
    }
    expect([...model.values()].filter((e) => !ix.has(e.type, e.ref, e.inst))).toEqual([]);
  });
});
