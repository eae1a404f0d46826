import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/product` (spec §2). */
export default function ProductPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-product">
      <PageHeader title={t('product.title')} back />
      <Empty />
    </section>
  );
}
