import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/` (spec §2). */
export default function HomePage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-home">
      <PageHeader title={t('home.title')} />
      <Empty />
    </section>
  );
}
