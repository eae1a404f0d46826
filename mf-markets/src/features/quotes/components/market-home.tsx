/**
 * The quotes home (docs/routes.md `/`): category chips, the quotations strip, the market list with live DAY_MARKET
 * prices, and its four states (10 skeleton rows, error with retry, 'no data', the list). The list renders when the
 * instruments, the filter or the favourites change, not on ticks: each row's prices are kept current by the quote
 * board.
 *
 * The trader's favourites come from the page (`favourites`, composed from the favourites feature): a star beside each
 * row (a sibling of the row's button, never inside it, so the row stays one memoised button), a Favourites chip
 * first among the chips, always shown, whose list is the favourites in the trader's order, with an empty state
 * saying how to add one, and a reorder mode.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Empty,
  HOME_SKELETON_ROWS,
  setCurrentInstrumentAtom,
  SkeletonRows,
  useAppNavigate,
  useSetAtom,
  useLoad,
  LoadError,
} from '@meridian/shared';
import { PATHS } from '@meridian/shared/pure';
import { useTradeList } from '../../../lib/instruments';
import type { Instrument } from '../../../lib/instruments';
import { NS } from '../../../lib/ns';
import { useLanguage } from '../../../lib/use-language';
import { fetchCategories } from '../api/categories';
import { CategoryChips } from './category-chips';
import type { HomeFilter } from './category-chips';
import { MarketRow } from './market-row';
import { QuotationsList } from './quotations-list';
import { StaleBadge } from './stale-badge';

/** The trader's favourites as the home shows them. */
export type HomeFavourites = {
  /** Favourite instrument ids, in the trader's order. */
  ids: readonly number[];
  /** False while a signed-in trader's list is still being read (the Favourites list shows skeletons). */
  ready: boolean;
  /** The star beside an instrument's row. */
  star: (instrument: Instrument) => ReactNode;
  /** The favourites (in order) in reorder mode: move up / move down. */
  reorder: (instruments: readonly Instrument[]) => ReactNode;
};

/**
 * Rows in the list's first paint, and items of the quotations strip above it: a tall phone's screenful, as many
 * as the skeleton that holds their place (8 rows show at 390x844). The rest (the list is ~30 instruments and grows)
 * follow in a transition right after, so the first price is not held back by rows below the fold or past the
 * strip's edge (bench/first-price).
 */
export const FIRST_PAINT_ROWS = HOME_SKELETON_ROWS;

const LONG_PRESS_MS = 500;
/** A finger that moves this far (px) is scrolling, not pressing. */
const PRESS_SLOP = 10;

/** What a long press (or a right click) on a row opens: its actions, composed by the page. */
export type RowActionsSlot = (
  instrument: Instrument,
  onTrade: (instrument: Instrument) => void,
  onClose: () => void,
) => ReactNode;

