import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { MethodList } from '../../features/payout-methods/components/method-list';
import { NS } from '../i18n';

/** `/mine/coin-address-list` (docs/routes.md#minecoin-address-list). */
export default function CoinAddressListPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-coin-address-list">
      <PageHeader title={t('coinAddressList.title')} back />
      <MethodList type={1} />
    </section>
  );
}
