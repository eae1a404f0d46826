import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { NewsList } from '../../features/news/components/news-list';
import { NS } from '../i18n';

/** `/news` (docs/routes.md): the news list, category 1. */
export default function NewsPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-news">
      <PageHeader title={t('news.title')} />
      <NewsList />
    </section>
  );
}
