/**
 * Unit tests of the trigger index (price-ordered books: a tick pops exactly what it crosses, on the right side) and
 * of the copy-trading ranking seeded through the real engine.
 */
import { TrailingBook } from '../src/modules/trading/trailing';
import { pendingBook, stopBook, TriggerIndex } from '../src/modules/trading/trigger-index';
import { STYLES } from '../src/modules/social';
import { call, MODES } from './helpers';
import { expectInvariants, invariants, tradingApp } from './support/trading';

describe('trigger index', () => {
  it('books pending orders and stops on the correct side', () => {
    expect(pendingBook(1, 'limit')).toBe('askLE');
    expect(pendingBook(1, 'stop')).toBe('askGE');
    expect(pendingBook(2, 'limit')).toBe('bidGE');
    expect(pendingBook(2, 'stop')).toBe('bidLE');
    expect(stopBook(1, 'sl')).toBe('bidLE');
    expect(stopBook(1, 'tp')).toBe('bidGE');
    expect(stopBook(2, 'sl')).toBe('askGE');
    expect(stopBook(2, 'tp')).toBe('askLE');
  });

  it('pops only the crossed entries, nearest first, and keeps the rest', () => {
    const ix = new TriggerIndex();
    // long SLs (bid <= level) at 1.00 .. 1.09
    for (let i = 0; i < 10; i++) ix.set('sl', i, 1, 'bidLE', 1 + i / 100);
    // long TPs (bid >= level) at 1.20 .. 1.29
    for (let i = 0; i < 10; i++) ix.set('tp', 100 + i, 1, 'bidGE', 1.2 + i / 100);
    // buy limits on the ask (ask <= level)
    ix.set('pending', 200, 1, 'askLE', 1.05);
    expect(ix.crossed(1, 1.1, 1.1002)).toEqual([]);
    const down = ix.crossed(1, 1.075, 1.0752);
    expect(down.map((e) => e.ref)).toEqual([9, 8]);
    // the bid at 1.05 crosses SLs 5..7 but the buy limit watches the ask (1.0502): not yet
    expect(ix.crossed(1, 1.05, 1.0502).map((e) => e.ref)).toEqual([7, 6, 5]);
    expect(ix.crossed(1, 1.0498, 1.05).map((e) => e.ref)).toEqual([200]);
    // a gap up crosses several TPs at once
    expect(ix.crossed(1, 1.235, 1.2352).map((e) => e.ref)).toEqual([100, 101, 102, 103]);
    expect(ix.size).toBe(5 + 6);
    // another instrument is untouched
    expect(ix.crossed(2, 0, 1e9)).toEqual([]);
  });

  it('moves and deletes entries', () => {
    const ix = new TriggerIndex();
    ix.set('sl', 1, 1, 'bidLE', 1.0);
    ix.set('sl', 1, 1, 'bidLE', 0.9); // moved
    ix.set('sl', 2, 1, 'bidLE', 0.95);
    ix.delete('sl', 2, 1);
    expect(ix.has('sl', 2, 1)).toBe(false);
    expect(ix.crossed(1, 0.96, 0.97)).toEqual([]);
    expect(ix.crossed(1, 0.9, 0.91).map((e) => e.ref)).toEqual([1]);
    expect(ix.size).toBe(0);
  });

  it('agrees with a full scan on random books and ticks', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const ix = new TriggerIndex();
    const books = ['askLE', 'askGE', 'bidGE', 'bidLE'] as const;
    const all = new Map<number, { book: (typeof books)[number]; level: number }>();
    for (let i = 0; i < 2000; i++) {
      const book = books[i % 4] as (typeof books)[number];
      const level = 0.9 + rnd() * 0.2;
      ix.set('pending', i, 1, book, level);
      all.set(i, { book, level });
    }
    for (let t = 0; t < 200; t++) {
      const bid = 0.9 + rnd() * 0.2;
      const ask = bid + 0.0002;
      const expected = [...all.entries()]
        .filter(([, e]) => {
          if (e.book === 'askLE') return ask <= e.level;
          if (e.book === 'askGE') return ask >= e.level;
          if (e.book === 'bidGE') return bid >= e.level;
          return bid <= e.level;
        })
        .map(([id]) => id)
        .sort((a, b) => a - b);
      const got = ix
        .crossed(1, bid, ask)
        .map((e) => e.ref)
        .sort((a, b) => a - b);
      expect(got).toEqual(expected);
      for (const id of got) all.delete(id);
    }
  });
});

