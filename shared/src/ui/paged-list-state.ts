/**
 * Paged list of docs/states.md: starts at page 1, appends pages as the user nears the end, is finished once the loaded
 * count reaches the total; pull-to-refresh clears the list and starts again at page 1, and its indicator closes
 * {@link REFRESH_INDICATOR_MS} after the refresh completes. A failed page keeps what is loaded and offers a retry.
 *
 * The paging rules are the pure {@link pagedListReducer}; {@link usePagedList} runs the calls; {@link PagedList}
 * is the view (sentinel, pull gesture, footer states).
 */
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { REFRESH_INDICATOR_MS } from '../constants';

// ---------------------------------------------------------------------------------------------------------------
// Rules (pure)

/** One page as the server returns it. */
export type PagedListPage<T> = { items: T[]; total: number };

export type PagedListStatus = 'idle' | 'loading' | 'error';

export type PagedListState<T> = {
  items: readonly T[];
  /** Last page loaded; 0 before the first one arrives. */
  page: number;
  /** Total reported by the last page loaded. */
  total: number;
  /** True once the loaded count reached the total (or a page came back empty). */
  finished: boolean;
  status: PagedListStatus;
  /** The page being loaded while `status` is `loading`. */
  loadingPage: number | null;
  error: unknown;
  /** The pull-to-refresh indicator is showing. */
  refreshing: boolean;
  /** Bumped by every reset; answers of an older generation are ignored. */
  generation: number;
};

export type PagedListAction<T> =
  | { type: 'reset'; generation: number; refreshing: boolean }
  | { type: 'request'; generation: number; page: number }
  | {
      type: 'success';
      generation: number;
      page: number;
      items: readonly T[];
      total: number;
      keyOf?: (item: T) => unknown;
    }
  | { type: 'failure'; generation: number; page: number; error: unknown }
  | { type: 'refreshEnd'; generation: number }
  | { type: 'setItems'; update: (items: readonly T[]) => readonly T[] };

/** State before anything loaded. */
export function initialPagedListState<T>(): PagedListState<T> {
  return {
    items: [],
    page: 0,
    total: 0,
    finished: false,
    status: 'idle',
    loadingPage: null,
    error: null,
    refreshing: false,
    generation: 0,
  };
}

/** The paging rules, free of React and the DOM. */
export function pagedListReducer<T>(state: PagedListState<T>, action: PagedListAction<T>): PagedListState<T> {
  switch (action.type) {
    case 'reset':
      // Refresh and reload both clear the list and start again at page 1.
      return { ...initialPagedListState<T>(), generation: action.generation, refreshing: action.refreshing };
    case 'request':
      if (action.generation !== state.generation) return state;
      return { ...state, status: 'loading', loadingPage: action.page, error: null };
    case 'success': {
      if (action.generation !== state.generation || action.page !== state.loadingPage) return state;
      // Rows put at the top live (setItems) shift the server's pages: a row a later page repeats is kept once.
      const { keyOf } = action;
      const seen = keyOf && action.page > 1 ? new Set(state.items.map(keyOf)) : null;
      const fresh = seen ? action.items.filter((i) => !seen.has(keyOf!(i))) : action.items;
      const items = action.page === 1 ? [...action.items] : [...state.items, ...fresh];
      return {
        ...state,
        items,
        page: action.page,
        total: action.total,
        // An empty page also finishes: a total the server over-reports must not loop forever.
        finished: items.length >= action.total || action.items.length === 0,
        status: 'idle',
        loadingPage: null,
        error: null,
      };
    }
    case 'failure':
      if (action.generation !== state.generation || action.page !== state.loadingPage) return state;
      return { ...state, status: 'error', loadingPage: null, error: action.error };
    case 'refreshEnd':
      if (action.generation !== state.generation) return state;
      return { ...state, refreshing: false };
    case 'setItems':
      return { ...state, items: action.update(state.items) };
    default:
      return state;
  }
}

/** The page to load next on scroll, or null when loading, failed (wait for retry) or finished. */
export function nextPageToLoad(state: PagedListState<unknown>): number | null {
  if (state.status !== 'idle' || state.finished) return null;
  return state.page + 1;
}

// ---------------------------------------------------------------------------------------------------------------
// Hook

