/** Number formatting by the interface language (CONVENTIONS: Intl, tabular figures set by the caller). */
import { BALANCE_DECIMALS, LANGUAGE_BCP47, normalizeLanguage } from '@meridian/shared';

/** A USD amount at the balance precision, in the user's language; '--' when not a number. */
export function formatMoney(value: string | number | null | undefined, lng: string): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  if (!Number.isFinite(n)) return '--';
  return new Intl.NumberFormat(LANGUAGE_BCP47[normalizeLanguage(lng)], {
    minimumFractionDigits: BALANCE_DECIMALS,
    maximumFractionDigits: BALANCE_DECIMALS,
  }).format(n);
}

/** A plain integer (credit score) in the user's language. */
export function formatInteger(value: string | number | null | undefined, lng: string): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  if (!Number.isFinite(n)) return '--';
  return new Intl.NumberFormat(LANGUAGE_BCP47[normalizeLanguage(lng)], { maximumFractionDigits: 0 }).format(
    n,
  );
}
