/**
 * Number formatting by the user's language (Intl), at an instrument's precision. Formatters are cached per
 * language and precision: a list of 200 rows ticking 20 times a second must not build a formatter per cell. Only
 * what the home list needs is here (the first visit pays for this module); amounts are in ./format-amount.
 */
import { LANGUAGE_BCP47, normalizeLanguage } from '@meridian/shared';

const cache = new Map<string, Intl.NumberFormat>();

/** A cached `Intl.NumberFormat` for the language, fraction digits and options. */
export function formatter(
  lang: string,
  min: number,
  max: number,
  extra: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const key = `${lang}|${min}|${max}|${JSON.stringify(extra)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LANGUAGE_BCP47[normalizeLanguage(lang)], {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      ...extra,
    });
    cache.set(key, f);
  }
  return f;
}

/** A price at exactly `precision` decimals. */
export function formatPrice(value: number | null | undefined, precision: number, lang: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return formatter(lang, precision, precision).format(value);
}

/** A percentage change with an explicit sign (+1.25 %, −0.40 %): the sign tells up from down without colour. */
export function formatChange(percent: number, lang: string): string {
  return formatter(lang, 2, 2, { signDisplay: 'exceptZero' }).format(percent) + '%';
}

/** -1, 0 or 1 by the sign of a change. */
export const direction = (change: number): -1 | 0 | 1 => (change > 0 ? 1 : change < 0 ? -1 : 0);
