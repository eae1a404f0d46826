/**
 * The withdrawal currencies with their fee type, rate and USD price (add, edit, disable). A save first says what the
 * price does to a sample withdrawal; a price far from the previous one is saved only on a second confirmation.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, isApiError, NumericInput, toast } from '@meridian/shared';
import {
  OpsBadge,
  OpsButton,
  OpsCard,
  OpsField,
  OpsFormError,
  OpsHead,
  OpsInput,
  OpsSelect,
  OpsState,
  OpsSub,
  OpsTable,
  OpsTableWrap,
  OpsToolbar,
  useOpsLoad,
} from '@meridian/shared/ops';
import { ERROR_CODES, normalizeLanguage } from '@meridian/shared/pure';
import type { OpsDrawCurrency } from '@meridian/shared/pure';
import { OPS_NS } from '../../../lib/ops-ns';
import { fetchCurrencies, saveCurrency } from '../api/cashier-api';
import {
  currencyBody,
  currencyForm,
  EMPTY_CURRENCY,
  FEE_RATE,
  feeText,
  readRate,
  SAMPLE_USD,
  sampleReceived,
  USD_PRICE,
} from '../state/cashier-rules';
import type { CurrencyForm } from '../state/cashier-rules';

export function CurrenciesCard() {
  const { t, i18n } = useTranslation(OPS_NS);
  const language = normalizeLanguage(i18n.language);
  const [version, setVersion] = useState(0);
  const list = useOpsLoad(fetchCurrencies, String(version));
  const [form, setForm] = useState<CurrencyForm>(EMPTY_CURRENCY);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (k: string) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const setText = (k: string) => (text: string) => setForm((f) => ({ ...f, [k]: text }));
  // The rate and the price as their fields read them (what was typed stays in the field); null: not a number.
  const drawRate = readRate(form.draw_rate, FEE_RATE, language);
  const usdPrice = readRate(form.usd_price, USD_PRICE, language);
  const edit = (c: OpsDrawCurrency) => setForm(currencyForm(c));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || drawRate === null || usdPrice === null) return;
    const before = list.status === 'ready' ? list.data.find((c) => String(c.id) === form.id) : undefined;
    const now = sampleReceived(usdPrice, form.code ?? '', Number(form.type));
    const ok = await confirm({
      title: t('cashier.saveTitle'),
      message: before
        ? t('cashier.priceEffect', {
            usd: SAMPLE_USD,
            now,
            was: sampleReceived(before.usd_price, before.code, before.type),
          })
        : t('cashier.priceNew', { usd: SAMPLE_USD, now }),
      confirmText: t('cashier.save'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const body = currencyBody(form, drawRate, usdPrice);
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
      setForm(EMPTY_CURRENCY);
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
                    <td dir="ltr">{feeText(c)}</td>
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
