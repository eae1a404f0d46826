import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/news/detail` (docs/routes.md). */
export default function NewsDetailPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-news-detail">
      <PageHeader title={t('newsDetail.title')} back />
      <Empty />
    </section>
  );
}
