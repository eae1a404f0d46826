/**
 * The simulated traders of the copy-trading ranking: users flagged `is_bot` with a row in `traders` (name, style,
 * leverage, favourite instrument). They trade through the same order commands as everybody (the same engine, the
 * same ledger), so the ranking is computed from real closed orders.
 *
 * First start: each trader gets a 100,000.00 USD grant and ~6 weeks of past trades, simulated quickly: each trade is
 * opened and closed at historical-looking prices derived from the current quote and recorded as a real order with
 * its ledger rows. Afterwards, on the leader node, every trader acts every `stepMs` according to its style.
 */
import { BUY, SELL, closePriceOf } from '@meridian/shared/pure';
import type { Side } from '@meridian/shared/pure';
import type { DB } from '../../storage/db';
import { changeBalance, insertUser } from '../accounts';
import type { Instrument, MarketData, Quote } from '../markets';
import type { Trading } from '../trading';
import * as repo from './repository';

export const BOT_CAPITAL_CENTS = 100_000_00;
const DAY = 86_400_000;

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

export type BotsDeps = {
  db: DB;
  market: MarketData;
  now: () => number;
  trading: Pick<Trading, 'commands' | 'reads' | 'engine'>;
  /** Seed and run the traders on timers (off in tests unless a step is given). */
  live: boolean;
  /** How often each trader may act (ms). */
  stepMs?: number;
  onError?: (err: unknown) => void;
};

export class Bots {
  private seeding: Promise<void> | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: BotsDeps) {}

  /**
   * When the app is ready: mark the traders for the engine; on the leader, seed their history in the background
   * (first start) and let them act every step.
   */
  start(): void {
    const { engine } = this.deps.trading;
    const onError = this.deps.onError ?? (() => undefined);
    this.stopped = false;
    void (async () => {
      for (const id of await repo.traderIds(this.deps.db)) engine.markBot(id);
      if (this.deps.live && !this.stopped && engine.isLeader()) await this.seed();
    })().catch((err: unknown) => {
      if (!this.stopped) onError(err);
    });
    if (!this.deps.live) return;
    const rnd = mulberry32(this.deps.now() & 0xffff);
    let busy = false;
    this.timer = setInterval(() => {
      if (busy || this.stopped || !engine.isLeader()) return;
      busy = true;
      void this.step(rnd)
        .catch((err: unknown) => {
          if (!this.stopped) onError(err);
        })
        .finally(() => {
          busy = false;
        });
    }, this.deps.stepMs ?? 15_000);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Create the traders and their history if there are none yet. Idempotent; one run at a time. */
  seed(
    /** Fraction of each style's history to simulate (tests use less). */
    scale = 1,
  ): Promise<void> {
    this.seeding ??= this.seedOnce(scale).finally(() => {
      this.seeding = null;
    });
    return this.seeding;
  }

  private async seedOnce(scale: number): Promise<void> {
    const { db, market, trading } = this.deps;
    const existing = await repo.traderIds(db);
    if (existing.length > 0) {
      for (const id of existing) trading.engine.markBot(id);
      return;
    }
    const now = this.deps.now();
    for (const [n, s] of STYLES.entries()) {
      const inst = instrumentFor(market, s);
      if (!inst) return;
      const base = market.quote(inst.id) as Quote;
      const leverage = leverageFor(inst, s);
      const start = now - 42 * DAY;
      const userId = await db.transaction().execute(async (trx) => {
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
        await repo.insertTrader(trx, {
          user_id: u.id,
          name: s.name,
          style: s.style,
          multiple: leverage,
          code: inst.code,
          created_at: start,
        });
        return u.id;
      });
      trading.engine.markBot(userId);
      const rnd = mulberry32(1000 + n);
      const mid0 = (base.bid + base.ask) / 2;
      let mid = mid0;
      const lots = lotsFor(inst, s.size);
      const trades = Math.max(12, Math.round(s.trades * scale));
      for (let k = 0; k < trades; k++) {
        if (this.stopped) return;
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
          const o = await trading.commands.submit(
            userId,
            { type: side, cont: lots, forex_id: inst.id, status: 1, multiple: leverage },
            { quote: openQ, at: openAt, ignoreSchedule: true },
          );
          const price = closePriceOf(side, closeQ);
          await trading.commands.close(o.Id, { price, expected: price, reason: 'manual', at: closeAt });
        } catch {
          // not enough free margin for this one: skip it
        }
      }
    }
  }

  /** One live step: each trader may close positions held long enough and open a new one. */
  private async step(rnd: () => number): Promise<void> {
    const { db, market, trading } = this.deps;
    const traders = await repo.traders(db);
    if (traders.length === 0) {
      await this.seed();
      return;
    }
    const now = this.deps.now();
    for (const t of traders) {
      if (this.stopped) return;
      const s = STYLES.find((x) => x.style === t.style);
      const inst = market.instrument(t.code);
      if (!s || !inst || !market.isOpen(inst.id, now)) continue;
      const open = await trading.reads.holdingOrders(t.user_id);
      for (const o of open) {
        if (now - (o.opened_at ?? now) < s.hold * (0.5 + rnd())) continue;
        const q = market.quote(o.instrument_id);
        if (!q) continue;
        const price = closePriceOf(o.side as Side, q);
        await trading.commands.close(o.id, { price, expected: price, reason: 'manual' });
      }
      if (open.length < 3 && rnd() < s.activity) {
        await trading.commands
          .submit(t.user_id, {
            type: rnd() < 0.5 ? 1 : 2,
            cont: lotsFor(inst, s.size),
            forex_id: inst.id,
            status: 1,
            multiple: t.multiple,
          })
          .catch(() => undefined);
      }
    }
  }
}
