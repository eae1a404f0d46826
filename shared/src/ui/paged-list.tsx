/**
 * The view of the paged list (docs/states.md): sentinel, pull gesture, footer states. The rules and the hook are in
 * ./paged-list-state; this module is loaded lazily (./lazy.tsx), since the first route does not page.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Empty } from './empty';
import { SkeletonRows } from './skeleton';
import { Spinner } from './spinner';
import { usePagedList } from './paged-list-state';
import type { PagedListController, PagedListPage } from './paged-list-state';

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
 * The paged list of docs/states.md, with infinite scroll (IntersectionObserver sentinel, a "load more" button where it is
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
        {t('loadMore')}
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
