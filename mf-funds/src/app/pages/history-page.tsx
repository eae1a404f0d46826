import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { AccountSummary } from '../../features/history/components/account-summary';
import { LedgerList } from '../../features/history/components/ledger-list';
import { NS } from '../i18n';

/** `/mine/history` (docs/routes.md#minehistory): the account's ledger, paged, with pull-to-refresh. */
export default function HistoryPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-history">
      <PageHeader title={t('history.title')} back />
      <AccountSummary />
      <LedgerList />
    </section>
  );
}
