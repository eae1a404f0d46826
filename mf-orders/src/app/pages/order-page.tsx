import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/order` (spec §2). */
export default function OrderPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-order">
      <PageHeader title={t('title')} />
      <Empty />
    </section>
  );
}
