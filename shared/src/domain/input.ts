/**
 * Number fields: a field shows exactly what was typed, and this module says whether that text is a
 * number the field takes and, when not, why. Nothing typed is ever dropped, clipped or re-signed; the canonical value
 * handed on is ASCII decimal text ("0.01"), compared with exact decimal arithmetic on BigInt, never floats.
 *
 * What is read as a number (docs/rules.md "Number fields"):
 * - digits, ASCII or typed on a full-width (CJK) or Arabic-Indic / Persian keyboard (read as digits, never rewritten
 *   in the field);
 * - one decimal separator: the point (also the full-width point and the Arabic decimal separator U+066B) in every
 *   language, and the comma too where the language writes decimals with a comma (`COMMA_DECIMAL_LANGUAGES`: de, fr,
 *   ru, ...). Elsewhere a comma could only be a thousands separator: refused as `separator`, like any grouping
 *   (spaces, U+066C, an apostrophe) and like a second decimal separator ("1.1.1", "1,5.2" in German);
 * - leading and trailing spaces are ignored; ".5" reads as 0.5 and "5." as 5.
 * Refused, each with its own reason: nothing typed (`empty`), a sign anywhere (`sign`: "-5", "+5", "-0"), an exponent
 * (`exponent`: "1e308", "1e-308"), too many decimals (`decimals`), more integer digits than the field allows
 * (`digits`), beyond the field's bounds (`tooSmall`, `tooLarge`, zero unless `allowZero`), anything else
 * (`notNumber`: "NaN", "0x10", letters). Magnitude is judged before decimals: "9999999999999999" in a 2-decimal field
 * with a maximum is "too large", never "at most 2 decimals".
 */
import type { Language } from '../constants';

/** Languages whose decimal separator is a comma (checked against Intl in input.test.ts). */
export const COMMA_DECIMAL_LANGUAGES: readonly Language[] = [
  'vn',
  'fr',
  'de',
  'ru',
  'spa',
  'pt',
  'it',
  'tr',
  'id',
  'cs',
  'fi',
  'et',
];

export type DecimalInputReason =
  'empty' | 'sign' | 'exponent' | 'separator' | 'decimals' | 'digits' | 'tooSmall' | 'tooLarge' | 'notNumber';

export type DecimalInputOptions = {
  /** Fraction digits allowed (a price's precision, the lot step's decimals, 2 for USD); 0 allows whole numbers only. */
  decimals: number;
  /** Smallest value allowed (inclusive), as plain decimal text or a number. */
  min?: string | number;
  /** Largest value allowed (inclusive). */
  max?: string | number;
  /** Integer digits allowed (leading zeros not counted); 15 by default. Checked after `max`. */
  maxDigits?: number;
  /** Whether 0 is a value (otherwise it is `tooSmall`, "more than 0"); false by default. */
  allowZero?: boolean;
  /** The trader's language: decides whether a comma is a decimal separator. */
  language?: Language;
};

export type DecimalInputResult =
  | {
      ok: true;
      /** Canonical ASCII decimal text: no leading zeros, no trailing point ("0.5", "12.30"). */ value: string;
    }
  | {
      ok: false;
      reason: DecimalInputReason;
      /**
       * The limit broken, for the message: the count for `decimals` and `digits`, the bound (plain decimal text)
       * for `tooSmall` / `tooLarge`.
       */
      limit?: string;
      /** `tooSmall` only: the bound itself is refused (zero when zero is not allowed): "more than 0". */
      exclusive?: boolean;
    };

const DEFAULT_MAX_DIGITS = 15;

/** A digit typed on any keyboard we read, as its ASCII digit; null when not a digit. */
function digitOf(c: string): string | null {
  const code = c.charCodeAt(0);
  if (code >= 0x30 && code <= 0x39) return c;
  for (const zero of [0xff10, 0x0660, 0x06f0]) {
    if (code >= zero && code <= zero + 9) return String(code - zero);
  }
  return null;
}

const POINTS = new Set(['.', '\uff0e', '\u066b']);
const COMMAS = new Set([',', '\uff0c']);
const SIGNS = new Set(['-', '+', '\u2212', '\uff0d', '\uff0b', '\ufe63', '\u2012', '\u2013']);
/** Thousands separators people type: spaces of every width, the Arabic one, an apostrophe, a dot-above. */
const GROUPING = new Set([' ', '\u00a0', '\u202f', '\u2009', '\u066c', "'", '\u2019', '\u02d9']);

