import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/mine/history` (docs/routes.md). */
export default function HistoryPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-history">
      <PageHeader title={t('history.title')} back />
      <Empty />
    </section>
  );
}
