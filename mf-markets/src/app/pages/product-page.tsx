import { useTranslation } from 'react-i18next';
import { PageHeader, useQueryParam } from '@meridian/shared';
import { FavouriteStar } from '../../features/favourites/components/favourite-star';
import { CompanySearch } from '../../features/search/components/company-search';
import { InstrumentSearch } from '../../features/search/components/instrument-search';
import type { Instrument } from '../../lib/instruments';
import { NS } from '../i18n';

const star = (i: Instrument) => <FavouriteStar instrument={i} />;

/**
 * `/product` (docs/routes.md): instrument search; in main mode (`/product?mode=main`, the spec does not say how main mode
 * is chosen) company search with the company popup.
 */
export default function ProductPage() {
  const { t } = useTranslation(NS);
  const main = useQueryParam('mode') === 'main';
  return (
    <section data-testid="page-product">
      <PageHeader title={t(main ? 'product.companyTitle' : 'product.title')} back />
      {main ? <CompanySearch /> : <InstrumentSearch action={star} />}
    </section>
  );
}
