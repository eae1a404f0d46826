/**
 * The quotes home (docs/routes.md `/`): category chips, the quotations strip, the market list with live DAY_MARKET
 * prices, and its four states (10 skeleton rows, error with retry, 'no data', the list). The list renders when the
 * instruments or the filter change, not on ticks: each row's prices are kept current by the quote board.
 */
import { useCallback, useState } from 'react';
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
import { MarketRow } from './market-row';
import { QuotationsList } from './quotations-list';
import { StaleBadge } from './stale-badge';

export function MarketHome() {
  const { t } = useTranslation(NS);
  const lang = useLanguage();
  const list = useTradeList();
  const categories = useLoad(fetchCategories);
  const [category, setCategory] = useState<number | null>(null);
  const setCurrent = useSetAtom(setCurrentInstrumentAtom);
  const navigate = useAppNavigate();

  const open = useCallback(
    (i: Instrument) => {
      setCurrent({ id: i.Id, code: i.Code });
      navigate(PATHS.trade);
    },
    [navigate, setCurrent],
  );

  const visible = list.data?.filter((i) => category === null || i.CategoryId === category) ?? [];

  return (
    <>
      <StaleBadge />
      {categories.status === 'ready' ? (
        <CategoryChips categories={categories.data} active={category} onChange={setCategory} />
      ) : (
        <div className="chips" aria-hidden="true" />
      )}
      {list.data && <QuotationsList instruments={list.data} lang={lang} />}
      <div className="head" aria-hidden="true">
        <span>{t('home.name')}</span>
        <span>{t('home.price')}</span>
        <span>{t('home.change')}</span>
      </div>
      {list.status === 'loading' && <SkeletonRows rows={HOME_SKELETON_ROWS} />}
      {list.status === 'error' && <LoadError onRetry={list.retry} />}
      {list.data &&
        (visible.length === 0 ? (
          <Empty />
        ) : (
          <ul data-testid="market-list" aria-label={t('home.title')}>
            {visible.map((i) => (
              <li key={i.Id}>
                <MarketRow instrument={i} lang={lang} onOpen={open} />
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}
