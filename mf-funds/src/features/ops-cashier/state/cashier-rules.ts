/**
 * The cashier settings' rules without React: how a new channel is summed up before it is added, how the rate and the
 * price fields read, what a price change does to a sample withdrawal, and what a currency save sends.
 */
import { currencyDecimals, FEE_TYPE_FIXED, parseDecimalInput, withdrawQuote } from '@meridian/shared/pure';
import type { DecimalInputOptions, Language, OpsDrawCurrency } from '@meridian/shared/pure';

/** The channel form as typed: '0' a receiving address, '1' a bank pay way. */
export type ChannelKind = '0' | '1';

/** The label and the details the add confirmation repeats, so a wrong address or account is caught before it is live. */
export function channelSummary(
  kind: string,
  form: Record<string, string>,
): { label: string; details: string } {
  const coin = kind === '0';
  const details = coin
    ? `${form.address ?? ''} (${form.protocol_code ?? ''})`
    : `${form.bank_name ?? ''} · ${form.payee_account ?? ''} · ${form.bank_swift ?? ''}`;
  const label = form.name || [form.currency_code, coin ? form.protocol_code : ''].filter(Boolean).join(' · ');
  return { label, details };
}

/** The rates the server takes (funds schemas `rate()`): up to 12 integer digits and 8 decimals; a fee may be 0. */
export const FEE_RATE: Omit<DecimalInputOptions, 'language'> = {
  decimals: 8,
  maxDigits: 12,
  allowZero: true,
};
export const USD_PRICE: Omit<DecimalInputOptions, 'language'> = { decimals: 8, maxDigits: 12 };

/** A rate or price as its field reads it (what was typed stays in the field); null: not a number it takes. */
export function readRate(
  text: string | undefined,
  options: Omit<DecimalInputOptions, 'language'>,
  language: Language,
): string | null {
  const r = parseDecimalInput(text ?? '', { ...options, language });
  return r.ok ? r.value : null;
}

/** The USD amount a price is shown on before it is saved (as the server's refusal does). */
export const SAMPLE_USD = '100';

/** What {@link SAMPLE_USD} USD, free of fees, pays at `usd_price` in the currency's own precision; '—' if none. */
export function sampleReceived(usd_price: string, code: string, type: number): string {
  const q = withdrawQuote(SAMPLE_USD, {
    draw_rate: '0',
    fee_type: FEE_TYPE_FIXED,
    usd_price,
    decimals: currencyDecimals(code, type),
  });
  return q ? `${q.received} ${code.toUpperCase()}` : '—';
}

/** The currency form as typed (every value text, as the fields hold it). */
export type CurrencyForm = Record<string, string>;

export const EMPTY_CURRENCY: CurrencyForm = {
  id: '',
  type: '1',
  code: '',
  protocol: '',
  draw_rate: '',
  fee_type: '1',
  usd_price: '1',
  enabled: '1',
};

/** A listed currency loaded into the form for editing. */
export const currencyForm = (c: OpsDrawCurrency): CurrencyForm => ({
  id: String(c.id),
  type: String(c.type),
  code: c.code,
  protocol: c.protocol,
  draw_rate: c.draw_rate,
  fee_type: String(c.fee_type),
  usd_price: c.usd_price,
  enabled: c.enabled ? '1' : '0',
});

/** What a save sends: the form with the rate and price as read; no `id` for a new currency. */
export function currencyBody(form: CurrencyForm, drawRate: string, usdPrice: string): Record<string, string> {
  const body: Record<string, string> = { ...form, draw_rate: drawRate, usd_price: usdPrice };
  if (!body.id) delete body.id;
  return body;
}

/** A currency's fee as the table shows it: a fixed fee in USD, or a percentage. */
export const feeText = (c: Pick<OpsDrawCurrency, 'fee_type' | 'draw_rate'>) =>
  c.fee_type === FEE_TYPE_FIXED ? `${c.draw_rate} USD` : `${c.draw_rate} %`;
