import { LEDGER_TYPE } from '@meridian/shared/pure';
import type { LedgerRow } from '@meridian/shared/pure';
import { isDebit, ledgerLabel } from './ledger-row';

const row = (over: Partial<LedgerRow>): LedgerRow => ({
  Id: 1,
  Value: '10.00',
  BalanceAfter: '10.00',
  Type: LEDGER_TYPE.deposit,
  Memo: 'deposit #4',
  MemoTran: 'Deposit',
  CreatedAtTran: '2026-01-02 03:04:05',
  ...over,
});

describe('a ledger row', () => {
  it('of type "other" reads its own memo; any other kind its translated label', () => {
    expect(ledgerLabel(row({ Type: LEDGER_TYPE.other, Memo: 'Goodwill credit' }))).toBe('Goodwill credit');
    expect(ledgerLabel(row({ Type: LEDGER_TYPE.withdraw_hold, MemoTran: 'Withdrawal' }))).toBe('Withdrawal');
  });

  it('is money out when its value is negative', () => {
    expect(isDebit(row({ Value: '-25.00' }))).toBe(true);
    expect(isDebit(row({ Value: '25.00' }))).toBe(false);
    expect(isDebit(row({ Value: '0.00' }))).toBe(false);
  });
});
