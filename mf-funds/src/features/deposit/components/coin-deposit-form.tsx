/** The coin deposit: choose one of our receiving addresses, send to it, say how much and show the proof. */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CopyButton, LoadError, QrCode, SkeletonRows, toast, useLoad } from '@meridian/shared';
import { AmountField, Form, PrimaryButton, SelectField } from '@meridian/shared/forms';
import { MONEY_FIELD } from '@meridian/shared/pure';
import { ProofSlot } from '../../../components/proof-slot';
import { Card, Mono, Muted, Row } from '../../../components/ui';
import { useAmount } from '../../../lib/amount';
import { NS } from '../../../lib/ns';
import { fetchNetworks, submitCoinDeposit } from '../api/deposit-api';
import { useOnce } from '../hooks/use-once';
import { networkLabel } from '../state/deposit-rules';
import type { DepositErrors } from '../state/deposit-rules';
import { errorsOf } from './errors';

export function CoinDepositForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(NS);
  const nets = useLoad(fetchNetworks);
  const [id, setId] = useState('');
  const [amount, setAmount] = useState('');
  const value = useAmount(amount);
  const [proof, setProof] = useState('');
  const [errors, setErrors] = useState<DepositErrors>({});
  const once = useOnce();
  if (nets.status === 'loading') return <SkeletonRows rows={3} />;
  if (nets.status === 'error') return <LoadError onRetry={nets.reload} />;
  const net = nets.data.find((n) => String(n.id) === id);

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
        options={nets.data.map((n) => ({ value: String(n.id), label: networkLabel(n) }))}
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
