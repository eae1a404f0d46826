/** The bank deposit: choose one of our pay ways, wire to it, say how much and show the proof. */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton, LoadError, SkeletonRows, toast, useLoad } from '@meridian/shared';
import { AmountField, Form, PrimaryButton, SelectField } from '@meridian/shared/forms';
import { MONEY_FIELD } from '@meridian/shared/pure';
import { ProofSlot } from '../../../components/proof-slot';
import { Card, Dl, Mono } from '../../../components/ui';
import { useAmount } from '../../../lib/amount';
import { NS } from '../../../lib/ns';
import { fetchPayWays, submitWireDeposit } from '../api/deposit-api';
import { useOnce } from '../hooks/use-once';
import { missingPayWayKey, payWayLabel, payWayPromptKey } from '../state/deposit-rules';
import type { DepositErrors } from '../state/deposit-rules';
import { errorsOf } from './errors';

export function BankDepositForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(NS);
  const ways = useLoad(fetchPayWays);
  const [id, setId] = useState('');
  const [amount, setAmount] = useState('');
  const value = useAmount(amount);
  const [proof, setProof] = useState('');
  const [errors, setErrors] = useState<DepositErrors>({});
  const once = useOnce();
  if (ways.status === 'loading') return <SkeletonRows rows={3} />;
  if (ways.status === 'error') return <LoadError onRetry={ways.reload} />;
  const way = ways.data.find((w) => String(w.id) === id);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!way) {
      const msg = t(missingPayWayKey(ways.data.length));
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
        placeholder={t(payWayPromptKey(ways.data.length))}
        options={ways.data.map((w) => ({ value: String(w.id), label: payWayLabel(w) }))}
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
