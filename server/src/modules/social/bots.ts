/**
 * Copy-trading ranking (issue 4 item 5). Simulated traders are users flagged `is_bot` with a row in `traders`
 * (name, style, leverage, favourite instrument). They trade through the same engine as everybody (submit,
 * closeOrder, the same ledger), so the ranking is computed from real closed orders.
 *
 * First start: each trader gets a 100,000.00 USD grant and ~6 weeks of past trades, simulated quickly: each trade is
 * opened and closed at historical-looking prices derived from the current quote and recorded as a real order with
 * its ledger rows. Afterwards, on the leader node, every trader acts every few seconds according to its style.
 *
 * GET /api/follow/list -> { data: [{ id, user, multiple, three_week_rate, three_week_win, three_week_profit,
 *                                    total_rate, total_trade_num, code, style }], total }
 * Rates and win rates are percentages with 2 decimals; profits are USD with 2 decimals (strings).
 */
import { BUY, SELL, closePriceOf } from '@meridian/shared/pure';
import type { Side } from '@meridian/shared/pure';
import type { AppContext } from '../../context';
import { formatCents } from '../../lib/money';
import { changeBalance, insertUser } from '../accounts/repository';
import type { Instrument, MarketData, Quote } from '../markets/contract';
import type { TradingEngine } from './engine';
import { STATUS_CLOSED, STATUS_HOLDING } from './repository';
import { closeOrder, marketOf, submit } from './service';

export const BOT_CAPITAL_CENTS = 100_000_00;
const DAY = 86_400_000;
const THREE_WEEKS = 21 * DAY;

type Style = {
  style: string;
  name: string;
  /** Which instrument: category (pick mod the number of categories), then the n-th of it (forex, metals, energy, indices, crypto). */
  pick: number;
  /** Probability a simulated trade wins. */
  win: number;
  /** Typical relative move of a trade. */
  move: number;
  /** Lots as multiples of the minimum. */
  size: number;
  /** Trades in the 6 weeks of history. */
  trades: number;
  /** Typical holding time (ms). */
  hold: number;
  /** Probability of trading on each live step. */
  activity: number;
};

export const STYLES: Style[] = [
  {
    style: 'scalper',
    name: 'Kestrel FX',
    pick: 0,
    win: 0.62,
    move: 0.0008,
    size: 20,
    trades: 90,
    hold: 5 * 60_000,
    activity: 0.5,
  },
  {
    style: 'trend',
    name: 'Northwind Trend',
    pick: 1,
    win: 0.45,
    move: 0.006,
    size: 10,
    trades: 35,
    hold: 2 * DAY,
    activity: 0.15,
  },
  {
    style: 'swing',
    name: 'Harbour Swing',
    pick: 2,
    win: 0.55,
    move: 0.004,
    size: 8,
    trades: 40,
    hold: DAY,
    activity: 0.2,
  },
  {
    style: 'contrarian',
    name: 'Copperleaf',
    pick: 3,
    win: 0.58,
    move: 0.003,
    size: 12,
    trades: 50,
    hold: 6 * 3_600_000,
    activity: 0.25,
  },
  {
    style: 'conservative',
    name: 'Stillwater Capital',
    pick: 5,
    win: 0.66,
    move: 0.0015,
    size: 5,
    trades: 30,
    hold: 12 * 3_600_000,
    activity: 0.1,
  },
  {
    style: 'aggressive',
    name: 'Redline Alpha',
    pick: 8,
    win: 0.48,
    move: 0.01,
    size: 30,
    trades: 60,
    hold: 3 * 3_600_000,
    activity: 0.35,
  },
  {
    style: 'metals',
    name: 'Goldcrest',
    pick: 6,
    win: 0.57,
    move: 0.004,
    size: 6,
    trades: 45,
    hold: 8 * 3_600_000,
    activity: 0.2,
  },
  {
    style: 'crypto',
    name: 'Blockhaven',
    pick: 4,
    win: 0.52,
    move: 0.015,
    size: 4,
    trades: 55,
    hold: 4 * 3_600_000,
    activity: 0.3,
  },
];

/** Deterministic PRNG so the seeded history is reproducible. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The instrument a style trades: spread over the categories so the ranking shows variety. */
function instrumentFor(market: MarketData, s: Style): Instrument | undefined {
  const usable = market
    .instruments()
    .filter((i) => i.leverages.length > 0 && market.quote(i.id) !== undefined);
  if (usable.length === 0) return undefined;
  const cats = [...new Set(usable.map((i) => i.categoryId))].sort((a, b) => a - b);
  const cat = cats[s.pick % cats.length];
  const inCat = usable.filter((i) => i.categoryId === cat);
  return inCat[Math.floor(s.pick / cats.length) % inCat.length] ?? usable[0];
}

function lotsFor(inst: Instrument, size: number): string {
  const min = Number(inst.minLots);
  const step = Number(inst.pip);
  const raw = Math.max(min, min * size);
  const steps = Math.round(raw / step);
  const decimals = (inst.pip.split('.')[1] ?? '').length;
  return (steps * step).toFixed(decimals);
}

