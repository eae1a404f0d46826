/** The withdrawals queue's rules without React: where the money goes, what a decision sends, badge tones. */
import { DRAW_TYPE } from '@meridian/shared/pure';
import type { OpsWithdrawal, OpsWithdrawalDecision, WithdrawStatus } from '@meridian/shared/pure';

export const WITHDRAWAL_TONE: Record<WithdrawStatus, 'warn' | 'ok' | 'bad'> = {
  0: 'warn',
  1: 'ok',
  2: 'bad',
};

/** What finance pays to: the coin address, or the bank account number. */
export const payoutTarget = (w: OpsWithdrawal) => w.address || w.payee_account;

/** The i18n key (fundsOps) naming that target. */
export const payoutTargetKey = (w: OpsWithdrawal) =>
  w.type === DRAW_TYPE.bank ? 'cashier.payee_account' : 'address';

/** The i18n key of the pay dialog's sentence: send on a network, or wire to a bank. */
export const payTextKey = (w: OpsWithdrawal) =>
  w.type === DRAW_TYPE.bank ? 'withdrawals.payTextBank' : 'withdrawals.payText';

/** What is paid, in the currency paid: "99.5 USDT · TRC20". */
export const payoutAmount = (w: OpsWithdrawal) => `${w.real_number} ${w.currency_code} · ${w.protocol}`;

/** Pay sends the payout reference; reject sends the reason. */
export const withdrawalDecisionExtra = (decision: OpsWithdrawalDecision, text: string) =>
  decision === 'pay' ? { reference: text } : { reason: text };

/** What a decided withdrawal's note is: the payout reference when paid, the reason when rejected. */
export const decidedNoteKey = (w: OpsWithdrawal) => (w.status === 1 ? 'withdrawals.reference' : 'reason');

/** Only a waiting withdrawal is decided; a frozen account is not paid out. */
export const canDecide = (w: OpsWithdrawal) => w.status === 0;
export const canPay = (w: OpsWithdrawal) => canDecide(w) && !w.account.frozen;
