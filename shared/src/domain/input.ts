/**
 * What number fields keep of what is typed, so letters, signs and exponents never reach a rule or a request.
 * Digits typed on a full-width (CJK) or Arabic-Indic keyboard count as digits, and a decimal comma as the point.
 */

const FULL_WIDTH_ZERO = 0xff10;
const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

function asciiDigits(text: string): string {
  return text.replace(/[\uff10-\uff19\u0660-\u0669\u06f0-\u06f9]/g, (c) => {
    const code = c.charCodeAt(0);
    const zero =
      code >= FULL_WIDTH_ZERO ? FULL_WIDTH_ZERO : code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}

export type DecimalFieldOptions = {
  /** Fraction digits kept (a price's precision, the lot step's decimals); 0 allows no point. */
  decimals: number;
  /** Characters kept in all; 16 by default. */
  maxLength?: number;
};

/**
 * A decimal field's text: digits and one point (a typed comma or Arabic separator becomes the point), at most
 * `decimals` after it and `maxLength` in all. Everything else is dropped as it is typed.
 */
export function sanitizeDecimal(text: string, { decimals, maxLength = 16 }: DecimalFieldOptions): string {
  let out = '';
  let point = -1;
  for (const c of asciiDigits(text)) {
    if (c >= '0' && c <= '9') {
      if (point >= 0 && out.length - point > decimals) continue;
      out += c;
    } else if ((c === '.' || c === ',' || c === '\u066b' || c === '\uff0e') && point < 0 && decimals > 0) {
      point = out.length;
      out += '.';
    }
    if (out.length >= maxLength) break;
  }
  return out.slice(0, maxLength);
}

/** Digits only (a phone number, a verification code), at most `maxLength`. */
export function sanitizeDigits(text: string, maxLength: number): string {
  return asciiDigits(text).replace(/\D/g, '').slice(0, maxLength);
}