function leverageFor(inst: Instrument, style: Style): number {
  const sorted = [...inst.leverages].sort((a, b) => a - b);
  const idx =
    style.style === 'aggressive'
      ? sorted.length - 1
      : style.style === 'conservative'
        ? 0
        : sorted.length >> 1;
  return sorted[idx] ?? sorted[0] ?? 1;
}

function quoteAt(inst: Instrument, base: Quote, mid: number, time: number): Quote {
  const spread = base.ask - base.bid;
  const p = inst.pricePrecision;
  const round = (x: number) => Number(x.toFixed(p));
  const bid = round(mid - spread / 2);
  return { instrumentId: inst.id, code: inst.code, bid, ask: round(Math.max(bid + spread, bid)), time };
}

const seeding = new WeakMap<AppContext, Promise<void>>();

/** Create the traders and their history if there are none yet. Idempotent; one run at a time per app. */
export function seedTraders(
  ctx: AppContext,
  engine?: TradingEngine,
  stopped: () => boolean = () => false,
  /** Fraction of each style's history to simulate (tests use less). */
  scale = 1,
): Promise<void> {
  const running = seeding.get(ctx);
  if (running) return running;
  const p = seedOnce(ctx, engine, stopped, scale).finally(() => seeding.delete(ctx));
  seeding.set(ctx, p);
  return p;
}

async function seedOnce(
  ctx: AppContext,
  engine: TradingEngine | undefined,
  stopped: () => boolean,
  scale: number,
): Promise<void> {
  const market = marketOf(ctx);
  const existing = await ctx.db.selectFrom('traders').select('user_id').execute();
  if (existing.length > 0) {
    for (const t of existing) engine?.markBot(t.user_id);
    return;
  }
  const now = ctx.now();
  for (const [n, s] of STYLES.entries()) {
    const inst = instrumentFor(market, s);
    if (!inst) return;
    const base = market.quote(inst.id) as Quote;
    const leverage = leverageFor(inst, s);
    const start = now - 42 * DAY;
    const userId = await ctx.db.transaction().execute(async (trx) => {
      const u = await insertUser(trx, {
        email: null,
        mobile: null,
        area_id: null,
        password_hash: null,
        role: 'user',
        is_demo: 0,
        is_bot: 1,
        demo_secret_hash: null,
        credit_score: 100,
        inviter_id: null,
        balance: 0,
        lock_balance: 0,
        created_at: start,
        updated_at: start,
      });
      await changeBalance(trx, {
        userId: u.id,
        amount: BOT_CAPITAL_CENTS,
        kind: 'bot_grant',
        at: start,
        memo: 'simulated trader capital',
      });
      await trx
        .insertInto('traders')
        .values({
          user_id: u.id,
          name: s.name,
          style: s.style,
          multiple: leverage,
          code: inst.code,
          created_at: start,
        })
        .execute();
      return u.id;
    });
    engine?.markBot(userId);
    const rnd = mulberry32(1000 + n);
    const mid0 = (base.bid + base.ask) / 2;
    let mid = mid0;
    const lots = lotsFor(inst, s.size);
    const trades = Math.max(12, Math.round(s.trades * scale));
    for (let k = 0; k < trades; k++) {
      if (stopped()) return;
      const openAt = start + Math.floor(((k + rnd()) / trades) * 40 * DAY);
      const closeAt = Math.min(now - 60_000, openAt + Math.floor(s.hold * (0.3 + rnd() * 1.4)));
      // Wander around today's price, pulled back to it.
      mid = mid * (1 + (rnd() - 0.5) * s.move) + (mid0 - mid) * 0.1;
      const side: Side = rnd() < 0.5 ? BUY : SELL;
      const wins = rnd() < s.win;
      const size = s.move * (0.3 + rnd());
      const dir = (side === BUY ? 1 : -1) * (wins ? 1 : -1);
      const openQ = quoteAt(inst, base, mid, openAt);
      const closeQ = quoteAt(inst, base, mid * (1 + dir * size), closeAt);
      try {
        const o = await submit(
          ctx,
          userId,
          { type: side, cont: lots, forex_id: inst.id, status: 1, multiple: leverage },
          { quote: openQ, at: openAt, ignoreSchedule: true },
        );
        const price = closePriceOf(side, closeQ);
        await closeOrder(ctx, o.Id, { price, expected: price, reason: 'manual', at: closeAt });
      } catch {
        // not enough free margin for this one: skip it
      }
    }
  }
}

/**
 * The simulated traders: their history is seeded in the background on first start (not in tests), then, on the
 * leader node, every trader acts every `stepMs` (default 15 s). Returns a stop function.
 */
