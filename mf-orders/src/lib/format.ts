/** Number and time formatting by the interface language (CONVENTIONS: Intl; tabular figures set by the caller). */
import { LANGUAGE_BCP47, normalizeLanguage } from '@meridian/shared';

const locale = (lng: string) => LANGUAGE_BCP47[normalizeLanguage(lng)];

/** A number at exactly `decimals` places; '--' when not a number. `signed` adds + to positives. */
export function formatFixed(
  value: string | number | null | undefined,
  decimals: number,
  lng: string,
  signed = false,
): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  if (!Number.isFinite(n)) return '--';
  return new Intl.NumberFormat(locale(lng), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(n);
}

/** Whether a price of an order view is set ("0" means no stop level, no target). */
export const isPriceSet = (value: string | null | undefined): value is string =>
  value !== null && value !== undefined && value !== '' && Number(value) !== 0;

/** A server time "YYYY-MM-DD HH:mm:ss" (UTC) in the user's time zone; '--' when empty. */
export function formatTime(value: string | null | undefined, lng: string): string {
  if (!value) return '--';
  const ms = Date.parse(`${value.replace(' ', 'T')}Z`);
  if (!Number.isFinite(ms)) return value;
  return new Intl.DateTimeFormat(locale(lng), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(ms);
}
