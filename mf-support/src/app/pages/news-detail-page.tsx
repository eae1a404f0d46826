import { useTranslation } from 'react-i18next';
import { PageHeader, useAppLocation } from '@meridian/shared';
import { NewsArticleView } from '../../features/news/components/news-article';
import { NS } from '../i18n';

/** `/news/detail?id=` (docs/routes.md): one article. */
export default function NewsDetailPage() {
  const { t } = useTranslation(NS);
  const { query } = useAppLocation();
  const raw = query.get('id') ?? '';
  const id = /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  return (
    <section data-testid="page-news-detail">
      <PageHeader title={t('newsDetail.title')} back />
      <NewsArticleView id={id} />
    </section>
  );
}
