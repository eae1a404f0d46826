import { sanitizeDecimal, sanitizeDigits } from './input';

describe('number fields', () => {
  it('keep digits and one point, refusing letters, signs and exponents as typed', () => {
    expect(sanitizeDecimal('-1.5', { decimals: 5 })).toBe('1.5');
    expect(sanitizeDecimal('1e308', { decimals: 5 })).toBe('1308');
    expect(sanitizeDecimal('abc', { decimals: 2 })).toBe('');
    expect(sanitizeDecimal('0x1A', { decimals: 2 })).toBe('01');
    expect(sanitizeDecimal('1.2.3', { decimals: 5 })).toBe('1.23');
    expect(sanitizeDecimal('NaN', { decimals: 2 })).toBe('');
  });

  it('cap the decimals and the length', () => {
    expect(sanitizeDecimal('1.123456789', { decimals: 5 })).toBe('1.12345');
    expect(sanitizeDecimal('0.015', { decimals: 2 })).toBe('0.01');
    expect(sanitizeDecimal('12.5', { decimals: 0 })).toBe('125');
    expect(sanitizeDecimal('1234567890123456789', { decimals: 2, maxLength: 10 })).toBe('1234567890');
  });

  it('read a decimal comma and full-width or Arabic-Indic digits', () => {
    expect(sanitizeDecimal('1,25', { decimals: 2 })).toBe('1.25');
    expect(sanitizeDecimal('１．５', { decimals: 2 })).toBe('1.5');
    expect(sanitizeDecimal('١٫٥', { decimals: 2 })).toBe('1.5');
    expect(sanitizeDecimal('۱۲', { decimals: 2 })).toBe('12');
  });

  it('digits only for phones and codes', () => {
    expect(sanitizeDigits('+852 9123-4567', 15)).toBe('85291234567');
    expect(sanitizeDigits('12ab34567', 6)).toBe('123456');
  });
});
