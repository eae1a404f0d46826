/** The account's ledger, paged, newest first; amounts signed and coloured by direction. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PagedList } from '@meridian/shared/lists';
import type { LedgerRow } from '@meridian/shared/pure';
import { Muted, Row } from '../../../components/ui';
import { formatMoney } from '../../../lib/format';
import { NS } from '../../../lib/ns';
import { fetchHistory } from '../api/history-api';
import { isDebit, ledgerLabel } from '../state/ledger-row';

export function LedgerList() {
  return (
    <PagedList<LedgerRow>
      fetchPage={fetchHistory}
      keyOf={(r) => r.Id}
      renderItem={(r) => <LedgerItem row={r} />}
    />
  );
}

function LedgerItem({ row }: { row: LedgerRow }) {
  const { i18n } = useTranslation(NS);
  return (
    <Item data-testid="history-row">
      <Row>
        <span>{ledgerLabel(row)}</span>
        <Amount $negative={isDebit(row)} dir="ltr" data-testid="history-amount">
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
