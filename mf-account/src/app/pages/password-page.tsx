import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { ChangePasswordForm } from '../../features/password/components/change-password-form';
import { NS } from '../i18n';

/** `/mine/password` (docs/routes.md). */
export default function PasswordPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-password">
      <PageHeader title={t('password.title')} back />
      <ChangePasswordForm />
    </section>
  );
}
