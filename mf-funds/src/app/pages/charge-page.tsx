import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  CopyButton,
  isApiError,
  LoadError,
  PageHeader,
  QrCode,
  SkeletonRows,
  toast,
  useLoad,
} from '@meridian/shared';
import { PagedList } from '@meridian/shared/lists';
import { MONEY_FIELD } from '@meridian/shared/pure';
import type { DepositRecord, DepositNetwork, PayWay } from '@meridian/shared/pure';
import {
  fetchDeposits,
  fetchNetworks,
  fetchPayWays,
  submitCoinDeposit,
  submitWireDeposit,
} from '../../features/funds-api';
import { useAmount } from '../../features/use-amount';
import { useBalance } from '../../features/use-balance';
import { AmountField, Form, PrimaryButton, SelectField } from '@meridian/shared/forms';
import { ProofSlot } from '../../components/proof-slot';
import { Card, Chip, Dl, Mono, Muted, Row, SectionTitle, Tabs } from '../../components/ui';
import { formatMoney } from '../../lib/format';
import { NS } from '../i18n';

type Tab = 0 | 1;
type Errors = { channel?: string; number?: string; proof?: string };

/** `/mine/charge` (docs/routes.md#minecharge): deposit by coin (0) or bank (1), and the deposit records. */
export default function ChargePage() {
  const { t, i18n } = useTranslation(NS);
  const [tab, setTab] = useState<Tab>(0);
  const [reload, setReload] = useState(0);
  const { balance } = useBalance();
  return (
    <section data-testid="page-mine-charge">
      <PageHeader title={t('charge.title')} back />
      <BalanceLine data-testid="charge-balance">
        <Muted>{t('balance')}</Muted>
        <strong dir="ltr">{balance ? `${formatMoney(balance.balance, i18n.language)} USD` : '—'}</strong>
      </BalanceLine>
      <Tabs<Tab>
        value={tab}
        onChange={setTab}
        label={t('charge.title')}
        items={[
          { value: 0, label: t('charge.coin'), testId: 'charge-tab-coin' },
          { value: 1, label: t('charge.bank'), testId: 'charge-tab-bank' },
        ]}
      />
      {tab === 0 ? (
        <CoinDeposit onDone={() => setReload((n) => n + 1)} />
      ) : (
        <BankDeposit onDone={() => setReload((n) => n + 1)} />
      )}
      <Records>
        <SectionTitle>{t('charge.records')}</SectionTitle>
      </Records>
      <PagedList<DepositRecord>
        fetchPage={(page) => fetchDeposits(tab, page)}
        reloadKey={`${tab}:${reload}:${balance?.balance ?? ''}`}
        keyOf={(r) => r.id}
        renderItem={(r) => <DepositItem r={r} />}
      />
    </section>
  );
}

const STATUS_TONE = { 0: 'wait', 1: 'ok', 2: 'bad', 3: 'off' } as const;

