import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { StatementView } from '../../features/statement/components/statement-view';
import { NS } from '../i18n';

/** `/mine/statement` (docs/routes.md). */
export default function StatementPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-statement">
      <PageHeader title={t('statement.title')} back />
      <StatementView />
    </section>
  );
}
