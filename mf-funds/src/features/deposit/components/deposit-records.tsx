/** The deposit records of one kind (0 coin, 1 bank), paged; `reloadKey` changes after a deposit or a new balance. */
import { useTranslation } from 'react-i18next';
import { PagedList } from '@meridian/shared/lists';
import type { DepositRecord, DepositType } from '@meridian/shared/pure';
import { Chip, Muted, RecordItem, RecordsHead, Row, SectionTitle } from '../../../components/ui';
import { formatMoney } from '../../../lib/format';
import { NS } from '../../../lib/ns';
import { fetchDeposits } from '../api/deposit-api';
import { DEPOSIT_STATUS_TONE } from '../state/deposit-rules';

export function DepositRecords({ type, reloadKey }: { type: DepositType; reloadKey: string }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <RecordsHead>
        <SectionTitle>{t('charge.records')}</SectionTitle>
      </RecordsHead>
      <PagedList<DepositRecord>
        fetchPage={(page) => fetchDeposits(type, page)}
        reloadKey={reloadKey}
        keyOf={(r) => r.id}
        renderItem={(r) => <DepositItem r={r} />}
      />
    </>
  );
}

function DepositItem({ r }: { r: DepositRecord }) {
  const { t, i18n } = useTranslation(NS);
  return (
    <RecordItem data-testid="deposit-row">
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
