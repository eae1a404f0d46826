import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/mine/charge` (docs/routes.md). */
export default function ChargePage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-charge">
      <PageHeader title={t('charge.title')} back />
      <Empty />
    </section>
  );
}
