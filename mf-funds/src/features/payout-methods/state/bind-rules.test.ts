import type { DrawMethod } from '@meridian/shared/pure';
import { englishKey } from '../../../testing/locale-keys';
import {
  BANK_FIELDS,
  bankBinding,
  bindRefusalField,
  coinBinding,
  emptyBankValues,
  isCooling,
  methodTitle,
  methodValue,
  validateBankBinding,
  validateCoinBinding,
} from './bind-rules';

const filled = {
  ...emptyBankValues(),
  bank_name: ' HSBC ',
  bank_address: '1 Queen’s Road',
  bank_swift: 'HSBCHKHH',
  payee_name: 'Ann Lee',
  payee_account: '123-456',
};

describe('coin address validation messages', () => {
  it('an empty form names both fields', () => {
    expect(validateCoinBinding('', '')).toEqual({
      draw_id: 'charge.chooseNetwork',
      dc_address: 'withdrawWay.enterAddress',
    });
  });

  it('an address of spaces only is no address', () => {
    expect(validateCoinBinding('7', '   ')).toEqual({ dc_address: 'withdrawWay.enterAddress' });
  });

  it('a network and an address: nothing to say, and the address is sent trimmed', () => {
    expect(validateCoinBinding('7', ' TJRab ')).toEqual({});
    expect(coinBinding('7', ' TJRab ')).toEqual({ type: 1, draw_id: '7', dc_address: 'TJRab' });
  });

  it('its messages exist in English', () => {
    for (const key of Object.values(validateCoinBinding('', '')))
      expect(englishKey('funds', key)).toEqual(expect.any(String));
  });
});

describe('bank account validation', () => {
  it('asks for each of the five required fields, not the optional ones', () => {
    expect(Object.keys(validateBankBinding(emptyBankValues())).sort()).toEqual(
      ['bank_address', 'bank_name', 'bank_swift', 'payee_account', 'payee_name'].sort(),
    );
    expect(validateBankBinding({ ...filled, bank_swift: '  ' })).toEqual({
      bank_swift: 'withdrawWay.fillIn',
    });
    expect(validateBankBinding(filled)).toEqual({});
  });

  it('sends the trimmed fields and leaves out empty optional ones', () => {
    expect(bankBinding({ ...filled, remark: ' salary ' })).toEqual({
      type: 2,
      bank_name: 'HSBC',
      bank_address: '1 Queen’s Road',
      bank_swift: 'HSBCHKHH',
      payee_name: 'Ann Lee',
      payee_account: '123-456',
      remark: 'salary',
    });
  });

  it('every field label exists in English', () => {
    for (const [, label] of BANK_FIELDS) expect(englishKey('funds', label)).toEqual(expect.any(String));
  });
});

describe('where a binding refusal goes', () => {
  const labels = { bank_name: 'Bank name', payee_name: 'Account holder' };
  it.each([
    [1404, 'Not a TRC20 address', 'dc_address'],
    [1411, 'Address already bound', 'dc_address'],
    [1405, 'Not a SWIFT code', 'bank_swift'],
    [1402, 'Currency closed', 'draw_id'],
    [1001, 'Account holder is too long', 'payee_name'],
    [1001, 'Something else', 'dc_address'],
  ] as const)('%i "%s" goes under %s', (code, msg, field) => {
    expect(bindRefusalField(code, msg, labels)).toBe(field);
  });
});

describe('a bound method as listed', () => {
  const m: DrawMethod = {
    id: 3,
    type: 1,
    dc_address: 'TJRab',
    payee_account: '123-456',
    payee_name: 'Ann Lee',
    bank_name: 'HSBC',
    bank_address: '',
    bank_swift: '',
    draw_currency: { id: 7, code: 'USDT', protocol: 'TRC20' },
    usable_at: 2_000,
  };

  it('an address reads its currency and network; an account its bank', () => {
    expect(methodTitle(m, 1)).toBe('USDT · TRC20');
    expect(methodValue(m, 1)).toBe('TJRab');
    expect(methodTitle(m, 2)).toBe('HSBC');
    expect(methodValue(m, 2)).toBe('123-456');
  });

  it('is cooling until usable_at, and usable from then', () => {
    expect(isCooling(m, 1_999)).toBe(true);
    expect(isCooling(m, 2_000)).toBe(false);
  });
});