describe('trigger index under churn', () => {
  it('agrees with a scan, in firing order, while entries are added, moved and removed between ticks', () => {
    // Batches of changes below and above the insert buffer (64), removals of entries not yet merged, moves of
    // entries the last tick left, and ticks both ways: every crossed set, and its order (nearest first, of equal
    // levels the later set first), as a scan of the live entries gives it.
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const ix = new TriggerIndex();
    const books = ['askLE', 'askGE', 'bidGE', 'bidLE'] as const;
    type Live = { book: (typeof books)[number]; level: number; seq: number };
    const all = new Map<number, Live>();
    let seq = 0;
    let next = 0;
    const crossedBy = (e: Live, bid: number, ask: number) =>
      e.book === 'askLE'
        ? ask <= e.level
        : e.book === 'askGE'
          ? ask >= e.level
          : e.book === 'bidGE'
            ? bid >= e.level
            : bid <= e.level;
    const dir = (book: Live['book']) => (book === 'askLE' || book === 'bidLE' ? 1 : -1);
    for (let t = 0; t < 400; t++) {
      const changes = [3, 40, 70, 150][t % 4] as number;
      for (let c = 0; c < changes; c++) {
        const r = rnd();
        const ids = [...all.keys()];
        if (r < 0.2 && ids.length > 0) {
          const id = ids[Math.floor(rnd() * ids.length)] as number;
          const e = all.get(id) as Live;
          ix.delete('sl', id, 1);
          all.delete(id);
          expect(ix.has('sl', id, 1)).toBe(false);
          if (rnd() < 0.5) {
            // moved: set again at another level (possibly the same level: the later one fires first)
            const level = rnd() < 0.2 ? e.level : 0.9 + Math.round(rnd() * 2000) / 10000;
            ix.set('sl', id, 1, e.book, level);
            all.set(id, { book: e.book, level, seq: ++seq });
          }
        } else {
          const id = next++;
          const book = books[Math.floor(rnd() * 4)] as Live['book'];
          const level = 0.9 + Math.round(rnd() * 2000) / 10000;
          ix.set('sl', id, 1, book, level);
          all.set(id, { book, level, seq: ++seq });
        }
      }
      expect(ix.size).toBe(all.size);
      const bid = 0.9 + rnd() * 0.2;
      const ask = bid + 0.0002;
      const got = ix.crossed(1, bid, ask);
      const expected = [...all.entries()].filter(([, e]) => crossedBy(e, bid, ask));
      // per book, nearest first; the books in the index's own order
      for (const book of ['askLE', 'askGE', 'bidGE', 'bidLE'] as const) {
        const mine = got.filter((e) => e.book === book).map((e) => e.ref);
        const want = expected
          .filter(([, e]) => e.book === book)
          .sort(([, a], [, b]) => dir(book) * (b.level - a.level) || b.seq - a.seq)
          .map(([id]) => id);
        expect(mine).toEqual(want);
      }
      for (const e of got) all.delete(e.ref);
      expect(ix.size).toBe(all.size);
    }
  });
});

describe('trailing book', () => {
  it('puts back what a tick popped, leaves the rest indexed as it was, and gives exact hit levels', () => {
    const ix = new TriggerIndex();
    const book = new TrailingBook(ix);
    // Two longs set at different highs (1.10000, 1.10001), in one group once the price rises: 20 and 50 points.
    // (Stops set at one anchor share a group from the start: trigger-index.test.ts.)
    book.add(1, 1, 1, 5, 20, 1.1);
    book.add(2, 1, 1, 5, 50, 1.10001);
    const up = ix.crossed(1, 1.1003, 1.1005);
    expect(up.map((e) => e.type).sort()).toEqual(['ratchet', 'ratchet']);
    expect(book.onEntries(up, 1.1003, 1.1005)).toEqual([]);
    expect(ix.size).toBe(2); // one group: its trail and ratchet entries
    expect(book.levelOf(1)).toEqual({ anchor: 1.1003, level: '1.1001' });
    expect(book.levelOf(2)).toEqual({ anchor: 1.1003, level: '1.0998' });
    // Removing the looser stop leaves the group and its two entries.
    const before = ix.crossed(1, 1.1003, 1.2);
    expect(before.map((e) => e.type)).toEqual(['ratchet']);
    book.onEntries(before, 1.1003, 1.2);
    expect(ix.size).toBe(2);
    book.remove(2);
    expect(ix.size).toBe(2);
    // A fall to the tighter level: the hit, its exact level read from it, and the group gone from the index.
    const down = ix.crossed(1, 1.1001, 1.1003);
    const hits = book.onEntries(down, 1.1001, 1.1003);
    expect(hits.map((h) => [h.orderId, h.anchor, h.level])).toEqual([[1, 1.1003, '1.1001']]);
    expect(ix.size).toBe(0);
    expect(book.size).toBe(0);
  });
});

