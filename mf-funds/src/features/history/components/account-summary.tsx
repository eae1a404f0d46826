/** The account at live prices (forexDetail): balance, equity and what is free; left out when it cannot load. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLoad } from '@meridian/shared';
import { Card, Dl } from '../../../components/ui';
import { formatMoney } from '../../../lib/format';
import { NS } from '../../../lib/ns';
import { fetchFigures } from '../api/history-api';

export function AccountSummary() {
  const { t, i18n } = useTranslation(NS);
  const figures = useLoad(fetchFigures);
  if (figures.status !== 'ready') return null;
  const f = figures.data;
  const usd = (v: string) => `${formatMoney(v, i18n.language)} USD`;
  return (
    <SummaryCard data-testid="history-summary">
      <Dl>
        <dt>{t('balance')}</dt>
        <dd dir="ltr" data-testid="history-balance">
          {usd(f.balance)}
        </dd>
        <dt>{t('history.equity')}</dt>
        <dd dir="ltr" data-testid="history-equity">
          {usd(f.equity)}
        </dd>
        <dt>{t('history.freeMargin')}</dt>
        <dd dir="ltr" data-testid="history-free">
          {usd(f.free_margin)}
        </dd>
      </Dl>
    </SummaryCard>
  );
}

const SummaryCard = styled(Card)`
  margin: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
`;
