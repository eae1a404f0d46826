import { englishKey } from '../../../testing/locale-keys';
import {
  DEPOSIT_STATUS_TONE,
  depositRefusalField,
  missingPayWayKey,
  networkLabel,
  payWayLabel,
  payWayPromptKey,
} from './deposit-rules';

const net = { id: 1, address: 'TJRab', currency_code: 'USDT', protocol_code: 'TRC20', label: '' };

describe('deposit refusals', () => {
  it.each([
    [1401, 'proof'],
    [1400, 'channel'],
    [1001, 'number'],
    [1300, 'number'],
  ] as const)('code %i goes beside the %s', (code, field) => {
    expect(depositRefusalField(code)).toBe(field);
  });
});

describe('channel names', () => {
  it("a network reads finance's label, else currency · network", () => {
    expect(networkLabel(net)).toBe('USDT · TRC20');
    expect(networkLabel({ ...net, label: 'USDT · TRC20 …x9Qa' })).toBe('USDT · TRC20 …x9Qa');
  });

  it('a pay way reads its name and currency', () => {
    expect(
      payWayLabel({
        id: 2,
        name: 'HSBC wire',
        currency_code: 'HKD',
        bank_name: 'HSBC',
        payee_name: 'Meridian',
        payee_account: '123',
        bank_swift: 'HSBCHKHH',
      }),
    ).toBe('HSBC wire (HKD)');
  });
});

describe('the bank form without a pay way', () => {
  it('says to choose one when there are some, and that there is none when the list is empty', () => {
    expect(missingPayWayKey(2)).toBe('charge.noPayWay');
    expect(missingPayWayKey(0)).toBe('charge.noChannel');
    expect(payWayPromptKey(2)).toBe('charge.choosePayWay');
    expect(payWayPromptKey(0)).toBe('charge.noChannel');
  });

  it('every key it says exists in English', () => {
    for (const key of [missingPayWayKey(0), missingPayWayKey(1), payWayPromptKey(1)])
      expect(englishKey('funds', key)).toEqual(expect.any(String));
  });
});

describe('deposit record tones', () => {
  it('waiting, credited, rejected and invalid each have their own tone', () => {
    expect(DEPOSIT_STATUS_TONE).toEqual({ 0: 'wait', 1: 'ok', 2: 'bad', 3: 'off' });
    for (const status of [0, 1, 2, 3])
      expect(englishKey('funds', `charge.status.${status}`)).toEqual(expect.any(String));
  });
});
