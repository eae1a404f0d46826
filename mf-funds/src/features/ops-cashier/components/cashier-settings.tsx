/**
 * Cashier settings (finance, admin): our receiving addresses and bank pay ways (add, disable, enable) and the
 * withdrawal currencies with their fee type, rate and USD price (add, edit, disable). Every change is audited by the
 * server; addresses are checked for their network there too.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { OpsPage } from '@meridian/shared/ops';
import { OPS_NS } from '../../../lib/ops-ns';
import { ChannelsCard } from './channels-card';
import { CurrenciesCard } from './currencies-card';

export function CashierSettings() {
  const { t } = useTranslation(OPS_NS);
  return (
    <OpsPage title={t('cashier.title')} subtitle={t('cashier.subtitle')} testId="page-ops-cashier">
      <Stack>
        <ChannelsCard />
        <CurrenciesCard />
      </Stack>
    </OpsPage>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  h3 {
    margin: ${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(2)};
    font-size: 15px;
  }
`;
