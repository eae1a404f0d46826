/** News (docs/calls.md "News", §7): the list of category 1 page by page, and one article with its sanitized HTML. */
import { api } from '@meridian/shared';
import type { PagedListPage } from '@meridian/shared/lists';
import { NEWS_CATEGORY_ID } from '@meridian/shared/pure';

export type NewsItem = {
  id: number;
  category_id: number;
  title: string;
  desc: string;
  logo: string;
  created_at: string;
};
export type NewsArticle = NewsItem & { content: string };

export const NEWS_PAGE_SIZE = 10;

export async function fetchNewsPage(page: number): Promise<PagedListPage<NewsItem>> {
  const res = await api.get(
    '/api/news/list',
    { category_id: NEWS_CATEGORY_ID, page, limit: NEWS_PAGE_SIZE },
    { silent: page > 1 },
  );
  return { items: res?.data ?? [], total: res?.total ?? 0 };
}

export const fetchArticle = (id: number) => api.get('/api/news/info', { id });
