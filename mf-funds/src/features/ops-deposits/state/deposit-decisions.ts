/** The deposits queue's rules without React: what each decision sends, who may be decided, badge tones. */
import type { DepositStatus, OpsDeposit, OpsDepositDecision } from '@meridian/shared/pure';
import type { DepositDecisionExtra } from '../api/deposits-api';

/** The badge tone of each deposit status (0 waiting, 1 credited, 2 rejected, 3 invalid). */
export const DEPOSIT_TONE: Record<DepositStatus, 'warn' | 'ok' | 'bad' | 'muted'> = {
  0: 'warn',
  1: 'ok',
  2: 'bad',
  3: 'muted',
};

/** Only a waiting deposit is decided; a frozen account is not credited (the server refuses with 1306 anyway). */
export const canDecide = (d: OpsDeposit) => d.status === 0;
export const canApprove = (d: OpsDeposit) => canDecide(d) && !d.account.frozen;

/**
 * What a decision sends besides the id: approve the transaction reference and the USD found received; reject its
 * (required) reason; invalid its reason only when one was given.
 */
export function depositDecisionExtra(
  decision: OpsDepositDecision,
  text: string,
  received: string,
): DepositDecisionExtra {
  if (decision === 'approve') return { tx_ref: text, received };
  if (decision === 'reject') return { reason: text };
  return text ? { reason: text } : {};
}

/** The i18n key (fundsOps) of how the money came: coin or bank. */
export const depositChannelKey = (d: OpsDeposit) => (d.type === 0 ? 'deposits.coin' : 'deposits.bank');
