import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/mine/password` (spec §2). */
export default function PasswordPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-password">
      <PageHeader title={t('password.title')} back />
      <Empty />
    </section>
  );
}
