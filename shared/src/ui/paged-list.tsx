/**
 * Paged list of spec §4: starts at page 1, appends pages as the user nears the end, is finished once the loaded
 * count reaches the total; pull-to-refresh clears the list and starts again at page 1, and its indicator closes
 * {@link REFRESH_INDICATOR_MS} after the refresh completes. A failed page keeps what is loaded and offers a retry.
 *
 * The paging rules are the pure {@link pagedListReducer}; {@link usePagedList} runs the calls; {@link PagedList}
 * is the view (sentinel, pull gesture, footer states).
 */
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { REFRESH_INDICATOR_MS } from '../constants';
import { Empty } from './empty';
import { SkeletonRows } from './skeleton';
import { Spinner } from './spinner';

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
  | { type: 'success'; generation: number; page: number; items: readonly T[]; total: number }
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
      const items = action.page === 1 ? [...action.items] : [...state.items, ...action.items];
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

export type UsePagedListOptions = {
  /** Changing it reloads from page 1 (a new filter, tab or account). */
  reloadKey?: unknown;
};

/**
 * Runs the paging calls of a list. Use it directly when the page must change items in place, and pass the result
 * to `<PagedList controller={...} />`. `fetchPage` may be an inline function: the latest one is always used.
 */
export function usePagedList<T>(
  fetchPage: (page: number) => Promise<PagedListPage<T>>,
  options: UsePagedListOptions = {},
): PagedListController<T> {
  const { reloadKey } = options;
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
        dispatch({ type: 'success', generation, page, items: result.items, total: result.total });
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

// ---------------------------------------------------------------------------------------------------------------
// View

/** Distance (px, after damping) the list must be pulled to refresh on release. */
export const PULL_THRESHOLD_PX = 64;
const PULL_MAX_PX = 120;
const REFRESH_BAR_PX = 48;

type PagedListViewProps<T> = {
  renderItem: (item: T, index: number) => ReactNode;
  keyOf: (item: T) => string | number;
  /** Shown when the first page is empty; `common:noData` by default. */
  emptyText?: string;
  /** Shown while the first page loads; skeleton rows by default. */
  placeholder?: ReactNode;
  className?: string;
};

export type PagedListProps<T> = PagedListViewProps<T> &
  (
    | {
        fetchPage: (page: number) => Promise<PagedListPage<T>>;
        /** Changing it reloads from page 1. */
        reloadKey?: unknown;
        controller?: undefined;
      }
    | {
        /** From {@link usePagedList}, when the page updates items in place. */
        controller: PagedListController<T>;
        fetchPage?: undefined;
        reloadKey?: undefined;
      }
  );

/**
 * The paged list of spec §4, with infinite scroll (IntersectionObserver sentinel, a "load more" button where it is
 * missing), pull-to-refresh, and its loading, empty, error and no-more states.
 */
export function PagedList<T>(props: PagedListProps<T>) {
  if (props.controller) return <PagedListView {...props} controller={props.controller} />;
  return <OwnPagedList {...props} fetchPage={props.fetchPage} />;
}

function OwnPagedList<T>({
  fetchPage,
  reloadKey,
  ...view
}: PagedListViewProps<T> & { fetchPage: (page: number) => Promise<PagedListPage<T>>; reloadKey?: unknown }) {
  const controller = usePagedList(fetchPage, { reloadKey });
  return <PagedListView {...view} controller={controller} />;
}

/** True when neither the element nor any ancestor is scrolled down, so a downward drag means "refresh". */
function isAtTop(el: HTMLElement | null): boolean {
  for (let node: HTMLElement | null = el; node; node = node.parentElement) {
    if (node.scrollTop > 0) return false;
  }
  const root = typeof document !== 'undefined' ? document.scrollingElement : null;
  return !root || root.scrollTop <= 0;
}

function PagedListView<T>({
  controller,
  renderItem,
  keyOf,
  emptyText,
  placeholder,
  className,
}: PagedListViewProps<T> & { controller: PagedListController<T> }) {
  const { t } = useTranslation('common');
  const { items, status, finished, refreshing, page, loadMore, retry, refresh } = controller;
  const rootRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const [hasObserver] = useState(() => typeof IntersectionObserver !== 'undefined');
  const [sentinelVisible, setSentinelVisible] = useState(false);
  const [pull, setPull] = useState(0);

  // Infinite scroll: watch a sentinel after the last row.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!hasObserver || !sentinel) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) setSentinelVisible(entry.isIntersecting);
      },
      { rootMargin: '0px 0px 240px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasObserver]);

  // The observer only reports changes: when a short page leaves the sentinel in view, keep loading.
  useEffect(() => {
    if (sentinelVisible && page >= 1 && status === 'idle' && !finished && !refreshing) loadMore();
  }, [sentinelVisible, page, status, finished, refreshing, loadMore]);

  // Pull-to-refresh. Native listeners: React's touch listeners are passive and could not stop the page's own
  // overscroll while the list is being pulled.
  const pullRef = useRef({ startY: 0, active: false, distance: 0 });
  const refreshingRef = useRef(refreshing);
  const refreshRef = useRef(refresh);
  useLayoutEffect(() => {
    refreshingRef.current = refreshing;
    refreshRef.current = refresh;
  });
  useEffect(() => {
    const el = rootRef.current;
    if (!el) return undefined;
    const state = pullRef.current;
    const onStart = (e: TouchEvent) => {
      const touch = e.touches[0];
      state.active = !!touch && e.touches.length === 1 && !refreshingRef.current && isAtTop(el);
      state.startY = touch?.clientY ?? 0;
      state.distance = 0;
    };
    const onMove = (e: TouchEvent) => {
      if (!state.active) return;
      const touch = e.touches[0];
      if (!touch) return;
      const dy = touch.clientY - state.startY;
      if (dy <= 0) {
        if (state.distance !== 0) setPull(0);
        state.distance = 0;
        return;
      }
      if (e.cancelable) e.preventDefault();
      // Damped: the list follows the finger at half speed, up to a limit.
      state.distance = Math.min(PULL_MAX_PX, dy / 2);
      setPull(state.distance);
    };
    const onEnd = () => {
      if (!state.active) return;
      const release = state.distance >= PULL_THRESHOLD_PX;
      state.active = false;
      state.distance = 0;
      setPull(0);
      if (release) void refreshRef.current();
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const pulling = pull > 0;
  const firstLoad = items.length === 0 && status === 'loading';
  const firstError = items.length === 0 && status === 'error';
  const empty = items.length === 0 && status === 'idle' && finished;

  let indicator: ReactNode = null;
  if (refreshing) {
    indicator = (
      <>
        <Spinner size={16} label={t('refreshing')} />
        <span aria-hidden="true">{t('refreshing')}</span>
      </>
    );
  } else if (pulling) {
    indicator = pull >= PULL_THRESHOLD_PX ? t('releaseToRefresh') : t('pullToRefresh');
  }

  const retryButton = (
    <FooterButton type="button" onClick={retry}>
      {t('retry')}
    </FooterButton>
  );

  let footer: ReactNode = null;
  if (status === 'error' && items.length > 0) {
    footer = retryButton;
  } else if (status === 'loading' && items.length > 0) {
    footer = <Spinner size={18} />;
  } else if (finished && items.length > 0) {
    footer = <span>{t('noMore')}</span>;
  } else if (!hasObserver && status === 'idle' && page >= 1 && !finished) {
    footer = (
      <FooterButton type="button" onClick={loadMore}>
        {/* `common:loadMore` is not in the English source yet; the default keeps the rare fallback usable. */}
        {t('loadMore', { defaultValue: 'Load more' })}
      </FooterButton>
    );
  }

  return (
    <Root ref={rootRef} className={className} aria-busy={status === 'loading'}>
      <Indicator
        aria-live="polite"
        data-testid="refresh-indicator"
        $height={refreshing ? Math.max(pull, REFRESH_BAR_PX) : pull}
        $animate={!pulling}
      >
        {indicator}
      </Indicator>
      {firstLoad && !refreshing && (placeholder ?? <SkeletonRows />)}
      {firstError && <Empty text={t('requestFailed')} action={retryButton} />}
      {empty && <Empty text={emptyText} />}
      {items.length > 0 && (
        <List>
          {items.map((item, index) => (
            <li key={keyOf(item)}>{renderItem(item, index)}</li>
          ))}
        </List>
      )}
      <Footer>{footer}</Footer>
      <div ref={sentinelRef} data-testid="paged-list-sentinel" aria-hidden="true" style={{ blockSize: 1 }} />
    </Root>
  );
}

const Root = styled.div`
  position: relative;
  min-block-size: 100%;
  overscroll-behavior-y: contain;
`;

const Indicator = styled.div<{ $height: number; $animate: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  block-size: ${({ $height }) => $height}px;
  overflow: hidden;
  color: ${({ theme }) => theme.color.textMuted};
  font: 400 13px / 1.2 ${({ theme }) => theme.font.body};
  transition: ${({ $animate }) => ($animate ? 'block-size 200ms ease-out' : 'none')};

  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Footer = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  min-block-size: ${({ theme }) => theme.touch}px;
  padding-block: ${({ theme }) => theme.space(2)};
  padding-block-end: calc(${({ theme }) => theme.space(2)} + env(safe-area-inset-bottom, 0px));
  color: ${({ theme }) => theme.color.textMuted};
  font: 400 13px / 1.2 ${({ theme }) => theme.font.body};

  &:empty {
    min-block-size: 0;
    padding: 0;
  }
`;

const FooterButton = styled.button`
  min-block-size: ${({ theme }) => theme.touch}px;
  min-inline-size: 120px;
  padding-inline: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: 500 14px / 1.2 ${({ theme }) => theme.font.body};
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: 2px;
  }
`;
