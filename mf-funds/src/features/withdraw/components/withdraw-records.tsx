/**
 * The withdrawal records of one kind (1 coin, 2 bank), paged; `reloadKey` changes after a withdrawal. The record a
 * notification opened (`?record=`) is marked and brought into view.
 */
import { useTranslation } from 'react-i18next';
import { PagedList } from '@meridian/shared/lists';
import type { DrawType, WithdrawRecord } from '@meridian/shared/pure';
import { Chip, Muted, RecordItem, RecordsHead, Row, SectionTitle } from '../../../components/ui';
import { formatMoney } from '../../../lib/format';
import { useMarkedRecord, useScrollIntoView } from '../../../lib/marked-record';
import { NS } from '../../../lib/ns';
import { fetchWithdrawals } from '../api/withdraw-api';
import { WITHDRAW_STATUS_TONE } from '../state/withdraw-rules';

export function WithdrawRecords({ type, reloadKey }: { type: DrawType; reloadKey: string }) {
  const { t } = useTranslation(NS);
  const marked = useMarkedRecord();
  return (
    <>
      <RecordsHead>
        <SectionTitle>{t('withdraw.records')}</SectionTitle>
      </RecordsHead>
      <PagedList<WithdrawRecord>
        fetchPage={(page) => fetchWithdrawals(type, page)}
        reloadKey={reloadKey}
        keyOf={(r) => r.id}
        renderItem={(r) => <WithdrawItem r={r} marked={r.id === marked} />}
      />
    </>
  );
}

function WithdrawItem({ r, marked }: { r: WithdrawRecord; marked: boolean }) {
  const { t, i18n } = useTranslation(NS);
  const ref = useScrollIntoView(marked);
  return (
    <RecordItem ref={ref} aria-current={marked || undefined} data-testid="withdraw-row">
      <Row>
        <strong dir="ltr">{formatMoney(r.number, i18n.language)} USD</strong>
        <Chip $tone={WITHDRAW_STATUS_TONE[r.status]} data-testid="withdraw-status">
          {r.status_name}
        </Chip>
      </Row>
      <Row>
        <Muted>
          {t('withdraw.fee')} <span dir="ltr">{r.fee}</span> · {t('withdraw.received')}{' '}
          <span dir="ltr">
            {r.real_number} {r.draw_currency.code}
          </span>
        </Muted>
      </Row>
      <Row>
        <Muted dir="ltr">{r.created_at}</Muted>
        {r.notes && <Muted>{r.notes}</Muted>}
      </Row>
    </RecordItem>
  );
}