export function startBots(
  ctx: AppContext,
  engine: TradingEngine,
  opts: { stepMs?: number; onError?: (err: unknown) => void } = {},
): () => void {
  let stopped = false;
  const onError = opts.onError ?? (() => undefined);
  const live = ctx.config.nodeEnv !== 'test' || opts.stepMs !== undefined;
  void (async () => {
    for (const t of await ctx.db.selectFrom('traders').select('user_id').execute()) engine.markBot(t.user_id);
    if (live && !stopped && engine.isLeader()) await seedTraders(ctx, engine, () => stopped);
  })().catch((err: unknown) => {
    if (!stopped) onError(err);
  });
  if (!live) return () => undefined;
  const rnd = mulberry32(ctx.now() & 0xffff);
  let busy = false;
  const timer = setInterval(() => {
    if (busy || stopped || !engine.isLeader()) return;
    busy = true;
    void botStep(ctx, engine, rnd, () => stopped)
      .catch((err: unknown) => {
        if (!stopped) onError(err);
      })
      .finally(() => {
        busy = false;
      });
  }, opts.stepMs ?? 15_000);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

async function botStep(
  ctx: AppContext,
  engine: TradingEngine,
  rnd: () => number,
  stopped: () => boolean,
): Promise<void> {
  const market = marketOf(ctx);
  const traders = await ctx.db.selectFrom('traders').selectAll().execute();
  if (traders.length === 0) {
    await seedTraders(ctx, engine, stopped);
    return;
  }
  const now = ctx.now();
  for (const t of traders) {
    if (stopped()) return;
    const s = STYLES.find((x) => x.style === t.style);
    const inst = market.instrument(t.code);
    if (!s || !inst || !market.isOpen(inst.id, now)) continue;
    const open = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', t.user_id)
      .where('status', '=', STATUS_HOLDING)
      .execute();
    for (const o of open) {
      if (now - (o.opened_at ?? now) < s.hold * (0.5 + rnd())) continue;
      const q = market.quote(o.instrument_id);
      if (!q) continue;
      const price = closePriceOf(o.side as Side, q);
      await closeOrder(ctx, o.id, { price, expected: price, reason: 'manual' });
    }
    if (open.length < 3 && rnd() < s.activity) {
      await submit(ctx, t.user_id, {
        type: rnd() < 0.5 ? 1 : 2,
        cont: lotsFor(inst, s.size),
        forex_id: inst.id,
        status: 1,
        multiple: t.multiple,
      }).catch(() => undefined);
    }
  }
}

export type RankingItem = {
  id: number;
  user: string;
  style: string;
  multiple: number;
  code: string;
  three_week_rate: string;
  three_week_win: string;
  three_week_profit: string;
  total_rate: string;
  total_trade_num: number;
};

const pct = (num: number, den: number) => (den === 0 ? '0.00' : ((num * 100) / den).toFixed(2));

/** The ranking, best three-week profit first. */
export async function followList(
  ctx: AppContext,
  page: number,
  limit: number,
): Promise<{ data: RankingItem[]; total: number }> {
  const since = ctx.now() - THREE_WEEKS;
  const traders = await ctx.db.selectFrom('traders').selectAll().execute();
  const rows = await ctx.db
    .selectFrom('orders')
    .innerJoin('traders', 'traders.user_id', 'orders.user_id')
    .select([
      'orders.user_id as user_id',
      'orders.profit_cents as p',
      'orders.profit_micros as pm',
      'orders.closed_at as at',
    ])
    .where('orders.status', '=', STATUS_CLOSED)
    .where('orders.close_reason', 'in', ['manual', 'tp', 'sl', 'stop_out'])
    .execute();
  const stats = new Map<number, { n: number; total: number; n3: number; w3: number; p3: number }>();
  for (const r of rows) {
    let s = stats.get(r.user_id);
    if (!s) stats.set(r.user_id, (s = { n: 0, total: 0, n3: 0, w3: 0, p3: 0 }));
    s.n++;
    s.total += r.p;
    if ((r.at ?? 0) >= since) {
      s.n3++;
      s.p3 += r.p;
      if (r.pm > 0) s.w3++;
    }
  }
  const market = (() => {
    try {
      return marketOf(ctx);
    } catch {
      return undefined;
    }
  })();
  const items = traders.map((t) => {
    const s = stats.get(t.user_id) ?? { n: 0, total: 0, n3: 0, w3: 0, p3: 0 };
    return {
      id: t.user_id,
      user: t.name,
      style: t.style,
      multiple: t.multiple,
      code: market?.instrument(t.code)?.showCode ?? t.code,
      three_week_rate: pct(s.p3, BOT_CAPITAL_CENTS),
      three_week_win: pct(s.w3, s.n3),
      three_week_profit: formatCents(s.p3),
      total_rate: pct(s.total, BOT_CAPITAL_CENTS),
      total_trade_num: s.n,
      sort: s.p3,
    };
  });
  items.sort((a, b) => b.sort - a.sort || a.id - b.id);
  const data = items.slice((page - 1) * limit, page * limit).map(({ sort: _s, ...rest }) => rest);
  return { data, total: items.length };
}
