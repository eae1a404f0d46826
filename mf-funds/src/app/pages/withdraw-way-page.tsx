import { useTranslation } from 'react-i18next';
import { PageHeader, useQueryParam } from '@meridian/shared';
import { BankBindForm } from '../../features/payout-methods/components/bank-bind-form';
import { CoinBindForm } from '../../features/payout-methods/components/coin-bind-form';
import { NS } from '../i18n';

/** `/mine/withdraw-way?type=1|2` (docs/routes.md#minewithdraw-way): bind a coin address or a bank account. */
export default function WithdrawWayPage() {
  const { t } = useTranslation(NS);
  const type = useQueryParam('type') === '2' ? 2 : 1;
  return (
    <section data-testid="page-mine-withdraw-way">
      <PageHeader title={type === 1 ? t('withdrawWay.coinTitle') : t('withdrawWay.bankTitle')} back />
      {type === 1 ? <CoinBindForm /> : <BankBindForm />}
    </section>
  );
}
