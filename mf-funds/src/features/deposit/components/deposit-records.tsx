/**
 * The deposit records of one kind (0 coin, 1 bank), paged; `reloadKey` changes after a deposit or a new balance. The
 * record a notification opened (`?record=`) is marked and brought into view.
 */
import { useTranslation } from 'react-i18next';
import { PagedList } from '@meridian/shared/lists';
import type { DepositRecord, DepositType } from '@meridian/shared/pure';
import { Chip, Muted, RecordItem, RecordsHead, Row, SectionTitle } from '../../../components/ui';
import { formatMoney } from '../../../lib/format';
import { useMarkedRecord, useScrollIntoView } from '../../../lib/marked-record';
import { NS } from '../../../lib/ns';
import { fetchDeposits } from '../api/deposit-api';
import { DEPOSIT_STATUS_TONE } from '../state/deposit-rules';

export function DepositRecords({ type, reloadKey }: { type: DepositType; reloadKey: string }) {
  const { t } = useTranslation(NS);
  const marked = useMarkedRecord();
  return (
    <>
      <RecordsHead>
        <SectionTitle>{t('charge.records')}</SectionTitle>
      </RecordsHead>
      <PagedList<DepositRecord>
        fetchPage={(page) => fetchDeposits(type, page)}
        reloadKey={reloadKey}
        keyOf={(r) => r.id}
        renderItem={(r) => <DepositItem r={r} marked={r.id === marked} />}
      />
    </>
  );
}

function DepositItem({ r, marked }: { r: DepositRecord; marked: boolean }) {
  const { t, i18n } = useTranslation(NS);
  const ref = useScrollIntoView(marked);
  return (
    <RecordItem ref={ref} aria-current={marked || undefined} data-testid="deposit-row">
      <Row>
        <strong dir="ltr">
          {formatMoney(r.number, i18n.language)} USD · {r.currency_code}
        </strong>
        <Chip $tone={DEPOSIT_STATUS_TONE[r.status]} data-testid="deposit-status">
          {t(`charge.status.${r.status}`)}
        </Chip>
      </Row>
      <Row>
        <Muted dir="ltr">{r.created_at}</Muted>
        {r.remark && <Muted>{r.remark}</Muted>}
      </Row>
    </RecordItem>
  );
}
