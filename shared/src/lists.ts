/**
 * `@meridian/shared/lists`: the paged list of docs/states.md (rules, hook and view), federated as its own singleton entry.
 * `@meridian/shared` is shared whole and paid by every first visit to `/`, which pages nothing; the screens that do
 * page (orders, ranking, news, records) load this entry with their own code. It holds no module state.
 */
export { PagedList, PULL_THRESHOLD_PX } from './ui/paged-list';
export { usePagedList, pagedListReducer, initialPagedListState, nextPageToLoad } from './ui/paged-list-state';

export type { PagedListProps } from './ui/paged-list';
export type {
  PagedListPage,
  PagedListAction,
  PagedListController,
  PagedListState,
  PagedListStatus,
  UsePagedListOptions,
} from './ui/paged-list-state';
