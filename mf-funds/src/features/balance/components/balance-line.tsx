/** The balance line at the top of the deposit and withdraw pages: a dash until the balance has loaded. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Balance } from '@meridian/shared/pure';
import { Muted } from '../../../components/ui';
import { formatMoney } from '../../../lib/format';
import { NS } from '../../../lib/ns';

export function BalanceLine({ balance, testId }: { balance: Balance | null; testId: string }) {
  const { t, i18n } = useTranslation(NS);
  return (
    <Line data-testid={testId}>
      <Muted>{t('balance')}</Muted>
      <strong dir="ltr">{balance ? `${formatMoney(balance.balance, i18n.language)} USD` : '—'}</strong>
    </Line>
  );
}

const Line = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
`;
