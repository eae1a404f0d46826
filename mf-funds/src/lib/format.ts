/**
 * Amounts by the interface language, as the user centre (mf-account) and the orders screens write them: Intl with the
 * language's BCP 47 tag, the balance's 2 decimals, thousands grouped (99,884.59, never 99884.59). Tabular figures are
 * set by the caller.
 */
import { BALANCE_DECIMALS, LANGUAGE_BCP47, normalizeLanguage } from '@meridian/shared';

/** A USD amount (decimal text from the server) in the user's language; '--' when not a number. `signed`: +/−. */
export function formatMoney(value: string | number | null | undefined, lng: string, signed = false): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  if (!Number.isFinite(n)) return '--';
  return new Intl.NumberFormat(LANGUAGE_BCP47[normalizeLanguage(lng)], {
    minimumFractionDigits: BALANCE_DECIMALS,
    maximumFractionDigits: BALANCE_DECIMALS,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(n);
}

/** A withdrawal currency as its pickers name it: "USDT · TRC20". */
export const symbolLabel = (s: { code: string; protocol: string }) => `${s.code} · ${s.protocol}`;
