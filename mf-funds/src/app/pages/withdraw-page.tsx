import { useEffect, useState } from 'react';
import type { FormEvent, FormHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  confirm,
  isApiError,
  LoadError,
  PageHeader,
  SkeletonRows,
  toast,
  useAppNavigate,
  useLoad,
} from '@meridian/shared';
import { PagedList } from '@meridian/shared/lists';
import { MONEY_FIELD, PATHS, withdrawQuote } from '@meridian/shared/pure';
import type { AppHref } from '@meridian/shared';
import type { CashierLock, DrawMethod, WithdrawRecord } from '@meridian/shared/pure';
import {
  fetchCashierState,
  fetchMethods,
  fetchSymbols,
  fetchWithdrawals,
  submitWithdraw,
} from '../../features/funds-api';
import { useAmount } from '../../features/use-amount';
import { useBalance } from '../../features/use-balance';
import { AmountField, Field, Form, PrimaryButton, SelectField } from '@meridian/shared/forms';
import { Banner, Chip, Dl, LinkButton, Muted, Row, SectionTitle, Tabs } from '../../components/ui';
import { RecordItem } from './charge-page';
import { formatMoney } from '../../lib/format';
import { NS } from '../i18n';

type Tab = 0 | 1;

/** Where each cashier lock is fixed; an identity waiting for review has nothing to fix, only a wait. */
const FIX: Partial<Record<CashierLock, AppHref>> = {
  real_name: PATHS.auth,
  no_method: `${PATHS.withdrawWay}?type=1`,
  cooling: PATHS.coinAddresses,
  password: PATHS.chat,
  frozen: PATHS.chat,
  no_free: PATHS.charge,
};

/** `/mine/withdraw` (docs/routes.md#minewithdraw): coin withdrawals (tab 0), a hint for bank (tab 1), records. */
export default function WithdrawPage() {
  const { t, i18n } = useTranslation(NS);
  const [tab, setTab] = useState<Tab>(0);
  const [reload, setReload] = useState(0);
  const { balance, refresh } = useBalance();
  return (
    <section data-testid="page-mine-withdraw">
      <PageHeader title={t('withdraw.title')} back />
      <BalanceLine data-testid="withdraw-balance">
        <Muted>{t('balance')}</Muted>
        <strong dir="ltr">{balance ? `${formatMoney(balance.balance, i18n.language)} USD` : '—'}</strong>
      </BalanceLine>
      <Tabs<Tab>
        value={tab}
        onChange={setTab}
        label={t('withdraw.title')}
        items={[
          { value: 0, label: t('withdraw.coin'), testId: 'withdraw-tab-coin' },
          { value: 1, label: t('withdraw.bank'), testId: 'withdraw-tab-bank' },
        ]}
      />
      {tab === 0 ? (
        <CoinWithdraw
          reloadKey={reload}
          onDone={() => {
            refresh();
            setReload((n) => n + 1);
          }}
        />
      ) : (
        <BankHint />
      )}
      <Records>
        <SectionTitle>{t('withdraw.records')}</SectionTitle>
      </Records>
      <PagedList<WithdrawRecord>
        fetchPage={(page) => fetchWithdrawals(tab === 0 ? 1 : 2, page)}
        reloadKey={`${tab}:${reload}:${balance?.balance ?? ''}`}
        keyOf={(r) => r.id}
        renderItem={(r) => <WithdrawItem r={r} />}
      />
    </section>
  );
}

function BankHint() {
  const { t } = useTranslation(NS);
  const navigate = useAppNavigate();
  return (
    <Body>
      <Banner tone="wait" testId="withdraw-bank-hint">
        <span>{t('withdraw.bankHint')}</span>
        <LinkButton type="button" onClick={() => navigate(PATHS.chat)}>
          {t('withdraw.contact')}
        </LinkButton>
      </Banner>
    </Body>
  );
}

const TONE = { 0: 'wait', 1: 'ok', 2: 'bad' } as const;

function WithdrawItem({ r }: { r: WithdrawRecord }) {
  const { t, i18n } = useTranslation(NS);
  return (
    <RecordItem data-testid="withdraw-row">
      <Row>
        <strong dir="ltr">{formatMoney(r.number, i18n.language)} USD</strong>
        <Chip $tone={TONE[r.status]} data-testid="withdraw-status">
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

type Errors = { currency?: string; method?: string; number?: string; memo?: string };

function CoinWithdraw({ reloadKey, onDone }: { reloadKey: number; onDone: () => void }) {
  const { t, i18n } = useTranslation(NS);
  const navigate = useAppNavigate();
  const state = useLoad(fetchCashierState, reloadKey);
  const symbols = useLoad(() => fetchSymbols(1));
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
    fetchMethods(1, Number(currency)).then(
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
  // Only an amount the field takes is quoted: while it is not one, fee and received are a dash, never 0.00.
  const quote = sym && value !== null ? withdrawQuote(value, sym) : null;
  const lock = state.data.lock;
  // Any lock is a refusal the server would give: the form says why and takes nothing until it is lifted.
  const locked = lock !== null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || locked) return;
    if (!sym) return setErrors({ currency: t('withdraw.chooseCurrency') });
    if (!method) return void offerBinding();
    if (value === null) return;
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
      if (!isApiError(err)) return;
      if (err.code === 1403 || err.code === 1406) setErrors({ method: err.msg });
      else if (err.code === 1402) setErrors({ currency: err.msg });
      else if (err.code === 1001 && /memo|備註|メモ/i.test(err.msg)) setErrors({ memo: err.msg });
      else setErrors({ number: err.msg });
    } finally {
      setBusy(false);
    }
  };

  return (
    <LockableForm
      locked={locked}
      notice={
        lock && (
          <Banner tone={lock === 'real_name_review' ? 'wait' : 'bad'} testId="withdraw-lock">
            <span data-testid="withdraw-lock-reason">{state.data.reason}</span>
            {FIX[lock] && (
              <LinkButton type="button" onClick={() => navigate(FIX[lock]!)} data-testid="withdraw-lock-fix">
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
        options={symbols.data.map((s) => ({ value: String(s.id), label: `${s.code} · ${s.protocol}` }))}
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
          {quote ? `${quote.fee} USD` : '—'}
        </dd>
        <dt>{t('withdraw.received')}</dt>
        <dd dir="ltr" data-testid="withdraw-received">
          {quote && sym ? `${quote.received} ${sym.code}` : '—'}
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

/**
 * The form with its `notice` (a lock's sentence and the way to fix it) above controls that a lock turns off all at
 * once (one disabled fieldset): nothing can be typed or sent into a refusal, while the notice's button still works.
 */
function LockableForm({
  locked,
  notice,
  children,
  ...form
}: FormHTMLAttributes<HTMLFormElement> & { locked: boolean; notice: ReactNode }) {
  return (
    <Form {...form}>
      {notice}
      <Fields disabled={locked} data-testid="withdraw-fields">
        {children}
      </Fields>
    </Form>
  );
}

const shortAddress = (a: string) => (a.length > 20 ? `${a.slice(0, 8)}…${a.slice(-8)}` : a);

const Fields = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  min-inline-size: 0;
  margin: 0;
  padding: 0;
  border: 0;

  &:disabled {
    opacity: 0.6;
  }
`;

const BalanceLine = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
`;

const Body = styled.div`
  padding: ${({ theme }) => theme.space(4)};
`;

const Records = styled.div`
  padding-inline: ${({ theme }) => theme.space(4)};
`;
