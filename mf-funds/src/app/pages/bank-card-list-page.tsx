import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { MethodList } from '../../features/payout-methods/components/method-list';
import { NS } from '../i18n';

/** `/mine/bank-card-list` (docs/routes.md#minebank-card-list). */
export default function BankCardListPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-bank-card-list">
      <PageHeader title={t('bankCardList.title')} back />
      <MethodList type={2} />
    </section>
  );
}