export type PagedListController<T> = {
  items: readonly T[];
  total: number;
  page: number;
  finished: boolean;
  status: PagedListStatus;
  error: unknown;
  refreshing: boolean;
  /** Update loaded items in place (live P/L, a closed order removed) without reloading. */
  setItems: (update: readonly T[] | ((items: readonly T[]) => readonly T[])) => void;
  /** Load the next page if one is due (no-op while loading, failed or finished). */
  loadMore: () => void;
  /** Load again the page that failed. */
  retry: () => void;
  /** Pull-to-refresh: clear, load page 1, keep the indicator {@link REFRESH_INDICATOR_MS} after it completes. */
  refresh: () => Promise<void>;
  /** Clear and load page 1 without the refresh indicator. */
  reload: () => void;
};

export type UsePagedListOptions<T = unknown> = {
  /** Changing it reloads from page 1 (a new filter, tab or account). */
  reloadKey?: unknown;
  /**
   * The identity of a row. With it, a later page's row already shown is not shown twice (a list that puts new rows
   * at the top live shifts the server's pages by as many rows).
   */
  keyOf?: (item: T) => unknown;
};

/**
 * Runs the paging calls of a list. Use it directly when the page must change items in place, and pass the result
 * to `<PagedList controller={...} />`. `fetchPage` may be an inline function: the latest one is always used.
 */
export function usePagedList<T>(
  fetchPage: (page: number) => Promise<PagedListPage<T>>,
  options: UsePagedListOptions<T> = {},
): PagedListController<T> {
  const { reloadKey } = options;
  const keyOfRef = useRef(options.keyOf);
  const [state, dispatch] = useReducer(
    pagedListReducer as (s: PagedListState<T>, a: PagedListAction<T>) => PagedListState<T>,
    undefined,
    initialPagedListState<T>,
  );
  const fetchRef = useRef(fetchPage);
  const stateRef = useRef(state);
  const generationRef = useRef(0);
  const inFlightRef = useRef<{ generation: number; page: number } | null>(null);
  const refreshTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mountedRef = useRef(true);

  useLayoutEffect(() => {
    fetchRef.current = fetchPage;
    keyOfRef.current = options.keyOf;
    stateRef.current = state;
  });

  const load = useCallback(async (generation: number, page: number): Promise<void> => {
    const busy = inFlightRef.current;
    if (busy && busy.generation === generation) return;
    inFlightRef.current = { generation, page };
    dispatch({ type: 'request', generation, page });
    try {
      const result = await fetchRef.current(page);
      if (mountedRef.current) {
        dispatch({
          type: 'success',
          generation,
          page,
          items: result.items,
          total: result.total,
          keyOf: keyOfRef.current,
        });
      }
    } catch (error) {
      if (mountedRef.current) dispatch({ type: 'failure', generation, page, error });
    } finally {
      if (inFlightRef.current?.generation === generation) inFlightRef.current = null;
    }
  }, []);

  const restart = useCallback(
    (refreshing: boolean) => {
      if (refreshTimerRef.current) clearTimeout(refreshTimerRef.current);
      refreshTimerRef.current = null;
      const generation = ++generationRef.current;
      dispatch({ type: 'reset', generation, refreshing });
      return { generation, done: load(generation, 1) };
    },
    [load],
  );

  const reload = useCallback(() => {
    restart(false);
  }, [restart]);

  const refresh = useCallback(async () => {
    const { generation, done } = restart(true);
    await done;
    if (!mountedRef.current || generation !== generationRef.current) return;
    refreshTimerRef.current = setTimeout(() => {
      refreshTimerRef.current = null;
      dispatch({ type: 'refreshEnd', generation });
    }, REFRESH_INDICATOR_MS);
  }, [restart]);

  const loadMore = useCallback(() => {
    const next = nextPageToLoad(stateRef.current);
    if (next !== null) void load(generationRef.current, next);
  }, [load]);

  const retry = useCallback(() => {
    const current = stateRef.current;
    if (current.status === 'error') void load(generationRef.current, current.page + 1);
  }, [load]);

  const setItems = useCallback<PagedListController<T>['setItems']>((update) => {
    dispatch({ type: 'setItems', update: typeof update === 'function' ? update : () => update });
  }, []);

  useEffect(() => {
    mountedRef.current = true;
    reload();
  }, [reloadKey, reload]);

  useEffect(
    () => () => {
      mountedRef.current = false;
      if (refreshTimerRef.current) clearTimeout(refreshTimerRef.current);
    },
    [],
  );

  return {
    items: state.items,
    total: state.total,
    page: state.page,
    finished: state.finished,
    status: state.status,
    error: state.error,
    refreshing: state.refreshing,
    setItems,
    loadMore,
    retry,
    refresh,
    reload,
  };
}
