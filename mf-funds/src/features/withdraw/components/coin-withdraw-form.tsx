/**
 * The coin withdrawal: a lock says why and takes nothing; otherwise choose a currency and one of its bound
 * addresses, say how much (fee and amount received previewed) and send once.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  confirm,
  isApiError,
  LoadError,
  SkeletonRows,
  toast,
  useAppNavigate,
  useLoad,
} from '@meridian/shared';
import { AmountField, Field, PrimaryButton, SelectField } from '@meridian/shared/forms';
import { MONEY_FIELD, PATHS } from '@meridian/shared/pure';
import type { DrawMethod } from '@meridian/shared/pure';
import { Banner, Dl, LinkButton, Muted } from '../../../components/ui';
import { useAmount } from '../../../lib/amount';
import { formatMoney, symbolLabel } from '../../../lib/format';
import { NS } from '../../../lib/ns';
import { fetchCashierState, fetchCoinMethods, fetchDrawSymbols, submitWithdraw } from '../api/withdraw-api';
import {
  lockFix,
  lockTone,
  shortAddress,
  withdrawBlocker,
  withdrawPreview,
  withdrawRefusalField,
} from '../state/withdraw-rules';
import type { WithdrawField } from '../state/withdraw-rules';
import { LockableForm } from './lockable-form';

type Errors = Partial<Record<WithdrawField, string>>;

export function CoinWithdrawForm({ reloadKey, onDone }: { reloadKey: number; onDone: () => void }) {
  const { t, i18n } = useTranslation(NS);
  const navigate = useAppNavigate();
  const state = useLoad(fetchCashierState, reloadKey);
  const symbols = useLoad(() => fetchDrawSymbols(1));
  const [currency, setCurrency] = useState('');
  const [methods, setMethods] = useState<DrawMethod[] | null>(null);
  const [method, setMethod] = useState('');
  const [amount, setAmount] = useState('');
  const value = useAmount(amount);
  const [memo, setMemo] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!currency) return setMethods(null);
    let live = true;
    fetchCoinMethods(Number(currency)).then(
      (list) => {
        if (!live) return;
        setMethods(list);
        setMethod(list[0] ? String(list[0].id) : '');
        if (list.length === 0) void offerBinding();
      },
      () => live && setMethods([]),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currency]);

  async function offerBinding() {
    const go = await confirm({
      title: t('withdraw.notBound'),
      message: t('withdraw.setUpFirst'),
      confirmText: t('withdraw.bind'),
    });
    if (go) navigate(`${PATHS.withdrawWay}?type=1`);
  }

  if (state.status === 'loading' || symbols.status === 'loading') return <SkeletonRows rows={4} />;
  if (state.status === 'error') return <LoadError onRetry={state.reload} />;
  if (symbols.status === 'error') return <LoadError onRetry={symbols.reload} />;
  const sym = symbols.data.find((s) => String(s.id) === currency);
  const preview = withdrawPreview(value, sym);
  const lock = state.data.lock;
  // Any lock is a refusal the server would give: the form says why and takes nothing until it is lifted.
  const locked = lock !== null;
  const fix = lock && lockFix(lock);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const blocker = withdrawBlocker({
      locked,
      currency: Boolean(sym),
      method: Boolean(method),
      amount: value,
    });
    if (blocker === 'currency') return setErrors({ currency: t('withdraw.chooseCurrency') });
    if (blocker === 'method') return void offerBinding();
    if (blocker !== null || !sym || value === null) return;
    setBusy(true);
    try {
      const { msg } = await submitWithdraw({
        draw_currency_id: sym.id,
        number: value,
        memo,
        draw_method_id: Number(method),
      });
      toast(msg, 'success');
      setAmount('');
      setMemo('');
      setErrors({});
      onDone();
    } catch (err) {
      if (isApiError(err)) setErrors({ [withdrawRefusalField(err.code, err.msg)]: err.msg });
    } finally {
      setBusy(false);
    }
  };

  return (
    <LockableForm
      locked={locked}
      notice={
        lock && (
          <Banner tone={lockTone(lock)} testId="withdraw-lock">
            <span data-testid="withdraw-lock-reason">{state.data.reason}</span>
            {fix && (
              <LinkButton type="button" onClick={() => navigate(fix)} data-testid="withdraw-lock-fix">
                {t(`withdraw.fix.${lock}`)}
              </LinkButton>
            )}
          </Banner>
        )
      }
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t('withdraw.coin')}
    >
      <Muted data-testid="withdraw-free">
        {t('withdraw.free')} <span dir="ltr">{formatMoney(state.data.free, i18n.language)} USD</span>
      </Muted>
      <SelectField
        label={t('withdraw.currency')}
        value={currency}
        onChange={(v) => {
          setCurrency(v);
          setErrors({});
        }}
        placeholder={t('withdraw.chooseCurrency')}
        options={symbols.data.map((s) => ({ value: String(s.id), label: symbolLabel(s) }))}
        error={errors.currency}
        testId="withdraw-currency"
      />
      {methods && methods.length > 0 && (
        <SelectField
          label={t('withdraw.address')}
          value={method}
          onChange={setMethod}
          placeholder={t('withdraw.chooseAddress')}
          options={methods.map((m) => ({ value: String(m.id), label: shortAddress(m.dc_address) }))}
          error={errors.method}
          testId="withdraw-method"
        />
      )}
      <AmountField
        label={t('withdraw.amount')}
        options={MONEY_FIELD}
        value={amount}
        onChange={(text) => {
          setAmount(text);
          setErrors((e) => ({ ...e, number: undefined }));
        }}
        placeholder="0.00"
        error={errors.number}
        testId="withdraw-amount"
      />
      <Dl data-testid="withdraw-preview">
        <dt>{t('withdraw.fee')}</dt>
        <dd dir="ltr" data-testid="withdraw-fee">
          {preview.fee}
        </dd>
        <dt>{t('withdraw.received')}</dt>
        <dd dir="ltr" data-testid="withdraw-received">
          {preview.received}
        </dd>
      </Dl>
      <Field
        label={t('withdraw.memo')}
        value={memo}
        maxLength={200}
        onChange={(e) => setMemo(e.target.value)}
        error={errors.memo}
        testId="withdraw-memo"
      />
      <PrimaryButton type="submit" disabled={busy || value === null} data-testid="withdraw-submit">
        {t('withdraw.submit')}
      </PrimaryButton>
    </LockableForm>
  );
}
