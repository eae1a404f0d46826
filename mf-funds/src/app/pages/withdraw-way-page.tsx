import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isApiError,
  LoadError,
  PageHeader,
  SkeletonRows,
  toast,
  useAppBack,
  useLoad,
  useQueryParam,
} from '@meridian/shared';
import { fetchSymbols, bindMethod } from '../../features/funds-api';
import { Field, Form, PrimaryButton, SelectField } from '@meridian/shared/forms';
import { Muted } from '../../components/ui';
import { NS } from '../i18n';

const BANK_FIELDS = [
  ['bank_name', 'bank.bankName'],
  ['bank_address', 'bank.bankAddress'],
  ['branch_name', 'bank.branch'],
  ['bank_swift', 'bank.swift'],
  ['payee_name', 'bank.payeeName'],
  ['payee_account', 'bank.payeeAccount'],
  ['receive_currency', 'bank.currency'],
  ['remark', 'bank.remark'],
] as const;
type BankField = (typeof BANK_FIELDS)[number][0];
const REQUIRED: readonly BankField[] = [
  'bank_name',
  'bank_address',
  'bank_swift',
  'payee_name',
  'payee_account',
];

/** Which field a refusal is about, from its code or the field label the server named. */
function fieldOf(code: number, msg: string, labels: Record<string, string>): string {
  if (code === 1404) return 'dc_address';
  if (code === 1405) return 'bank_swift';
  if (code === 1411) return 'dc_address';
  if (code === 1402) return 'draw_id';
  return Object.keys(labels).find((k) => msg.includes(labels[k]!)) ?? 'dc_address';
}

/** `/mine/withdraw-way?type=1|2` (docs/routes.md#minewithdraw-way): bind a coin address or a bank account. */
export default function WithdrawWayPage() {
  const { t } = useTranslation(NS);
  const type = useQueryParam('type') === '2' ? 2 : 1;
  return (
    <section data-testid="page-mine-withdraw-way">
      <PageHeader title={type === 1 ? t('withdrawWay.coinTitle') : t('withdrawWay.bankTitle')} back />
      {type === 1 ? <CoinForm /> : <BankForm />}
    </section>
  );
}

function useBind() {
  const back = useAppBack();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = async (form: Record<string, string | number>, labels: Record<string, string>) => {
    if (busy) return;
    setBusy(true);
    try {
      const { msg } = await bindMethod(form);
      toast(msg, 'success');
      back();
    } catch (err) {
      if (isApiError(err)) setErrors({ [fieldOf(err.code, err.msg, labels)]: err.msg });
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, setErrors, send };
}

function CoinForm() {
  const { t } = useTranslation(NS);
  const symbols = useLoad(() => fetchSymbols(1));
  const [drawId, setDrawId] = useState('');
  const [address, setAddress] = useState('');
  const bind = useBind();
  if (symbols.status === 'loading') return <SkeletonRows rows={2} />;
  if (symbols.status === 'error') return <LoadError onRetry={symbols.reload} />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    // The field is the network (its options read "USDT · TRC20"): label, prompt and message all say so.
    if (!drawId) found.draw_id = t('charge.chooseNetwork');
    if (!address.trim()) found.dc_address = t('withdrawWay.enterAddress');
    bind.setErrors(found);
    if (Object.keys(found).length) return;
    void bind.send(
      { type: 1, draw_id: drawId, dc_address: address.trim() },
      { dc_address: t('withdrawWay.address') },
    );
  };
  return (
    <Form noValidate onSubmit={submit} aria-label={t('withdrawWay.coinTitle')}>
      <SelectField
        label={t('withdrawWay.network')}
        value={drawId}
        onChange={setDrawId}
        placeholder={t('charge.chooseNetwork')}
        options={symbols.data.map((s) => ({ value: String(s.id), label: `${s.code} · ${s.protocol}` }))}
        error={bind.errors.draw_id}
        testId="bind-network"
      />
      <Field
        label={t('withdrawWay.address')}
        value={address}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        dir="ltr"
        onChange={(e) => setAddress(e.target.value)}
        placeholder={t('withdrawWay.enterAddress')}
        error={bind.errors.dc_address}
        testId="bind-address"
      />
      <Muted>{t('withdrawWay.coolingNote')}</Muted>
      <PrimaryButton type="submit" disabled={bind.busy} data-testid="bind-submit">
        {t('withdrawWay.submit')}
      </PrimaryButton>
    </Form>
  );
}

function BankForm() {
  const { t } = useTranslation(NS);
  const [values, setValues] = useState<Record<BankField, string>>(
    Object.fromEntries(BANK_FIELDS.map(([k]) => [k, ''])) as Record<BankField, string>,
  );
  const bind = useBind();
  const labels = Object.fromEntries(BANK_FIELDS.map(([k, l]) => [k, t(l)]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    for (const k of REQUIRED) if (!values[k].trim()) found[k] = t('withdrawWay.fillIn');
    bind.setErrors(found);
    if (Object.keys(found).length) return;
    const form: Record<string, string | number> = { type: 2 };
    for (const [k] of BANK_FIELDS) if (values[k].trim()) form[k] = values[k].trim();
    void bind.send(form, labels);
  };
  return (
    <Form noValidate onSubmit={submit} aria-label={t('withdrawWay.bankTitle')}>
      {BANK_FIELDS.map(([k, label]) => (
        <Field
          key={k}
          label={REQUIRED.includes(k) ? t(label) : `${t(label)} (${t('withdrawWay.optional')})`}
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
