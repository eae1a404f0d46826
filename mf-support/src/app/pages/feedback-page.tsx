import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { FeedbackForm } from '../../features/feedback/components/feedback-form';
import { NS } from '../i18n';

/** `/feedback` (docs/routes.md): the page with a back arrow, and a short form that reaches the agent inbox. */
export default function FeedbackPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-feedback">
      <PageHeader title={t('feedback.title')} back />
      <FeedbackForm />
    </section>
  );
}
