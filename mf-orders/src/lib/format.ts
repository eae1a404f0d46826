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

/** Decimal places of a price as sent (90975.7 → 1). */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const text = String(value);
  if (text.includes('e')) return Math.min(10, Number(text.split('e-')[1] ?? 0));
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

// Prices arrive as numbers, so a trailing zero is lost (1.2350 → 1.235). The precision of an instrument is the
// most places any of its prices has shown, remembered per code, so a tick never shifts the row's layout.
const precisionByCode = new Map<string, number>();

/** The instruments' own precisions (trade list), which win over what the prices have shown. */
export function setKnownPrecisions(known: ReadonlyMap<string, number>): void {
  for (const [code, d] of known) precisionByCode.set(code, Math.max(d, precisionByCode.get(code) ?? 0));
}

export function priceDecimals(code: string, ...prices: (number | null | undefined)[]): number {
  let d = precisionByCode.get(code) ?? 0;
  for (const p of prices) if (p) d = Math.max(d, decimalsOf(p));
  precisionByCode.set(code, d);
  return d;
}

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
