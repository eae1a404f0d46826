import { CASHIER_LOCKS } from '@meridian/shared/pure';
import type { DrawSymbol } from '@meridian/shared/pure';
import { englishKey } from '../../../testing/locale-keys';
import {
  lockFix,
  lockTone,
  shortAddress,
  withdrawBlocker,
  withdrawPreview,
  withdrawRefusalField,
} from './withdraw-rules';

const usdt: DrawSymbol = {
  id: 7,
  code: 'USDT',
  protocol: 'TRC20',
  draw_rate: '2',
  fee_type: 1,
  usd_price: '1',
  decimals: 6,
};
const btc: DrawSymbol = {
  id: 8,
  code: 'BTC',
  protocol: 'BTC',
  draw_rate: '0.5',
  fee_type: 2,
  usd_price: '0.0000166',
  decimals: 8,
};

describe('cashier locks', () => {
  it.each([
    ['real_name', '/mine/auth'],
    ['no_method', '/mine/withdraw-way?type=1'],
    ['cooling', '/mine/coin-address-list'],
    ['password', '/mine/chat'],
    ['frozen', '/mine/chat'],
    ['no_free', '/mine/charge'],
  ] as const)('%s is fixed at %s', (lock, href) => {
    expect(lockFix(lock)).toBe(href);
  });

  it('an identity waiting for review has nothing to fix: no button, and it reads as a wait', () => {
    expect(lockFix('real_name_review')).toBeNull();
    expect(lockTone('real_name_review')).toBe('wait');
  });

  it('every other lock reads as a refusal', () => {
    for (const lock of CASHIER_LOCKS.filter((l) => l !== 'real_name_review'))
      expect(lockTone(lock)).toBe('bad');
  });

  it('every lock with a fix has its button label in the source language', () => {
    for (const lock of CASHIER_LOCKS)
      if (lockFix(lock)) expect(englishKey('funds', `withdraw.fix.${lock}`)).toEqual(expect.any(String));
  });
});

describe('fee preview and amount received', () => {
  it('a fixed fee is the rate in USD; the rest is received at the price, in the currency precision', () => {
    expect(withdrawPreview('100', usdt)).toEqual({ fee: '2.00 USD', received: '98.000000 USDT' });
  });

  it('a percent fee follows the amount, and BTC keeps its 8 decimals', () => {
    expect(withdrawPreview('1000', btc)).toEqual({ fee: '5.00 USD', received: '0.01651700 BTC' });
  });

  it('an amount below the fee is received as zero, never negative', () => {
    expect(withdrawPreview('1', usdt)).toEqual({ fee: '2.00 USD', received: '0.000000 USDT' });
  });

  it('before a currency, or while the amount is not one, both are a dash (never 0.00)', () => {
    expect(withdrawPreview('100', undefined)).toEqual({ fee: '—', received: '—' });
    expect(withdrawPreview(null, usdt)).toEqual({ fee: '—', received: '—' });
  });

  it('a currency whose rate is not a number quotes nothing', () => {
    expect(withdrawPreview('100', { ...usdt, draw_rate: 'x' })).toEqual({ fee: '—', received: '—' });
  });
});

describe('what stops a submit', () => {
  const ready = { locked: false, currency: true, method: true, amount: '10' };

  it('nothing when every part is there', () => {
    expect(withdrawBlocker(ready)).toBeNull();
  });

  it('checks in order: lock, currency, bound address, amount', () => {
    expect(withdrawBlocker({ ...ready, locked: true, currency: false })).toBe('locked');
    expect(withdrawBlocker({ ...ready, currency: false, method: false })).toBe('currency');
    expect(withdrawBlocker({ ...ready, method: false, amount: null })).toBe('method');
    expect(withdrawBlocker({ ...ready, amount: null })).toBe('amount');
  });
});

describe('where a refusal goes', () => {
  it.each([
    [1403, 'Address not bound', 'method'],
    [1406, 'Address cooling', 'method'],
    [1402, 'Currency closed', 'currency'],
    [1001, 'Memo too long', 'memo'],
    [1001, '備註過長', 'memo'],
    [1001, 'Amount too small', 'number'],
    [1300, 'Not enough free margin', 'number'],
  ] as const)('%i "%s" goes beside %s', (code, msg, field) => {
    expect(withdrawRefusalField(code, msg)).toBe(field);
  });
});

describe('shortAddress', () => {
  it('cuts a long address to its two ends and leaves a short one whole', () => {
    expect(shortAddress('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe('TJRabPrw…8kjpRTv8');
    expect(shortAddress('short-address')).toBe('short-address');
  });
});
