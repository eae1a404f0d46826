import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { PushSwitch } from '@meridian/shared/push';
import { NotificationsView } from '../../features/notifications/components/notifications-view';
import { NS } from '../i18n';

/** `/mine/notifications` (docs/routes.md). */
export default function NotificationsPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-notifications">
      <PageHeader title={t('notifications.title')} back />
      <PushSwitch />
      <NotificationsView />
    </section>
  );
}
