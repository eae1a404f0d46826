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

/** A date and time (epoch ms) in the user's language and time zone. */
export function formatDateTime(ms: number, lng: string): string {
  return new Intl.DateTimeFormat(LANGUAGE_BCP47[normalizeLanguage(lng)], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(ms);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago `ms` was, in the user's language ("now", "5 minutes ago", "3 hours ago") within a day; beyond a day
 * (or in the future, a clock that differs) the date and time, which say more than "12 days ago".
 */
export function formatWhen(ms: number, now: number, lng: string): string {
  const ago = now - ms;
  if (ago < -MINUTE || ago >= DAY) return formatDateTime(ms, lng);
  const rtf = new Intl.RelativeTimeFormat(LANGUAGE_BCP47[normalizeLanguage(lng)], { numeric: 'auto' });
  if (ago < MINUTE) return rtf.format(0, 'second');
  if (ago < HOUR) return rtf.format(-Math.floor(ago / MINUTE), 'minute');
  return rtf.format(-Math.floor(ago / HOUR), 'hour');
}
