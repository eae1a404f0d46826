import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/mine/coin-address-list` (docs/routes.md). */
export default function CoinAddressListPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-coin-address-list">
      <PageHeader title={t('coinAddressList.title')} back />
      <Empty />
    </section>
  );
}
