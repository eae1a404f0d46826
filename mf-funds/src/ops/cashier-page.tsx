/**
 * Cashier settings (finance, admin): our receiving addresses and bank pay ways (add, disable, enable) and the
 * withdrawal currencies with their fee type, rate and USD price (add, edit, disable). Every change is audited by the
 * server; addresses are checked for their network there too.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { confirm, isApiError, NumericInput, toast } from '@meridian/shared';
import {
  OpsBadge,
  OpsButton,
  OpsCard,
  OpsField,
  OpsFormError,
  OpsHead,
  OpsInput,
  OpsPage,
  OpsSelect,
  OpsState,
  OpsSub,
  OpsTable,
  OpsTableWrap,
  OpsToolbar,
  useOpsLoad,
} from '@meridian/shared/ops';
import {
  currencyDecimals,
  ERROR_CODES,
  FEE_TYPE_FIXED,
  normalizeLanguage,
  parseDecimalInput,
  withdrawQuote,
} from '@meridian/shared/pure';
import type { DecimalInputOptions, OpsDrawCurrency, OpsPayChannel } from '@meridian/shared/pure';
import { channels, createChannel, currencies, enableChannel, saveCurrency } from './ops-api';
import { OPS_NS } from './ops-ns';
import { Mono } from './queue-parts';

export function CashierSettings() {
  const { t } = useTranslation(OPS_NS);
  return (
    <OpsPage title={t('cashier.title')} subtitle={t('cashier.subtitle')} testId="page-ops-cashier">
      <Stack>
        <Channels />
        <Currencies />
      </Stack>
    </OpsPage>
  );
}

function Channels() {
  const { t } = useTranslation(OPS_NS);
  const [version, setVersion] = useState(0);
  const list = useOpsLoad(channels, String(version));
  const [type, setType] = useState('0');
  const [form, setForm] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (k: string) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const details =
      type === '0'
        ? `${form.address ?? ''} (${form.protocol_code ?? ''})`
        : `${form.bank_name ?? ''} · ${form.payee_account ?? ''} · ${form.bank_swift ?? ''}`;
    const label =
      form.name || [form.currency_code, type === '0' ? form.protocol_code : ''].filter(Boolean).join(' · ');
    if (
      !(await confirm({
        title: t('cashier.addTitle'),
        message: t('cashier.addText', { label, details }),
        confirmText: t('cashier.add'),
      }))
    )
      return;
    setBusy(true);
    try {
      const { msg } = await createChannel({ type, ...form });
      toast(msg, 'success');
      setForm({});
      setError('');
      setVersion((v) => v + 1);
    } catch (err) {
      setError(isApiError(err) ? err.msg : String(err));
    } finally {
      setBusy(false);
    }
  };
  const toggle = async (c: OpsPayChannel, enabled: boolean) => {
    if (
      !enabled &&
      !(await confirm({
        title: t('cashier.disableTitle'),
        message: t('cashier.disableText', { label: c.label }),
        confirmText: t('cashier.disable'),
      }))
    )
      return;
    try {
      toast((await enableChannel(c.id, enabled)).msg, 'success');
    } finally {
      setVersion((v) => v + 1);
    }
  };
  const coin = type === '0';
  return (
    <OpsCard data-testid="ops-channels">
      <h2>{t('cashier.channels')}</h2>
      <OpsState state={list} rows={3}>
        {(rows) => (
          <OpsTableWrap>
            <OpsTable aria-label={t('cashier.channels')}>
              <OpsHead
                labels={[t('cashier.kind'), t('cashier.currency'), t('cashier.details'), t('status'), '']}
              />
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id} data-testid="ops-channel-row">
                    <td>{c.type === 0 ? t('cashier.address') : t('cashier.payWay')}</td>
                    <td>
                      {c.currency_code}
                      {c.protocol_code ? ` · ${c.protocol_code}` : ''}
                    </td>
                    <td className="clip">
                      <strong data-testid="ops-channel-label">{c.label}</strong>
                      <br />
                      {c.type === 0 ? (
                        <Mono>{c.address}</Mono>
                      ) : (
                        <>
                          {c.name} · {c.bank_name} · <Mono>{c.payee_account}</Mono> ·{' '}
                          <Mono>{c.bank_swift}</Mono>
                        </>
                      )}
                    </td>
                    <td>
                      <OpsBadge $tone={c.enabled ? 'ok' : 'muted'}>
                        {c.enabled ? t('cashier.enabled') : t('cashier.disabled')}
                      </OpsBadge>
                    </td>
                    <td>
                      <OpsButton
                        type="button"
                        $variant="ghost"
                        onClick={() => void toggle(c, !c.enabled)}
                        data-testid="ops-channel-toggle"
                      >
                        {c.enabled ? t('cashier.disable') : t('cashier.enable')}
                      </OpsButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </OpsTable>
          </OpsTableWrap>
        )}
      </OpsState>
      <h3>{t('cashier.addChannel')}</h3>
      <OpsToolbar onSubmit={(e) => void submit(e)} noValidate>
        <OpsField label={t('cashier.kind')}>
          <OpsSelect value={type} onChange={(e) => setType(e.target.value)} data-testid="ops-channel-type">
            <option value="0">{t('cashier.address')}</option>
            <option value="1">{t('cashier.payWay')}</option>
          </OpsSelect>
        </OpsField>
        <OpsField label={t('cashier.currency')}>
          <OpsInput value={form.currency_code ?? ''} onChange={set('currency_code')} placeholder="USDT" />
        </OpsField>
        {coin ? (
          <>
            <OpsField label={t('cashier.network')}>
              <OpsInput
                value={form.protocol_code ?? ''}
                onChange={set('protocol_code')}
                placeholder="TRC20"
              />
            </OpsField>
            <OpsField label={t('cashier.address')}>
              <OpsInput value={form.address ?? ''} onChange={set('address')} dir="ltr" />
            </OpsField>
            <OpsField label={t('cashier.label')}>
              <OpsInput
                value={form.name ?? ''}
                onChange={set('name')}
                data-testid="ops-channel-label-input"
              />
            </OpsField>
          </>
        ) : (
          (['name', 'bank_name', 'payee_name', 'payee_account', 'bank_swift'] as const).map((k) => (
            <OpsField key={k} label={t(`cashier.${k}`)}>
              <OpsInput value={form[k] ?? ''} onChange={set(k)} />
            </OpsField>
          ))
        )}
        <OpsButton type="submit" $variant="primary" disabled={busy} data-testid="ops-channel-add">
          {t('cashier.add')}
        </OpsButton>
      </OpsToolbar>
      {error && <OpsFormError role="alert">{error}</OpsFormError>}
    </OpsCard>
  );
}

/** The rates the server takes (funds schemas `rate()`): up to 12 integer digits and 8 decimals; a fee may be 0. */
const FEE_RATE: Omit<DecimalInputOptions, 'language'> = { decimals: 8, maxDigits: 12, allowZero: true };
const USD_PRICE: Omit<DecimalInputOptions, 'language'> = { decimals: 8, maxDigits: 12 };
/** The USD amount a price is shown on before it is saved (as the server's refusal does). */
const SAMPLE_USD = '100';

