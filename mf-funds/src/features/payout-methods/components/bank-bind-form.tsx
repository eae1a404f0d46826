/** Bind a bank account: the required fields named, the optional ones marked; sent trimmed. */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, Form, PrimaryButton } from '@meridian/shared/forms';
import { Muted } from '../../../components/ui';
import { NS } from '../../../lib/ns';
import { useBind } from '../hooks/use-bind';
import {
  BANK_FIELDS,
  bankBinding,
  emptyBankValues,
  REQUIRED_BANK_FIELDS,
  validateBankBinding,
} from '../state/bind-rules';
import type { BankValues } from '../state/bind-rules';

export function BankBindForm() {
  const { t } = useTranslation(NS);
  const [values, setValues] = useState<BankValues>(emptyBankValues);
  const bind = useBind();
  const labels = Object.fromEntries(BANK_FIELDS.map(([k, l]) => [k, t(l)]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateBankBinding(values);
    bind.setErrors(Object.fromEntries(Object.entries(found).map(([k, key]) => [k, t(key)])));
    if (Object.keys(found).length) return;
    void bind.send(bankBinding(values), labels);
  };
  return (
    <Form noValidate onSubmit={submit} aria-label={t('withdrawWay.bankTitle')}>
      {BANK_FIELDS.map(([k, label]) => (
        <Field
          key={k}
          label={REQUIRED_BANK_FIELDS.includes(k) ? t(label) : `${t(label)} (${t('withdrawWay.optional')})`}
          value={values[k]}
          autoComplete="off"
          onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
          error={bind.errors[k]}
          testId={`bind-${k}`}
        />
      ))}
      <Muted>{t('withdrawWay.coolingNote')}</Muted>
      <PrimaryButton type="submit" disabled={bind.busy} data-testid="bind-submit">
        {t('withdrawWay.submit')}
      </PrimaryButton>
    </Form>
  );
}
