import { useTranslation } from 'react-i18next';
import { AppLink, PageHeader } from '@meridian/shared';
import { PATHS } from '@meridian/shared/pure';
import { HomeStyle } from '../../features/quotes/components/home-style';
import { MarketHome } from '../../features/quotes/components/market-home';
import { NS } from '../i18n';

/** `/` (docs/routes.md): the quotes home, with the search icon (to /product) and the language switcher in the header. */
export default function HomePage() {
  const { t } = useTranslation(NS);
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
      <MarketHome />
    </HomeStyle>
  );
}
