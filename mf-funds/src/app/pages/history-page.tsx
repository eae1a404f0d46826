import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PageHeader, useLoad } from '@meridian/shared';
import { PagedList } from '@meridian/shared/lists';
import { LEDGER_TYPE } from '@meridian/shared/pure';
import type { LedgerRow } from '@meridian/shared/pure';
import { fetchFigures, fetchHistory } from '../../features/funds-api';
import { Card, Dl, Muted, Row } from '../../components/ui';
import { formatMoney } from '../../lib/format';
import { NS } from '../i18n';

/** `/mine/history` (docs/routes.md#minehistory): the account's ledger, paged, with pull-to-refresh. */
export default function HistoryPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-history">
      <PageHeader title={t('history.title')} back />
      <Summary />
      <PagedList<LedgerRow>
        fetchPage={fetchHistory}
        keyOf={(r) => r.Id}
        renderItem={(r) => <HistoryItem row={r} />}
      />
    </section>
  );
}

/** The account at live prices (forexDetail): balance, equity and what is free. */
function Summary() {
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

function HistoryItem({ row }: { row: LedgerRow }) {
  const { i18n } = useTranslation(NS);
  const negative = row.Value.startsWith('-');
  return (
    <Item data-testid="history-row">
      <Row>
        <span>{row.Type === LEDGER_TYPE.other ? row.Memo : row.MemoTran}</span>
        <Amount $negative={negative} dir="ltr" data-testid="history-amount">
          {formatMoney(row.Value, i18n.language, true)}
        </Amount>
      </Row>
      <Muted dir="ltr">{row.CreatedAtTran}</Muted>
    </Item>
  );
}

const Item = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
`;

const Amount = styled.span<{ $negative: boolean }>`
  font-variant-numeric: tabular-nums;
  font-weight: 600;
  color: ${({ theme, $negative }) => ($negative ? theme.color.down : theme.color.up)};
`;
