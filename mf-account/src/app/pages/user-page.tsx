import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { UserCentre } from '../../features/user-centre/components/user-centre';
import { NS } from '../i18n';

/** `/user` (docs/routes.md). */
export default function UserPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-user">
      <PageHeader title={t('user.title')} />
      <UserCentre />
    </section>
  );
}
