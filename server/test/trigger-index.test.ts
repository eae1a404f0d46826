/**
 * Property tests of the trigger index's blocked sorted books (trigger-index.ts) and of the trailing book on top of
 * them (trailing.ts), each against a naive model on random operations: books many blocks long, equal levels, bursts
 * of removals that empty and join blocks, ticks both ways. The firing rule checked: the books in the order askLE,
 * askGE, bidGE, bidLE; in a book the nearest level first and, of equal levels, the later set first.
 */
import { BLOCK_MAX, SortedBook, TriggerIndex } from '../src/modules/trading/trigger-index';
import type { BookName, Entry, Held, TriggerType } from '../src/modules/trading/trigger-index';
import { trailLevelText, TrailingBook } from '../src/modules/trading/trailing';

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

describe('trailing book against a model', () => {
  it('closes, moves and reports every stop as one stop per stop would, sharing groups by anchor', () => {
    const rnd = random(29);
    const ix = new TriggerIndex();
    const book = new TrailingBook(ix);
    const PRECISION = [5, 3];
    // Prices in whole points, as exact as a quote: equal points give equal numbers (so equal anchors).
    const pt = (inst: number, n: number) => n / 10 ** (PRECISION[inst] as number);
    const bidPts = [110_000, 15_000];
    type Stop = { inst: number; side: 1 | 2; distance: number; anchor: number };
    const model = new Map<number, Stop>();
    const moved = new Set<number>();
    const quote = (inst: number) => ({
      bid: pt(inst, bidPts[inst] as number),
      ask: pt(inst, (bidPts[inst] as number) + 3),
    });
    const levelOf = (s: Stop) => {
      const off = s.distance / 10 ** (PRECISION[s.inst] as number);
      return s.side === 1 ? s.anchor - off : s.anchor + off;
    };
    let next = 1;
    const add = (id: number, inst: number, side: 1 | 2, distance: number, anchor: number) => {
      book.add(id, inst, side, PRECISION[inst] as number, distance, anchor);
      model.set(id, { inst, side, distance, anchor });
      moved.delete(id);
    };
    // Other triggers in the same index, as in the engine.
    for (let i = 0; i < 3 * BLOCK_MAX; i++) {
      const inst = i % 2;
      const q = quote(inst);
      ix.set(
        'sl',
        i,
        inst,
        i % 4 < 2 ? 'bidLE' : 'askGE',
        i % 4 < 2 ? q.bid - rnd() / 50 : q.ask + rnd() / 50,
      );
    }
    for (let t = 0; t < 1200; t++) {
      // New stops, most of them at the price of the moment (many at one anchor), some removed or set again.
      const n = t % 50 === 0 ? 200 : Math.floor(rnd() * 4);
      for (let i = 0; i < n; i++) {
        const inst = Math.floor(rnd() * 2);
        const side = rnd() < 0.5 ? 1 : 2;
        const q = quote(inst);
        const anchor =
          rnd() < 0.8 ? (side === 1 ? q.bid : q.ask) : pt(inst, (bidPts[inst] as number) + 3 - 10);
        add(next++, inst, side, 1 + Math.floor(rnd() * 60), anchor);
      }
      if (rnd() < 0.3 && model.size > 0) {
        const ids = [...model.keys()];
        for (let i = 0; i < 1 + Math.floor(rnd() * 20); i++) {
          const id = ids[Math.floor(rnd() * ids.length)] as number;
          if (!model.has(id)) continue;
          if (rnd() < 0.5) {
            book.remove(id);
            model.delete(id);
            moved.delete(id);
          } else {
            const s = model.get(id) as Stop;
            add(id, s.inst, s.side, s.distance, s.anchor);
          }
        }
      }
      expect(book.size).toBe(model.size);
      // A tick: a few points either way, a jump now and then.
      const inst = Math.floor(rnd() * 2);
      const jump = rnd() < 0.01 ? (rnd() < 0.5 ? -40 : 40) : Math.floor(rnd() * 7) - 3;
      bidPts[inst] = (bidPts[inst] as number) + jump;
      const { bid, ask } = quote(inst);
      const out = ix.crossed(inst, bid, ask);
      const trail = out.filter((e) => e.type === 'trail' || e.type === 'ratchet');
      const hits = book.onEntries(trail, bid, ask);
      for (const e of out)
        if (e.type === 'sl') ix.set('sl', e.ref, e.instrumentId, e.book, e.level - dirOf(e.book) * 0.02);
      // The model: each stop on its own.
      const want: [number, number][] = [];
      for (const [id, s] of model) {
        if (s.inst !== inst) continue;
        const price = s.side === 1 ? bid : ask;
        const level = levelOf(s);
        if (s.side === 1 ? price <= level : price >= level) want.push([id, s.anchor]);
        else if (s.side === 1 ? price > s.anchor : price < s.anchor) {
          s.anchor = price;
          moved.add(id);
        }
      }
      const got = hits.map((h) => [h.orderId, h.anchor] as [number, number]).sort((a, b) => a[0] - b[0]);
      expect(got).toEqual(want.sort((a, b) => a[0] - b[0]));
      expect(hits.map((h) => h.level)).toEqual(
        hits.map((h) => {
          const s = model.get(h.orderId) as Stop;
          return trailLevelText(s.side, s.anchor, s.distance, PRECISION[s.inst] as number);
        }),
      );
      for (const h of hits) {
        const s = model.get(h.orderId) as Stop;
        model.delete(h.orderId);
        moved.delete(h.orderId);
        // The engine puts back a stop whose close was refused, at the anchor it was hit at.
        if (rnd() < 0.2) add(h.orderId, s.inst, s.side, s.distance, h.anchor);
      }
      expect(book.size).toBe(model.size);
      if (t % 7 === 0) {
        const dirty = new Map(book.takeDirty().map((d) => [d.orderId, d.level]));
        expect([...moved].filter((id) => !dirty.has(id))).toEqual([]);
        const wrong = [...dirty].filter(([id, level]) => {
          const s = model.get(id);
          return !s || level !== trailLevelText(s.side, s.anchor, s.distance, PRECISION[s.inst] as number);
        });
        expect(wrong).toEqual([]);
        moved.clear();
      }
      if (t % 100 === 0) {
        expect([...model].filter(([id, s]) => book.levelOf(id)?.anchor !== s.anchor)).toEqual([]);
        // Two entries per group, and far fewer groups than stops (stops at one anchor share one).
        const trailing = ix.size - 3 * BLOCK_MAX;
        expect(trailing % 2).toBe(0);
        if (model.size > 200) expect(trailing / 2).toBeLessThan(model.size / 4);
      }
    }
  });

  it('puts stops added at one anchor in one group, and stops at another in their own until the price passes', () => {
    const ix = new TriggerIndex();
    const book = new TrailingBook(ix);
    for (let i = 1; i <= 100; i++) book.add(i, 1, 1, 5, 10 + i, 1.1);
    book.add(101, 1, 1, 5, 5, 1.10002);
    book.add(102, 1, 2, 5, 500, 1.1); // a short: its own group
    book.add(103, 2, 1, 5, 5, 1.1); // another instrument: its own group
    expect(ix.size).toBe(2 * 4);
    // The long at 1.10002 is the tightest of the longs: 5 points under it.
    expect(book.levelOf(101)).toEqual({ anchor: 1.10002, level: '1.09997' });
    // Past 1.10002: the longs' groups of precision 5 become one at 1.10004.
    const up = ix.crossed(1, 1.10004, 1.10007);
    expect(book.onEntries(up, 1.10004, 1.10007)).toEqual([]);
    expect(ix.size).toBe(2 * 3);
    expect(book.levelOf(103)).toEqual({ anchor: 1.1, level: '1.09995' });
    expect(book.levelOf(1)).toEqual({ anchor: 1.10004, level: '1.09993' });
    expect(book.levelOf(101)).toEqual({ anchor: 1.10004, level: '1.09999' });
    expect(
      book
        .takeDirty()
        .map((d) => d.orderId)
        .sort((a, b) => a - b),
    ).toEqual([...Array.from({ length: 101 }, (_, i) => i + 1)]);
    // Back at exactly that price: the group is reached but nothing moves, nothing to write.
    const again = ix.crossed(1, 1.10004, 1.10007);
    expect(again.map((e) => e.type)).toEqual(['ratchet']);
    book.onEntries(again, 1.10004, 1.10007);
    expect(book.takeDirty()).toEqual([]);
    // A new long at the group's anchor joins it.
    book.add(104, 1, 1, 5, 1, 1.10004);
    expect(ix.size).toBe(2 * 3);
    expect(book.levelOf(104)).toEqual({ anchor: 1.10004, level: '1.10003' });
    const down = ix.crossed(1, 1.10002, 1.10005);
    expect(book.onEntries(down, 1.10002, 1.10005).map((h) => [h.orderId, h.level])).toEqual([
      [104, '1.10003'],
    ]);
  });
});
