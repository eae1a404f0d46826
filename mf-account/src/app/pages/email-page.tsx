import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { ComplaintEmailView } from '../../features/content/components/complaint-email-view';
import { NS } from '../i18n';

/** `/mine/email` (docs/routes.md). */
export default function EmailPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-email">
      <PageHeader title={t('email.title')} back />
      <ComplaintEmailView />
    </section>
  );
}
