import { readAmount } from './amount';
import { formatMoney, symbolLabel } from './format';

describe('readAmount (what a funds amount field sends)', () => {
  it('sends a plain amount as canonical text', () => {
    expect(readAmount('12.5', 'en')).toBe('12.5');
    expect(readAmount('100', 'en')).toBe('100');
  });

  it.each(['', '-5', '0', 'abc', '1e308', '1.234'])('"%s" is not an amount: nothing is sent', (text) => {
    expect(readAmount(text, 'en')).toBeNull();
  });

  it('reads the decimal comma of a language that writes one', () => {
    expect(readAmount('12,50', 'de')).toBe('12.50');
  });
});

describe('formatMoney and symbolLabel', () => {
  it('groups thousands with 2 decimals and signs when asked', () => {
    expect(formatMoney('99884.5', 'en')).toBe('99,884.50');
    expect(formatMoney('-3', 'en', true)).toBe('-3.00');
    expect(formatMoney('3', 'en', true)).toBe('+3.00');
  });

  it('writes a dash for what is not a number', () => {
    expect(formatMoney(undefined, 'en')).toBe('--');
    expect(formatMoney('x', 'en')).toBe('--');
  });

  it('names a currency with its network', () => {
    expect(symbolLabel({ code: 'USDT', protocol: 'TRC20' })).toBe('USDT · TRC20');
  });
});