function DepositItem({ r }: { r: DepositRecord }) {
  const { t, i18n } = useTranslation(NS);
  return (
    <RecordItem data-testid="deposit-row">
      <Row>
        <strong dir="ltr">
          {formatMoney(r.number, i18n.language)} USD · {r.currency_code}
        </strong>
        <Chip $tone={STATUS_TONE[r.status]} data-testid="deposit-status">
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

/** Sends once: a second tap while the first is on its way does nothing. */
function useOnce() {
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** A refusal's message goes beside the field it is about. */
function errorsOf(err: unknown): Errors {
  if (!isApiError(err)) return {};
  if (err.code === 1401) return { proof: err.msg };
  if (err.code === 1400) return { channel: err.msg };
  return { number: err.msg };
}

function CoinDeposit({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(NS);
  const nets = useLoad(fetchNetworks);
  const [id, setId] = useState('');
  const [amount, setAmount] = useState('');
  const value = useAmount(amount);
  const [proof, setProof] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const once = useOnce();
  if (nets.status === 'loading') return <SkeletonRows rows={3} />;
  if (nets.status === 'error') return <LoadError onRetry={nets.reload} />;
  const net: DepositNetwork | undefined = nets.data.find((n) => String(n.id) === id);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!net) return setErrors({ channel: t('charge.chooseNetwork') });
    if (value === null) return;
    void once.run(async () => {
      try {
        const msg = await submitCoinDeposit({
          number: value,
          proofImg: proof,
          address: net.address,
          charge_id: net.id,
        });
        toast(msg, 'success');
        setAmount('');
        setProof('');
        setErrors({});
        onDone();
      } catch (err) {
        setErrors(errorsOf(err));
      }
    });
  };

  return (
    <Form noValidate onSubmit={submit} aria-label={t('charge.coin')}>
      <SelectField
        label={t('charge.network')}
        value={id}
        onChange={(v) => {
          setId(v);
          setErrors({});
        }}
        placeholder={t('charge.chooseNetwork')}
        options={nets.data.map((n) => ({
          value: String(n.id),
          label: n.label || `${n.currency_code} · ${n.protocol_code}`,
        }))}
        error={errors.channel}
        testId="charge-network"
      />
      {net && (
        <Card data-testid="charge-address" style={{ marginBlockEnd: 12 }}>
          <Muted>{t('charge.sendTo', { currency: net.currency_code, network: net.protocol_code })}</Muted>
          <QrWrap>
            <QrCode value={net.address} size={160} />
          </QrWrap>
          <Row>
            <Mono data-testid="charge-address-text">{net.address}</Mono>
            <Keep>
              <CopyButton text={net.address} />
            </Keep>
          </Row>
        </Card>
      )}
      <AmountField
        label={t('charge.amount')}
        options={MONEY_FIELD}
        value={amount}
        onChange={(text) => {
          setAmount(text);
          setErrors((e) => ({ ...e, number: undefined }));
        }}
        placeholder="0.00"
        error={errors.number}
        testId="charge-amount"
      />
      <ProofSlot value={proof} onChange={setProof} error={errors.proof} testId="charge-proof" />
      <PrimaryButton type="submit" disabled={once.busy || value === null} data-testid="charge-submit">
        {t('charge.submit')}
      </PrimaryButton>
    </Form>
  );
}

function BankDeposit({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(NS);
  const ways = useLoad(fetchPayWays);
  const [id, setId] = useState('');
  const [amount, setAmount] = useState('');
  const value = useAmount(amount);
  const [proof, setProof] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const once = useOnce();
  if (ways.status === 'loading') return <SkeletonRows rows={3} />;
  if (ways.status === 'error') return <LoadError onRetry={ways.reload} />;
  const way: PayWay | undefined = ways.data.find((w) => String(w.id) === id);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!way) {
      const msg = ways.data.length ? t('charge.noPayWay') : t('charge.noChannel');
      setErrors({ channel: msg });
      toast(msg, 'error');
      return;
    }
    if (value === null) return;
    void once.run(async () => {
      try {
        toast(await submitWireDeposit({ number: value, proofImg: proof, wire_id: way.id }), 'success');
        setAmount('');
        setProof('');
        setErrors({});
        onDone();
      } catch (err) {
        setErrors(errorsOf(err));
      }
    });
  };

  return (
    <Form noValidate onSubmit={submit} aria-label={t('charge.bank')}>
      <SelectField
        label={t('charge.payWay')}
        value={id}
        onChange={(v) => {
          setId(v);
          setErrors({});
        }}
        placeholder={ways.data.length ? t('charge.choosePayWay') : t('charge.noChannel')}
        options={ways.data.map((w) => ({ value: String(w.id), label: `${w.name} (${w.currency_code})` }))}
        error={errors.channel}
        testId="charge-payway"
      />
      {way && (
        <Card data-testid="charge-bank" style={{ marginBlockEnd: 12 }}>
          <Dl>
            <dt>{t('bank.bankName')}</dt>
            <dd>{way.bank_name}</dd>
            <dt>{t('bank.payeeName')}</dt>
            <dd>{way.payee_name}</dd>
            <dt>{t('bank.payeeAccount')}</dt>
            <dd>
              <Mono>{way.payee_account}</Mono>
            </dd>
            <dt>{t('bank.swift')}</dt>
            <dd>
              <Mono>{way.bank_swift}</Mono>
            </dd>
          </Dl>
          <CopyButton text={way.payee_account} />
        </Card>
      )}
      <AmountField
        label={t('charge.amount')}
        options={MONEY_FIELD}
        value={amount}
        onChange={(text) => {
          setAmount(text);
          setErrors((e) => ({ ...e, number: undefined }));
        }}
        placeholder="0.00"
        error={errors.number}
        testId="charge-bank-amount"
      />
      <ProofSlot value={proof} onChange={setProof} error={errors.proof} testId="charge-bank-proof" />
      <PrimaryButton type="submit" disabled={once.busy || value === null} data-testid="charge-bank-submit">
        {t('charge.submit')}
      </PrimaryButton>
    </Form>
  );
}

const BalanceLine = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
`;

const QrWrap = styled.div`
  align-self: center;
  padding: ${({ theme }) => theme.space(2)};
  background: #fff;
  border-radius: ${({ theme }) => theme.radius.sm};
  line-height: 0;
`;

/** The copy button keeps its one line beside a long address. */
const Keep = styled.span`
  flex: none;
  white-space: nowrap;
`;

const Records = styled.div`
  padding-inline: ${({ theme }) => theme.space(4)};
`;

export const RecordItem = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
`;
