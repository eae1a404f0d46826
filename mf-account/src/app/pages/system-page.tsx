import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { SystemPanel } from '../../features/system/components/system-panel';
import { NS } from '../i18n';

/** `/mine/system` (docs/routes.md). */
export default function SystemPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-system">
      <PageHeader title={t('system.title')} back />
      <SystemPanel />
    </section>
  );
}
