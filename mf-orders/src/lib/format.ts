/** Number and time formatting by the interface language (CONVENTIONS: Intl; tabular figures set by the caller). */
import { BALANCE_DECIMALS, LANGUAGE_BCP47, normalizeLanguage } from '@meridian/shared';
import { microsToCents, toMicros } from '@meridian/shared/pure';

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

/**
 * A money figure of an order (margin, fee, P/L: 6-decimal text on the wire) in the cents the ledger books: rounded
 * half away from zero by the server's own `microsToCents`. null when it is not a number.
 */
export function bookedCents(value: string | number | null | undefined): number | null {
  try {
    return microsToCents(toMicros(value ?? ''));
  } catch {
    return null;
  }
}

/**
 * A money figure of an order as the ledger books it, at the balance's 2 decimals: the detail shows the 115.48 the
 * ledger locked, never 115.483000 (docs/rules.md#decimals-and-display). '--' when not a number. `signed` adds + to
 * positives.
 */
export function formatMoney(value: string | number | null | undefined, lng: string, signed = false): string {
  const cents = bookedCents(value);
  // An integer of cents over 100 is the nearest double to a 2-decimal figure: Intl prints it back exactly.
  return cents === null ? '--' : formatFixed(cents / 100, BALANCE_DECIMALS, lng, signed);
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