const EMPTY = {
  id: '',
  type: '1',
  code: '',
  protocol: '',
  draw_rate: '',
  fee_type: '1',
  usd_price: '1',
  enabled: '1',
};

function Currencies() {
  const { t, i18n } = useTranslation(OPS_NS);
  const language = normalizeLanguage(i18n.language);
  const [version, setVersion] = useState(0);
  const list = useOpsLoad(currencies, String(version));
  const [form, setForm] = useState<Record<string, string>>(EMPTY);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (k: string) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const setText = (k: string) => (text: string) => setForm((f) => ({ ...f, [k]: text }));
  // The rate and the price as their fields read them (what was typed stays in the field); null: not a number.
  const read = (text: string | undefined, o: Omit<DecimalInputOptions, 'language'>) => {
    const r = parseDecimalInput(text ?? '', { ...o, language });
    return r.ok ? r.value : null;
  };
  const drawRate = read(form.draw_rate, FEE_RATE);
  const usdPrice = read(form.usd_price, USD_PRICE);
  const edit = (c: OpsDrawCurrency) =>
    setForm({
      id: String(c.id),
      type: String(c.type),
      code: c.code,
      protocol: c.protocol,
      draw_rate: c.draw_rate,
      fee_type: String(c.fee_type),
      usd_price: c.usd_price,
      enabled: c.enabled ? '1' : '0',
    });
  const sample = (usd_price: string, code: string, type: number) => {
    const q = withdrawQuote(SAMPLE_USD, {
      draw_rate: '0',
      fee_type: FEE_TYPE_FIXED,
      usd_price,
      decimals: currencyDecimals(code, type),
    });
    return q ? `${q.received} ${code.toUpperCase()}` : '—';
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || drawRate === null || usdPrice === null) return;
    const before = list.status === 'ready' ? list.data.find((c) => String(c.id) === form.id) : undefined;
    const now = sample(usdPrice, form.code ?? '', Number(form.type));
    const ok = await confirm({
      title: t('cashier.saveTitle'),
      message: before
        ? t('cashier.priceEffect', {
            usd: SAMPLE_USD,
            now,
            was: sample(before.usd_price, before.code, before.type),
          })
        : t('cashier.priceNew', { usd: SAMPLE_USD, now }),
      confirmText: t('cashier.save'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const body: Record<string, string> = { ...form, draw_rate: drawRate, usd_price: usdPrice };
      if (!body.id) delete body.id;
      let saved;
      try {
        saved = await saveCurrency(body);
      } catch (err) {
        // Far from the previous price: the server says what it would do; saved only on a second confirmation.
        if (!isApiError(err) || err.code !== ERROR_CODES.priceOutsideBand) throw err;
        const again = await confirm({
          title: t('cashier.farTitle'),
          message: err.msg,
          confirmText: t('cashier.saveAnyway'),
        });
        if (!again) return;
        saved = await saveCurrency({ ...body, confirm: '1' });
      }
      toast(saved.msg, 'success');
      setForm(EMPTY);
      setError('');
      setVersion((v) => v + 1);
    } catch (err) {
      setError(isApiError(err) ? err.msg : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <OpsCard data-testid="ops-currencies">
      <h2>{t('cashier.currencies')}</h2>
      <OpsState state={list} rows={3}>
        {(rows) => (
          <OpsTableWrap>
            <OpsTable aria-label={t('cashier.currencies')}>
              <OpsHead
                labels={[
                  t('cashier.kind'),
                  t('cashier.currency'),
                  t('cashier.fee'),
                  t('cashier.usdPrice'),
                  t('status'),
                  '',
                ]}
              />
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id} data-testid="ops-currency-row">
                    <td>{c.type === 1 ? t('cashier.coin') : t('cashier.bank')}</td>
                    <td>
                      {c.code} · {c.protocol}
                    </td>
                    <td dir="ltr">{c.fee_type === 1 ? `${c.draw_rate} USD` : `${c.draw_rate} %`}</td>
                    <td dir="ltr">
                      {c.usd_price}
                      <OpsSub>{t('cashier.decimals', { n: c.decimals })}</OpsSub>
                    </td>
                    <td>
                      <OpsBadge $tone={c.enabled ? 'ok' : 'muted'}>
                        {c.enabled ? t('cashier.enabled') : t('cashier.disabled')}
                      </OpsBadge>
                    </td>
                    <td>
                      <OpsButton type="button" $variant="ghost" onClick={() => edit(c)}>
                        {t('cashier.edit')}
                      </OpsButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </OpsTable>
          </OpsTableWrap>
        )}
      </OpsState>
      <h3>{form.id ? t('cashier.editCurrency', { id: form.id }) : t('cashier.addCurrency')}</h3>
      <OpsToolbar onSubmit={(e) => void submit(e)} noValidate>
        <OpsField label={t('cashier.kind')}>
          <OpsSelect value={form.type} onChange={set('type')}>
            <option value="1">{t('cashier.coin')}</option>
            <option value="2">{t('cashier.bank')}</option>
          </OpsSelect>
        </OpsField>
        <OpsField label={t('cashier.currency')}>
          <OpsInput value={form.code} onChange={set('code')} placeholder="USDT" />
        </OpsField>
        <OpsField label={t('cashier.network')}>
          <OpsInput value={form.protocol} onChange={set('protocol')} placeholder="TRC20" />
        </OpsField>
        <OpsField label={t('cashier.feeType')}>
          <OpsSelect value={form.fee_type} onChange={set('fee_type')}>
            <option value="1">{t('cashier.fixed')}</option>
            <option value="2">{t('cashier.percent')}</option>
          </OpsSelect>
        </OpsField>
        <OpsField label={t('cashier.rate')}>
          <NumericInput
            inputAs={OpsInput}
            options={FEE_RATE}
            required
            value={form.draw_rate ?? ''}
            onChange={setText('draw_rate')}
            data-testid="ops-currency-rate"
          />
        </OpsField>
        <OpsField label={t('cashier.usdPrice')}>
          <NumericInput
            inputAs={OpsInput}
            options={USD_PRICE}
            required
            value={form.usd_price ?? ''}
            onChange={setText('usd_price')}
            data-testid="ops-currency-usd-price"
          />
        </OpsField>
        <OpsField label={t('status')}>
          <OpsSelect value={form.enabled} onChange={set('enabled')}>
            <option value="1">{t('cashier.enabled')}</option>
            <option value="0">{t('cashier.disabled')}</option>
          </OpsSelect>
        </OpsField>
        <OpsButton
          type="submit"
          $variant="primary"
          disabled={busy || drawRate === null || usdPrice === null}
          data-testid="ops-currency-save"
        >
          {t('cashier.save')}
        </OpsButton>
      </OpsToolbar>
      <OpsSub>{t('cashier.priceHelp')}</OpsSub>
      {error && <OpsFormError role="alert">{error}</OpsFormError>}
    </OpsCard>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  h3 {
    margin: ${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(2)};
    font-size: 15px;
  }
`;
