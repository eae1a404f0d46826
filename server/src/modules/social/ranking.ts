/**
 * The copy-trading ranking (GET /api/follow/list): the simulated traders by three-week profit, from their real
 * closed orders. Rates and win rates are percentages with 2 decimals; profits are USD with 2 decimals (text).
 */
import type { RankingPage } from '@meridian/shared/pure';
import { formatCents } from '../../lib/money';
import type { DB } from '../../storage/db';
import type { MarketData } from '../markets';
import type { AccountReads } from '../trading';
import { BOT_CAPITAL_CENTS } from './bots';
import * as repo from './repository';

const THREE_WEEKS = 21 * 86_400_000;

const pct = (num: number, den: number) => (den === 0 ? '0.00' : ((num * 100) / den).toFixed(2));

export type RankingDeps = {
  db: DB;
  market: MarketData;
  now: () => number;
  reads: Pick<AccountReads, 'closedTrades'>;
};

export class Ranking {
  constructor(private readonly deps: RankingDeps) {}

  /** The ranking, best three-week profit first. */
  async page(page: number, limit: number): Promise<RankingPage> {
    const { db, market } = this.deps;
    const since = this.deps.now() - THREE_WEEKS;
    const traders = await repo.traders(db);
    const rows = await this.deps.reads.closedTrades(traders.map((t) => t.user_id));
    const stats = new Map<number, { n: number; total: number; n3: number; w3: number; p3: number }>();
    for (const r of rows) {
      let s = stats.get(r.user_id);
      if (!s) stats.set(r.user_id, (s = { n: 0, total: 0, n3: 0, w3: 0, p3: 0 }));
      s.n++;
      s.total += r.profit_cents;
      if ((r.closed_at ?? 0) >= since) {
        s.n3++;
        s.p3 += r.profit_cents;
        if (r.profit_micros > 0) s.w3++;
      }
    }
    const items = traders.map((t) => {
      const s = stats.get(t.user_id) ?? { n: 0, total: 0, n3: 0, w3: 0, p3: 0 };
      return {
        id: t.user_id,
        user: t.name,
        style: t.style,
        multiple: t.multiple,
        code: market.instrument(t.code)?.showCode ?? t.code,
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
}
