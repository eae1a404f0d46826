import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { InviteCard } from '../../features/invite/components/invite-card';
import { NS } from '../i18n';

/** `/mine/invite` (docs/routes.md). */
export default function InvitePage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-invite">
      <PageHeader title={t('invite.title')} back />
      <InviteCard />
    </section>
  );
}
