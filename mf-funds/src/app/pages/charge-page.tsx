import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import type { DepositType } from '@meridian/shared/pure';
import { Tabs } from '../../components/ui';
import { BalanceLine } from '../../features/balance/components/balance-line';
import { useBalance } from '../../features/balance/hooks/use-balance';
import { BankDepositForm } from '../../features/deposit/components/bank-deposit-form';
import { CoinDepositForm } from '../../features/deposit/components/coin-deposit-form';
import { DepositRecords } from '../../features/deposit/components/deposit-records';
import { useTabParam } from '../../lib/marked-record';
import { NS } from '../i18n';

/**
 * `/mine/charge` (docs/routes.md#minecharge): deposit by coin (0) or bank (1), and the deposit records; `?type=` picks
 * the tab and `?record=` marks a record (a notification opened it).
 */
export default function ChargePage() {
  const { t } = useTranslation(NS);
  const asked = useTabParam();
  const [tab, setTab] = useState<DepositType>(asked ?? 0);
  const [reload, setReload] = useState(0);
  const { balance } = useBalance();
  const done = () => setReload((n) => n + 1);
  return (
    <section data-testid="page-mine-charge">
      <PageHeader title={t('charge.title')} back />
      <BalanceLine balance={balance} testId="charge-balance" />
      <Tabs<DepositType>
        value={tab}
        onChange={setTab}
        label={t('charge.title')}
        items={[
          { value: 0, label: t('charge.coin'), testId: 'charge-tab-coin' },
          { value: 1, label: t('charge.bank'), testId: 'charge-tab-bank' },
        ]}
      />
      {tab === 0 ? <CoinDepositForm onDone={done} /> : <BankDepositForm onDone={done} />}
      <DepositRecords type={tab} reloadKey={`${tab}:${reload}:${balance?.balance ?? ''}`} />
    </section>
  );
}
