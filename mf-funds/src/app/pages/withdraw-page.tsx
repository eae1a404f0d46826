import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { Tabs } from '../../components/ui';
import { BalanceLine } from '../../features/balance/components/balance-line';
import { useBalance } from '../../features/balance/hooks/use-balance';
import { BankHint } from '../../features/withdraw/components/bank-hint';
import { CoinWithdrawForm } from '../../features/withdraw/components/coin-withdraw-form';
import { WithdrawRecords } from '../../features/withdraw/components/withdraw-records';
import { useTabParam } from '../../lib/marked-record';
import { NS } from '../i18n';

type Tab = 0 | 1;

/**
 * `/mine/withdraw` (docs/routes.md#minewithdraw): coin withdrawals (tab 0), a hint for bank (tab 1), records;
 * `?type=` picks the tab and `?record=` marks a record (a notification opened it).
 */
export default function WithdrawPage() {
  const { t } = useTranslation(NS);
  const asked = useTabParam();
  const [tab, setTab] = useState<Tab>(asked ?? 0);
  const [reload, setReload] = useState(0);
  const { balance, refresh } = useBalance();
  return (
    <section data-testid="page-mine-withdraw">
      <PageHeader title={t('withdraw.title')} back />
      <BalanceLine balance={balance} testId="withdraw-balance" />
      <Tabs<Tab>
        value={tab}
        onChange={setTab}
        label={t('withdraw.title')}
        items={[
          { value: 0, label: t('withdraw.coin'), testId: 'withdraw-tab-coin' },
          { value: 1, label: t('withdraw.bank'), testId: 'withdraw-tab-bank' },
        ]}
      />
      {tab === 0 ? (
        <CoinWithdrawForm
          reloadKey={reload}
          onDone={() => {
            refresh();
            setReload((n) => n + 1);
          }}
        />
      ) : (
        <BankHint />
      )}
      <WithdrawRecords type={tab === 0 ? 1 : 2} reloadKey={`${tab}:${reload}:${balance?.balance ?? ''}`} />
    </section>
  );
}
