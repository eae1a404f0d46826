import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/feedback` (docs/routes.md). */
export default function FeedbackPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-feedback">
      <PageHeader title={t('feedback.title')} back />
      <Empty />
    </section>
  );
}
