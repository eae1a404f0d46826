import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { AlertsView } from '../../features/alerts/components/alerts-view';
import { NS } from '../i18n';

/** `/mine/alerts` (docs/routes.md). */
export default function AlertsPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-alerts">
      <PageHeader title={t('alerts.title')} back />
      <AlertsView />
    </section>
  );
}
