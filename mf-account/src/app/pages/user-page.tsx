import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/user` (spec §2). */
export default function UserPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-user">
      <PageHeader title={t('user.title')} />
      <Empty />
    </section>
  );
}
