import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { WalletLinks } from '../../features/payout-methods/components/wallet-links';
import { NS } from '../i18n';

/** `/mine/wallet` (docs/routes.md#minewallet): the bound coin addresses and bank accounts, with their lists. */
export default function WalletPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-wallet">
      <PageHeader title={t('wallet.title')} back />
      <WalletLinks />
    </section>
  );
}
