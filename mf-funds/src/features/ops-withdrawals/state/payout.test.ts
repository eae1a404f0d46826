import type { OpsWithdrawal } from '@meridian/shared/pure';
import { englishKey } from '../../../testing/locale-keys';
import {
  canDecide,
  canPay,
  decidedNoteKey,
  payoutAmount,
  payoutTarget,
  payoutTargetKey,
  payTextKey,
  withdrawalDecisionExtra,
} from './payout';

const account = {
  frozen: false,
  frozen_reason: '',
  verified: true,
  balance: '0.00',
  withdraw_hold: '100.00',
};
const withdrawal = (over: Partial<OpsWithdrawal> = {}): OpsWithdrawal => ({
  id: 9,
  uid: '10000009',
  email: 'ann@example.test',
  type: 1,
  amount: '100.00',
  fee: '2.00',
  real_number: '98.000000',
  currency_code: 'USDT',
  protocol: 'TRC20',
  address: 'TJRab',
  payee_account: '',
  memo: '',
  status: 0,
  notes: '',
  decided_by: null,
  decided_at: null,
  created_at: 0,
  account,
  ...over,
});
const bank = withdrawal({
  type: 2,
  address: '',
  payee_account: '123-456',
  currency_code: 'HKD',
  protocol: 'SWIFT',
});

describe('where a withdrawal is paid', () => {
  it('a coin withdrawal to its address, named as an address', () => {
    expect(payoutTarget(withdrawal())).toBe('TJRab');
    expect(payoutTargetKey(withdrawal())).toBe('address');
    expect(payTextKey(withdrawal())).toBe('withdrawals.payText');
  });

  it('a bank withdrawal to its account number, named as an account', () => {
    expect(payoutTarget(bank)).toBe('123-456');
    expect(payoutTargetKey(bank)).toBe('cashier.payee_account');
    expect(payTextKey(bank)).toBe('withdrawals.payTextBank');
  });

  it('the amount is what arrives, in its currency and network', () => {
    expect(payoutAmount(withdrawal())).toBe('98.000000 USDT · TRC20');
  });

  it('every key it names exists in English', () => {
    for (const key of [
      payoutTargetKey(withdrawal()),
      payoutTargetKey(bank),
      payTextKey(withdrawal()),
      payTextKey(bank),
    ])
      expect(englishKey('fundsOps', key)).toEqual(expect.any(String));
  });
});

describe('what a withdrawal decision sends', () => {
  it('pay: the payout reference; reject: the reason', () => {
    expect(withdrawalDecisionExtra('pay', '0xdef')).toEqual({ reference: '0xdef' });
    expect(withdrawalDecisionExtra('reject', 'Wrong network')).toEqual({ reason: 'Wrong network' });
  });

  it('a decided one shows its reference when paid, its reason when rejected', () => {
    expect(decidedNoteKey(withdrawal({ status: 1 }))).toBe('withdrawals.reference');
    expect(decidedNoteKey(withdrawal({ status: 2 }))).toBe('reason');
  });
});

describe('who may be decided', () => {
  it('only a waiting withdrawal, and a frozen account is not paid out', () => {
    expect(canDecide(withdrawal())).toBe(true);
    expect(canDecide(withdrawal({ status: 1 }))).toBe(false);
    expect(canPay(withdrawal())).toBe(true);
    expect(canPay(withdrawal({ account: { ...account, frozen: true } }))).toBe(false);
  });
});
