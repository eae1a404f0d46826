import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { AnnouncementView } from '../../features/content/components/announcement-view';
import { NS } from '../i18n';

/** `/mine/announcement` (docs/routes.md). */
export default function AnnouncementPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-announcement">
      <PageHeader title={t('announcement.title')} back />
      <AnnouncementView />
    </section>
  );
}
