import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/rank` (spec §2). */
export default function RankPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-rank">
      <PageHeader title={t('rank.title')} />
      <Empty />
    </section>
  );
}
