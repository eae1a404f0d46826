import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { LoginForm } from '../../features/auth/components/login-form';
import { NS } from '../i18n';

/** `/login` (docs/routes.md). */
export default function LoginPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-login">
      <PageHeader title={t('login.title')} back />
      <LoginForm />
    </section>
  );
}
