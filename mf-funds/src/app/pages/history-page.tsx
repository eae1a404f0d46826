import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PageHeader } from '@meridian/shared';
import { PagedList } from '@meridian/shared/lists';
import { LEDGER_TYPE } from '@meridian/shared/pure';
import type { LedgerRow } from '@meridian/shared/pure';
import { fetchHistory } from '../../features/funds-api';
import { Muted, Row } from '../../components/ui';
import { NS } from '../i18n';

/** `/mine/history` (docs/routes.md#minehistory): the account's ledger, paged, with pull-to-refresh. */
export default function HistoryPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-history">
      <PageHeader title={t('history.title')} back />
      <PagedList<LedgerRow>
        fetchPage={fetchHistory}
        keyOf={(r) => r.Id}
        renderItem={(r) => <HistoryItem row={r} />}
      />
    </section>
  );
}

function HistoryItem({ row }: { row: LedgerRow }) {
  const negative = row.Value.startsWith('-');
  return (
    <Item data-testid="history-row">
      <Row>
        <span>{row.Type === LEDGER_TYPE.other ? row.Memo : row.MemoTran}</span>
        <Amount $negative={negative} dir="ltr">
          {negative ? row.Value : `+${row.Value}`}
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
