import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink, LazyBoundary, lazyWithRetry, PageHeader } from '@meridian/shared';
import { PATHS } from '@meridian/shared/pure';
import { FavouriteStar } from '../../features/favourites/components/favourite-star';
import { FavouritesReorder } from '../../features/favourites/components/favourites-reorder';
import { useFavourites } from '../../features/favourites/hooks/use-favourites';
import { HomeStyle } from '../../features/quotes/components/home-style';
import { MarketHome } from '../../features/quotes/components/market-home';
import type { HomeFavourites, RowActionsSlot } from '../../features/quotes/components/market-home';
import type { Instrument } from '../../lib/instruments';
import { NS } from '../i18n';

const star = (i: Instrument) => <FavouriteStar instrument={i} />;
const reorder = (list: readonly Instrument[]) => <FavouritesReorder instruments={list} />;
// A row's long press: a price alert on it, or its trade screen (the alerts feature, loaded with the first one).
const RowActions = lazyWithRetry(() => import('../../features/alerts/components/row-actions'));
const rowActions: RowActionsSlot = (instrument, onTrade, onClose) => (
  <LazyBoundary onDismiss={onClose} floating>
    <Suspense fallback={null}>
      <RowActions instrument={instrument} onTrade={onTrade} onClose={onClose} />
    </Suspense>
  </LazyBoundary>
);

/**
 * `/` (docs/routes.md): the quotes home, with the search icon (to /product) and the language switcher in the header,
 * the trader's favourites (their chip, list and stars) from the favourites feature, and a row's long press (a price
 * alert, the trade screen) from the alerts feature.
 */
export default function HomePage() {
  const { t } = useTranslation(NS);
  const { ids, ready } = useFavourites();
  const favourites = useMemo<HomeFavourites>(() => ({ ids, ready, star, reorder }), [ids, ready]);
  return (
    <HomeStyle as="section" data-testid="page-home">
      <PageHeader
        title={t('home.title')}
        action={
          <div className="acts">
            <AppLink
              className="icon"
              to={PATHS.product}
              aria-label={t('home.search')}
              data-testid="search-link"
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="1.8" />
                <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </AppLink>
            <AppLink
              className="icon"
              to={PATHS.language}
              aria-label={t('home.language')}
              data-testid="language-switcher"
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
                <path
                  d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9s1.3-6.4 3.8-9z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                />
              </svg>
            </AppLink>
          </div>
        }
      />
      <MarketHome favourites={favourites} rowActions={rowActions} />
    </HomeStyle>
  );
}
