import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/news` (docs/routes.md). */
export default function NewsPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-news">
      <PageHeader title={t('news.title')} />
      <Empty />
    </section>
  );
}
