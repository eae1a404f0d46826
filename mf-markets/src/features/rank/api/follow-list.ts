/** GET /api/follow/list: the copy-trading ranking, page by page (spec §3 "Ranking item"). */
import { api } from '@meridian/shared';
import type { PagedListPage } from '@meridian/shared/lists';

export type RankingItem = {
  id?: number;
  user: string;
  multiple: number;
  /** Percent, 2 decimals (text or number). */
  three_week_rate: number | string;
  three_week_win: number | string;
  /** USD, 2 decimals. */
  three_week_profit: number | string;
  total_rate: number | string;
  total_trade_num: number;
  /** The instrument traded most ('variety'). */
  code: string;
  style?: string;
};

export const RANK_PAGE_SIZE = 10;

export async function fetchRankingPage(page: number): Promise<PagedListPage<RankingItem>> {
  const res = await api.get<{ data: RankingItem[] | null; total: number } | null>(
    '/api/follow/list',
    { page, limit: RANK_PAGE_SIZE },
    { silent: page > 1 },
  );
  return { items: res?.data ?? [], total: res?.total ?? 0 };
}
