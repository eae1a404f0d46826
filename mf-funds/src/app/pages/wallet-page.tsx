import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/mine/wallet` (docs/routes.md). */
export default function WalletPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-wallet">
      <PageHeader title={t('wallet.title')} back />
      <Empty />
    </section>
  );
}
