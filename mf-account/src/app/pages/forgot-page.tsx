import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { ForgotForm } from '../../features/auth/components/forgot-form';
import { NS } from '../i18n';

/** `/forgot` (docs/routes.md). */
export default function ForgotPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-forgot">
      <PageHeader title={t('forgot.title')} back />
      <ForgotForm />
    </section>
  );
}
