import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { RegisterForm } from '../../features/auth/components/register-form';
import { NS } from '../i18n';

/** `/register` (docs/routes.md). */
export default function RegisterPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-register">
      <PageHeader title={t('register.title')} back />
      <RegisterForm />
    </section>
  );
}
