import type { OpsDrawCurrency } from '@meridian/shared/pure';
import {
  channelSummary,
  currencyBody,
  currencyForm,
  EMPTY_CURRENCY,
  FEE_RATE,
  feeText,
  readRate,
  sampleReceived,
  USD_PRICE,
} from './cashier-rules';

const btc: OpsDrawCurrency = {
  id: 8,
  code: 'BTC',
  protocol: 'BTC',
  draw_rate: '0.5',
  fee_type: 2,
  usd_price: '0.0000166',
  decimals: 8,
  type: 1,
  enabled: true,
};

describe('a new channel as the add confirmation repeats it', () => {
  it('an address: its label (or currency · network) and the address with its network', () => {
    expect(channelSummary('0', { currency_code: 'USDT', protocol_code: 'TRC20', address: 'TJRab' })).toEqual({
      label: 'USDT · TRC20',
      details: 'TJRab (TRC20)',
    });
    expect(channelSummary('0', { name: 'Hot wallet', address: 'TJRab', protocol_code: 'TRC20' }).label).toBe(
      'Hot wallet',
    );
  });

  it('a pay way: its bank, account and SWIFT; no network in its label', () => {
    expect(
      channelSummary('1', {
        currency_code: 'HKD',
        protocol_code: 'TRC20',
        bank_name: 'HSBC',
        payee_account: '123',
        bank_swift: 'HSBCHKHH',
      }),
    ).toEqual({ label: 'HKD', details: 'HSBC · 123 · HSBCHKHH' });
  });
});

describe('rate and price fields', () => {
  it('a fee may be 0; a price may not', () => {
    expect(readRate('0', FEE_RATE, 'en')).toBe('0');
    expect(readRate('0', USD_PRICE, 'en')).toBeNull();
  });

  it.each(['-5', '1e308', '', 'abc', '0.123456789'])('"%s" is not a rate', (text) => {
    expect(readRate(text, FEE_RATE, 'en')).toBeNull();
  });

  it('a valid one is sent as read (leading zeros dropped)', () => {
    expect(readRate('007.1', USD_PRICE, 'en')).toBe('7.1');
    expect(readRate(undefined, USD_PRICE, 'en')).toBeNull();
  });
});

describe('what a price does to a sample withdrawal of 100 USD', () => {
  it('pays at the price in the currency precision, fee aside', () => {
    expect(sampleReceived('1', 'usdt', 1)).toBe('100.000000 USDT');
    expect(sampleReceived('0.0000166', 'BTC', 1)).toBe('0.00166000 BTC');
  });

  it('a price that is not a number pays nothing: a dash', () => {
    expect(sampleReceived('x', 'USDT', 1)).toBe('—');
  });
});

describe('the currency form', () => {
  it('an edit loads every value as text', () => {
    expect(currencyForm(btc)).toEqual({
      id: '8',
      type: '1',
      code: 'BTC',
      protocol: 'BTC',
      draw_rate: '0.5',
      fee_type: '2',
      usd_price: '0.0000166',
      enabled: '1',
    });
  });

  it('a save sends the rate and price as read; a new currency has no id', () => {
    expect(currencyBody({ ...EMPTY_CURRENCY, code: 'ETH', draw_rate: '1.0' }, '1', '0.0003')).toEqual({
      type: '1',
      code: 'ETH',
      protocol: '',
      draw_rate: '1',
      fee_type: '1',
      usd_price: '0.0003',
      enabled: '1',
    });
    expect(currencyBody(currencyForm(btc), '0.5', '0.0000170')).toMatchObject({
      id: '8',
      usd_price: '0.0000170',
    });
  });

  it('a fee reads as USD when fixed and as a percentage otherwise', () => {
    expect(feeText({ fee_type: 1, draw_rate: '2' })).toBe('2 USD');
    expect(feeText(btc)).toBe('0.5 %');
  });
});
