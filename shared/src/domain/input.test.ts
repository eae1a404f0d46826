import fc from 'fast-check';
import { LANGUAGE_BCP47, LANGUAGES } from '../constants';
import { COMMA_DECIMAL_LANGUAGES, decimalInputValue, parseDecimalInput, sanitizeDigits } from './input';
import type { DecimalInputOptions } from './input';

const usd: DecimalInputOptions = { decimals: 2, min: '0.01', max: '1000000' };
const price5: DecimalInputOptions = { decimals: 5, max: 100_000_000 };
const reason = (text: string, o: DecimalInputOptions) => {
  const r = parseDecimalInput(text, o);
  return r.ok ? `ok:${r.value}` : r.reason;
};

describe('parseDecimalInput: what a number field takes', () => {
  it('takes plain decimals and hands on their canonical ASCII text', () => {
    expect(parseDecimalInput('0.01', usd)).toEqual({ ok: true, value: '0.01' });
    expect(parseDecimalInput('12', usd)).toEqual({ ok: true, value: '12' });
    expect(parseDecimalInput('  12.50 ', usd)).toEqual({ ok: true, value: '12.50' });
    expect(parseDecimalInput('007.5', usd)).toEqual({ ok: true, value: '7.5' });
    expect(parseDecimalInput('.5', usd)).toEqual({ ok: true, value: '0.5' });
    expect(parseDecimalInput('5.', usd)).toEqual({ ok: true, value: '5' });
    expect(parseDecimalInput('1000000', usd)).toEqual({ ok: true, value: '1000000' });
  });

  it('empty: nothing typed (spaces are nothing)', () => {
    expect(parseDecimalInput('', usd)).toEqual({ ok: false, reason: 'empty' });
    expect(parseDecimalInput('   ', usd)).toEqual({ ok: false, reason: 'empty' });
  });

  it('sign: a minus or plus anywhere, -0 included', () => {
    for (const t of ['-5', '+5', '-0', '-0.0', '5-', '\u22125', '\uff0d5', '-', '-1e3'])
      expect(reason(t, usd)).toBe('sign');
  });

  it('exponent: 1e308, 1e-308 and their kin', () => {
    for (const t of ['1e308', '1e-308', '1E5', '1e+5', '2.5e3', '1e'])
      expect(reason(t, price5)).toBe('exponent');
  });

  it('separator: a second decimal separator, or a grouping character', () => {
    for (const t of ['1.1.1', '1..1', '1 000', '1\u00a0000', "1'000"])
      expect(reason(t, price5)).toBe('separator');
    expect(parseDecimalInput('1.1.1', { ...price5, language: 'en' })).toEqual({
      ok: false,
      reason: 'separator',
    });
  });

  it('decimals: more than the field allows, with the limit', () => {
    expect(parseDecimalInput('0.015', usd)).toEqual({ ok: false, reason: 'decimals', limit: '2' });
    expect(parseDecimalInput('0.0000000001', price5)).toEqual({ ok: false, reason: 'decimals', limit: '5' });
    expect(parseDecimalInput(`1.${'1'.repeat(30)}`, price5)).toMatchObject({ reason: 'decimals' });
    expect(parseDecimalInput(`0.${'0'.repeat(29)}1`, price5)).toMatchObject({ reason: 'decimals' });
    expect(parseDecimalInput('12.5', { decimals: 0 })).toEqual({ ok: false, reason: 'decimals', limit: '0' });
    // Trailing zeros are decimals too: the field takes what it shows, nothing is dropped silently.
    expect(reason('1.500', usd)).toBe('decimals');
  });

  it('too large before "too many decimals": 9999999999999999 in a 2-decimal field', () => {
    expect(parseDecimalInput('9999999999999999', usd)).toEqual({
      ok: false,
      reason: 'tooLarge',
      limit: '1000000',
    });
    expect(reason('9999999999999999.999', usd)).toBe('tooLarge');
    expect(reason('1000000.01', usd)).toBe('tooLarge');
    expect(reason(`${'9'.repeat(30)}.${'9'.repeat(30)}`, usd)).toBe('tooLarge');
  });

  it('digits: more integer digits than the field allows (no maximum given)', () => {
    expect(parseDecimalInput('9999999999999999', { decimals: 2 })).toEqual({
      ok: false,
      reason: 'digits',
      limit: '15',
    });
    expect(reason('999999999999999', { decimals: 2 })).toBe('ok:999999999999999');
    expect(reason('0000000000000000001', { decimals: 2 })).toBe('ok:1');
    expect(parseDecimalInput('12345', { decimals: 2, maxDigits: 4 })).toMatchObject({ limit: '4' });
  });

  it('tooSmall: below the minimum, and zero unless allowed', () => {
    expect(parseDecimalInput('0.001', { decimals: 5, min: '0.01' })).toEqual({
      ok: false,
      reason: 'tooSmall',
      limit: '0.01',
    });
    expect(parseDecimalInput('0', { decimals: 2 })).toEqual({
      ok: false,
      reason: 'tooSmall',
      limit: '0',
      exclusive: true,
    });
    expect(parseDecimalInput('0.00', { decimals: 2, allowZero: true })).toEqual({ ok: true, value: '0.00' });
  });

  it('boundaries are inclusive and exact (no float rounding)', () => {
    expect(reason('0.01', usd)).toBe('ok:0.01');
    expect(reason('0.009', { ...usd, decimals: 3 })).toBe('tooSmall');
    expect(reason('1000000.00', usd)).toBe('ok:1000000.00');
    // 0.1 + 0.2 style traps: 0.3 against a maximum of 0.3 is equal, whatever floats would say.
    expect(reason('0.30000000000000000001', { decimals: 30, max: '0.3' })).toBe('tooLarge');
    expect(reason('0.3', { decimals: 30, max: 0.3 })).toBe('ok:0.3');
    expect(reason('9007199254740993', { decimals: 0, max: '9007199254740992', maxDigits: 20 })).toBe(
      'tooLarge',
    );
  });

  it('notNumber: anything else', () => {
    for (const t of ['NaN', 'nan', 'Infinity', '0x10', 'abc', '.', '1a', 'e5', '١٬٢x'])
      expect(reason(t, price5)).toBe('notNumber');
  });

  it('reads full-width, Arabic-Indic and Persian digits as digits', () => {
    expect(parseDecimalInput('１．５', usd)).toEqual({ ok: true, value: '1.5' });
    expect(parseDecimalInput('١٫٥', usd)).toEqual({ ok: true, value: '1.5' });
    expect(parseDecimalInput('۱۲', usd)).toEqual({ ok: true, value: '12' });
    expect(reason('－５', usd)).toBe('sign');
  });

  describe('decimal separators per language', () => {
    it('a comma is the decimal separator where the language writes one, and a point is accepted too', () => {
      for (const language of [
        'de',
        'fr',
        'ru',
        'cs',
        'fi',
        'et',
        'vn',
        'tr',
        'id',
        'it',
        'pt',
        'spa',
      ] as const) {
        expect(parseDecimalInput('1,25', { ...usd, language })).toEqual({ ok: true, value: '1.25' });
        expect(parseDecimalInput('1.25', { ...usd, language })).toEqual({ ok: true, value: '1.25' });
        expect(reason('1,2,5', { ...price5, language })).toBe('separator');
        expect(reason('1.000,5', { ...price5, language })).toBe('separator');
      }
    });
    it('elsewhere a comma could only group thousands: refused, never read as a point', () => {
      for (const language of ['en', 'hk', 'jp', 'kr', 'th', 'ar', 'fa', 'hi', 'my'] as const) {
        expect(reason('1,25', { ...usd, language })).toBe('separator');
        expect(reason('1,000', { ...usd, language })).toBe('separator');
        expect(reason('1.25', { ...usd, language })).toBe('ok:1.25');
      }
      expect(reason('1,25', usd)).toBe('separator');
    });
    it('the Arabic decimal separator and the full-width point are points in every language', () => {
      expect(reason('1٫5', { ...usd, language: 'ar' })).toBe('ok:1.5');
      expect(reason('1．5', { ...usd, language: 'de' })).toBe('ok:1.5');
      expect(reason('1٬000', { ...usd, language: 'ar' })).toBe('separator');
    });
    it('the comma languages are those whose Intl decimal separator is a comma', () => {
      const comma = LANGUAGES.filter(
        (l) =>
          new Intl.NumberFormat(LANGUAGE_BCP47[l]).formatToParts(1.5).find((p) => p.type === 'decimal')
            ?.value === ',',
      );
      expect([...COMMA_DECIMAL_LANGUAGES].sort()).toEqual([...comma].sort());
    });
  });

  it('never accepts a text whose value differs from what was typed (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (text) => {
        const r = parseDecimalInput(text, { decimals: 6, allowZero: true, maxDigits: 30 });
        if (!r.ok) return true;
        // Whatever is accepted is only digits, one point and surrounding spaces; its value is those digits.
        const typed = text.trim();
        return /^\d*\.?\d*$/.test(typed) && r.value.replace(/^0+(?=\d)/, '') === r.value;
      }),
    );
    fc.assert(
      fc.property(fc.nat(), fc.nat({ max: 99 }), (i, f) => {
        const text = `${i}.${String(f).padStart(2, '0')}`;
        return decimalInputValue(text, { decimals: 2, allowZero: true }) === text;
      }),
    );
  });
});

describe('sanitizeDigits (codes and phones, not amounts)', () => {
  it('keeps digits only, from any keyboard', () => {
    expect(sanitizeDigits('+852 9123-4567', 15)).toBe('85291234567');
    expect(sanitizeDigits('12ab34567', 6)).toBe('123456');
    expect(sanitizeDigits('１２٣۴', 6)).toBe('1234');
  });
});
