import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { Ranking } from '../../features/rank/components/ranking';
import { NS } from '../i18n';

/** `/rank` (docs/routes.md): the copy-trading ranking. */
export default function RankPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-rank">
      <PageHeader title={t('rank.title')} />
      <Ranking />
    </section>
  );
}
