import type { OpsDeposit } from '@meridian/shared/pure';
import { englishKey } from '../../../testing/locale-keys';
import {
  canApprove,
  canDecide,
  DEPOSIT_TONE,
  depositChannelKey,
  depositDecisionExtra,
} from './deposit-decisions';

const account = { frozen: false, frozen_reason: '', verified: true, balance: '0.00', withdraw_hold: '0.00' };
const deposit = (over: Partial<OpsDeposit> = {}): OpsDeposit => ({
  id: 4,
  uid: '10000009',
  email: 'ann@example.test',
  type: 0,
  amount: '100.00',
  currency_code: 'USDT',
  network: 'TRC20',
  address: 'TJRab',
  proof_img: '/uploads/p.png',
  proof_uses: 1,
  received: null,
  tx_ref: '',
  status: 0,
  remark: '',
  decided_by: null,
  decided_at: null,
  created_at: 0,
  account,
  ...over,
});

describe('what a deposit decision sends', () => {
  it('approve: the transaction reference and the USD found received', () => {
    expect(depositDecisionExtra('approve', '0xabc', '99.50')).toEqual({ tx_ref: '0xabc', received: '99.50' });
  });

  it('reject: its reason', () => {
    expect(depositDecisionExtra('reject', 'No such transfer', '')).toEqual({ reason: 'No such transfer' });
  });

  it('invalid: a reason only when one was given', () => {
    expect(depositDecisionExtra('invalid', '', '')).toEqual({});
    expect(depositDecisionExtra('invalid', 'Duplicate', '')).toEqual({ reason: 'Duplicate' });
  });
});

describe('who may be decided', () => {
  it('only a waiting deposit', () => {
    expect(canDecide(deposit())).toBe(true);
    for (const status of [1, 2, 3] as const) expect(canDecide(deposit({ status }))).toBe(false);
  });

  it('a frozen account is not credited', () => {
    expect(canApprove(deposit())).toBe(true);
    expect(canApprove(deposit({ account: { ...account, frozen: true, frozen_reason: 'AML' } }))).toBe(false);
    expect(canApprove(deposit({ status: 1 }))).toBe(false);
  });
});

describe('how a deposit reads', () => {
  it('by channel, with the key in English', () => {
    expect(depositChannelKey(deposit())).toBe('deposits.coin');
    expect(depositChannelKey(deposit({ type: 1 }))).toBe('deposits.bank');
    expect(englishKey('fundsOps', 'deposits.coin')).toEqual(expect.any(String));
    expect(englishKey('fundsOps', 'deposits.bank')).toEqual(expect.any(String));
  });

  it('each status has its tone', () => {
    expect(DEPOSIT_TONE).toEqual({ 0: 'warn', 1: 'ok', 2: 'bad', 3: 'muted' });
  });
});
