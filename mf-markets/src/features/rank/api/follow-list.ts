/** GET /api/follow/list: the copy-trading ranking, page by page (docs/calls.md "Ranking item"). */
import { api } from '@meridian/shared';
import type { PagedListPage } from '@meridian/shared/lists';
import type { RankingItem } from '@meridian/shared/pure';

export type { RankingItem };

export const RANK_PAGE_SIZE = 10;

export async function fetchRankingPage(page: number): Promise<PagedListPage<RankingItem>> {
  const res = await api.get('/api/follow/list', { page, limit: RANK_PAGE_SIZE }, { silent: page > 1 });
  return { items: res?.data ?? [], total: res?.total ?? 0 };
}
