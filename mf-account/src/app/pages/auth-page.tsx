import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/mine/auth` (spec §2). */
export default function AuthPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-auth">
      <PageHeader title={t('auth.title')} back />
      <Empty />
    </section>
  );
}