describe.each(MODES)('copy-trading ranking (%s)', (mode) => {
  it('seeds simulated traders through the engine and ranks them from their closed orders', async () => {
    const x = await tradingApp(mode);
    try {
      const { bots: traders, ranking } = x.app.services.social;
      await traders.seed(0.3);
      await traders.seed(0.3); // idempotent
      await x.engine.idle();
      const r = await call(x.app, { method: 'GET', url: '/api/follow/list' });
      expect(r.body.code).toBe(1);
      expect(r.body.data.total).toBe(STYLES.length);
      const first = r.body.data.data[0];
      expect(Object.keys(first).sort()).toEqual(
        [
          'code',
          'id',
          'multiple',
          'style',
          'three_week_profit',
          'three_week_rate',
          'three_week_win',
          'total_rate',
          'total_trade_num',
          'user',
        ].sort(),
      );
      const list = (await ranking.page(1, 50)).data;
      expect(new Set(list.map((i) => i.style)).size).toBe(STYLES.length);
      for (const item of list) {
        expect(item.total_trade_num).toBeGreaterThan(10);
        const closed = await x.app.ctx.db
          .selectFrom('orders')
          .select(['profit_cents'])
          .where('user_id', '=', item.id)
          .where('status', '=', 3)
          .execute();
        expect(closed).toHaveLength(item.total_trade_num);
        const total = closed.reduce((s, o) => s + o.profit_cents, 0);
        expect(item.total_rate).toBe(((total * 100) / 100_000_00).toFixed(2));
        expectInvariants(await invariants(x.app, item.id));
      }
      // best three-week profit first
      const p = list.map((i) => Number(i.three_week_profit));
      expect([...p].sort((a, b) => b - a)).toEqual(p);
      // bots are users with the flag
      const bots = await x.app.ctx.db.selectFrom('users').select('id').where('is_bot', '=', 1).execute();
      expect(bots).toHaveLength(STYLES.length);
    } finally {
      await x.t.close();
    }
  }, 30_000); // hundreds of transactions: seconds on a loaded machine
});

describe.each(MODES)('periodic account refresh (%s)', (mode) => {
  it('works through the accounts due in slices, each its own turn of the event loop, and reaches every one', async () => {
    const x = await tradingApp(mode);
    try {
      const users: number[] = [];
      for (let i = 0; i < 5; i++) {
        const demo = await call<{ token: string; user: { id: number } }>(x.app, {
          method: 'GET',
          url: '/api/user/createAccountDemoForU',
        });
        const r = await call(x.app, {
          method: 'GET',
          url: '/v1/api/forex/submit?type=1&cont=0.01&forex_id=1&status=1&multiple=100',
          token: demo.body.data.token,
        });
        expect(r.body.code).toBe(1);
        users.push(demo.body.data.user.id);
      }
      // Each account's refresh takes 3 ms here: a slice (4 ms at most, then the next turn) cannot take all five.
      const refreshed: number[] = [];
      jest.spyOn(x.engine, 'publishTrade').mockImplementation((userId: number) => {
        const until = performance.now() + 3;
        while (performance.now() < until);
        refreshed.push(userId);
      });
      // A tick makes every holder of EUR/USD due; the pass starts in the same turn (the engine's own timer cannot
      // come in between).
      x.market.setPrice('EURUSD', 1.1001, 1.1003);
      (x.engine as unknown as { periodic(): void }).periodic();
      const inFirstTurn = refreshed.length;
      expect(inFirstTurn).toBeGreaterThanOrEqual(1);
      expect(inFirstTurn).toBeLessThanOrEqual(2);
      for (let turn = 0; turn < 20 && refreshed.length < users.length; turn++)
        await new Promise((r) => setImmediate(r));
      expect([...refreshed].sort((a, b) => a - b)).toEqual([...users].sort((a, b) => a - b));
      // A whole pass at once, as tests and idle() want it: nothing left due, nothing refreshed twice.
      x.engine.refreshAccounts();
      expect(refreshed).toHaveLength(users.length);
    } finally {
      await x.t.close();
    }
  });
});