/** Plain decimal text -> { n, s } with value n / 10^s (limits only: they are written by us). */
function scaledOf(v: string | number): { n: bigint; s: number } {
  const text = typeof v === 'number' ? String(v) : v.trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new Error(`a field limit must be a plain non-negative decimal: ${text}`);
  const frac = m[2] ?? '';
  return { n: BigInt(`${m[1]}${frac}`), s: frac.length };
}

/** Compare a/10^as with b/10^bs exactly: -1, 0 or 1. */
function compare(a: { n: bigint; s: number }, b: { n: bigint; s: number }): number {
  const s = Math.max(a.s, b.s);
  const x = a.n * 10n ** BigInt(s - a.s);
  const y = b.n * 10n ** BigInt(s - b.s);
  return x < y ? -1 : x > y ? 1 : 0;
}

const limitText = (v: string | number): string => (typeof v === 'number' ? String(v) : v.trim());

/**
 * Whether `text` (exactly as typed) is a number the field takes: its canonical value, or the reason it is refused
 * and the limit it broke. Pure: the field itself is never changed.
 */
export function parseDecimalInput(text: string, options: DecimalInputOptions): DecimalInputResult {
  const { decimals, min, max, maxDigits = DEFAULT_MAX_DIGITS, allowZero = false, language } = options;
  const s = text.trim();
  if (s === '') return { ok: false, reason: 'empty' };
  const commaIsPoint = language !== undefined && COMMA_DECIMAL_LANGUAGES.includes(language);

  let int = '';
  let frac = '';
  let separators = 0;
  let sign = false;
  let grouping = false;
  let exponent = false;
  let other = false;
  let digits = 0;
  for (const c of s) {
    const d = digitOf(c);
    if (d !== null) {
      digits += 1;
      if (separators === 0) int += d;
      else frac += d;
    } else if (POINTS.has(c) || (commaIsPoint && COMMAS.has(c))) separators += 1;
    else if (COMMAS.has(c) || GROUPING.has(c)) grouping = true;
    else if (SIGNS.has(c)) sign = true;
    // An e between digits ("1e308", "2E-5") is an exponent; an e elsewhere is just a letter.
    else if ((c === 'e' || c === 'E') && digits > 0) exponent = true;
    else other = true;
  }
  if (other || digits === 0) {
    // "-" alone or "-abc": the sign is not the trouble, the lack of a number is.
    return { ok: false, reason: sign && !other && digits === 0 ? 'sign' : 'notNumber' };
  }
  // An exponent that is otherwise a well-formed number ("1e308", "1e-308") says so; a leading sign says that first.
  if (exponent && !/^[+\-\u2212\uff0d]/.test(s)) return { ok: false, reason: 'exponent' };
  if (sign) return { ok: false, reason: 'sign' };
  if (exponent) return { ok: false, reason: 'exponent' };
  if (grouping || separators > 1) return { ok: false, reason: 'separator' };

  const intPart = int.replace(/^0+(?=\d)/, '') || '0';
  const value = frac === '' ? intPart : `${intPart}.${frac}`;
  const v = { n: BigInt(`${intPart}${frac}`), s: frac.length };

  if (max !== undefined && compare(v, scaledOf(max)) > 0)
    return { ok: false, reason: 'tooLarge', limit: limitText(max) };
  if (intPart.length > maxDigits && intPart !== '0')
    return { ok: false, reason: 'digits', limit: String(maxDigits) };
  if (frac.length > decimals) return { ok: false, reason: 'decimals', limit: String(decimals) };
  if (min !== undefined && compare(v, scaledOf(min)) < 0)
    return { ok: false, reason: 'tooSmall', limit: limitText(min) };
  if (v.n === 0n && !allowZero) return { ok: false, reason: 'tooSmall', limit: '0', exclusive: true };
  return { ok: true, value };
}

/** The canonical value of a field's text, or null when the text is not one the field takes. */
export function decimalInputValue(text: string, options: DecimalInputOptions): string | null {
  const r = parseDecimalInput(text, options);
  return r.ok ? r.value : null;
}

/** Digits only (a phone number, a verification code), at most `maxLength`. */
export function sanitizeDigits(text: string, maxLength: number): string {
  let out = '';
  for (const c of text) {
    const d = digitOf(c);
    if (d !== null) out += d;
  }
  return out.slice(0, maxLength);
}
