/** The account history calls (docs/calls.md#funds): the figures at live prices and the ledger, paged. */
import { api } from '@meridian/shared';
import type { AccountFigures, LedgerRow } from '@meridian/shared/pure';
import type { PagedListPage } from '@meridian/shared/lists';

/** Ledger rows per page. */
export const HISTORY_PAGE = 10;

export function fetchFigures(): Promise<AccountFigures> {
  return api.get('/v1/api/main/account/forexDetail', undefined, { silent: true });
}

export async function fetchHistory(page: number): Promise<PagedListPage<LedgerRow>> {
  const d = await api.get(
    '/v1/api/main/accountLog/forexChange',
    { page, limit: HISTORY_PAGE },
    { silent: true },
  );
  return { items: d.list, total: d.total };
}
