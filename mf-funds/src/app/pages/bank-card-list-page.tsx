import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/mine/bank-card-list` (docs/routes.md). */
export default function BankCardListPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-bank-card-list">
      <PageHeader title={t('bankCardList.title')} back />
      <Empty />
    </section>
  );
}
