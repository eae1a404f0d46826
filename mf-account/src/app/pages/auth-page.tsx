import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { RealNameView } from '../../features/real-name/components/real-name-view';
import { NS } from '../i18n';

/** `/mine/auth` (docs/routes.md). */
export default function AuthPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-auth">
      <PageHeader title={t('auth.title')} back />
      <RealNameView />
    </section>
  );
}