export function MarketHome({
  favourites,
  rowActions,
}: {
  favourites?: HomeFavourites;
  rowActions?: RowActionsSlot;
}) {
  const { t } = useTranslation(NS);
  const lang = useLanguage();
  const list = useTradeList();
  const categories = useLoad(fetchCategories);
  const [category, setCategory] = useState<HomeFilter>(null);
  const [reordering, setReordering] = useState(false);
  const setCurrent = useSetAtom(setCurrentInstrumentAtom);
  const navigate = useAppNavigate();

  const [actionsFor, setActionsFor] = useState<Instrument | null>(null);
  // The press under way: where it started and its timer; `fired` keeps the tap that ends a long press from opening
  // the trade screen as well.
  const press = useRef<{ x: number; y: number; timer: ReturnType<typeof setTimeout> | null; fired: boolean }>(
    {
      x: 0,
      y: 0,
      timer: null,
      fired: false,
    },
  );

  const trade = useCallback(
    (i: Instrument) => {
      setCurrent({ id: i.Id, code: i.Code });
      navigate(PATHS.trade);
    },
    [navigate, setCurrent],
  );
  /** A tap on a row: its trade screen, unless the tap is the end of a long press. */
  const open = useCallback(
    (i: Instrument) => {
      if (press.current.fired) {
        press.current.fired = false;
        return;
      }
      trade(i);
    },
    [trade],
  );
  const endPress = () => {
    if (press.current.timer) clearTimeout(press.current.timer);
    press.current.timer = null;
  };
  const pressHandlers = (i: Instrument) =>
    rowActions && {
      onContextMenu: (e: { preventDefault: () => void }) => {
        e.preventDefault();
        endPress();
        setActionsFor(i);
      },
      onPointerDown: (e: ReactPointerEvent) => {
        endPress();
        press.current.fired = false;
        if (e.pointerType !== 'touch') return;
        press.current.x = e.clientX;
        press.current.y = e.clientY;
        press.current.timer = setTimeout(() => {
          press.current.fired = true;
          press.current.timer = null;
          setActionsFor(i);
        }, LONG_PRESS_MS);
      },
      onPointerMove: (e: ReactPointerEvent) => {
        if (Math.hypot(e.clientX - press.current.x, e.clientY - press.current.y) > PRESS_SLOP) endPress();
      },
      onPointerUp: endPress,
      onPointerCancel: endPress,
    };

  const ids = favourites?.ids;
  const favouriteList = useMemo(() => {
    const byId = new Map(list.data?.map((i) => [i.Id, i]));
    return (ids ?? []).flatMap((id) => byId.get(id) ?? []);
  }, [ids, list.data]);
  /** The favourites, when their chip is the one chosen. */
  const fav = category === 'fav' ? favourites : undefined;
  const visible = fav
    ? favouriteList
    : (list.data?.filter((i) => category === null || i.CategoryId === category) ?? []);
  const choose = useCallback((next: HomeFilter) => {
    setCategory(next);
    setReordering(false);
  }, []);

  // Below-the-fold rows after the first paint of the list (once; a filter change renders them all at once).
  const [allRows, setAllRows] = useState(false);
  const listReady = Boolean(list.data);
  useEffect(() => {
    if (allRows || !listReady) return undefined;
    const frame = requestAnimationFrame(() => startTransition(() => setAllRows(true)));
    return () => cancelAnimationFrame(frame);
  }, [allRows, listReady]);
  const shown = allRows ? visible : visible.slice(0, FIRST_PAINT_ROWS);

  let rows: ReactNode;
  if (fav && !fav.ready) {
    rows = <SkeletonRows rows={3} />;
  } else if (fav && visible.length === 0) {
    rows = <Empty text={t('favourites.empty')} />;
  } else if (visible.length === 0) {
    rows = <Empty />;
  } else if (fav && reordering) {
    rows = fav.reorder(visible);
  } else {
    rows = (
      <ul
        data-testid="market-list"
        aria-label={t('home.title')}
        className={favourites ? 'starred' : undefined}
      >
        {shown.map((i) => (
          <li key={i.Id} {...pressHandlers(i)}>
            <MarketRow instrument={i} lang={lang} onOpen={open} />
            {favourites?.star(i)}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <StaleBadge />
      {categories.status === 'ready' || favourites ? (
        <CategoryChips
          categories={categories.status === 'ready' ? categories.data : []}
          active={category}
          onChange={choose}
          {...(favourites ? { favourites: t('favourites.chip') } : {})}
        />
      ) : (
        <div className="chips" aria-hidden="true" />
      )}
      {list.data && (
        <QuotationsList
          instruments={allRows ? list.data : list.data.slice(0, FIRST_PAINT_ROWS)}
          lang={lang}
        />
      )}
      {fav?.ready && favouriteList.length > 1 && (
        <div className="favbar">
          <button
            type="button"
            className="chip"
            aria-pressed={reordering}
            onClick={() => setReordering((on) => !on)}
            data-testid="favourites-reorder-toggle"
          >
            {t('favourites.reorder')}
          </button>
        </div>
      )}
      {!(fav && reordering) && (
        <div className={favourites ? 'head starred' : 'head'} aria-hidden="true">
          <span>{t('home.name')}</span>
          <span>{t('home.price')}</span>
          <span>{t('home.change')}</span>
        </div>
      )}
      {list.status === 'loading' && <SkeletonRows rows={HOME_SKELETON_ROWS} />}
      {list.status === 'error' && <LoadError onRetry={list.retry} />}
      {list.data && rows}
      {actionsFor && rowActions?.(actionsFor, trade, () => setActionsFor(null))}
    </>
  );
}
