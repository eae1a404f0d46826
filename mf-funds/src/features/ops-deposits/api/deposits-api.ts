/** The deposits queue calls (server/README.md, back office table); answer types from the endpoint map. */
import { opsApi } from '@meridian/shared/ops';
import type { WithMessage } from '@meridian/shared';
import type { OpsDepositDecision, OpsDepositPage, OpsFundsDecided } from '@meridian/shared/pure';

export const DEPOSIT_QUEUE_LIMIT = 50;

export function fetchDepositQueue(status: number, page: number): Promise<OpsDepositPage> {
  return opsApi.get(
    '/api/ops/deposits/queue',
    { status, page, limit: DEPOSIT_QUEUE_LIMIT },
    { silent: true },
  );
}

/** What a decision may carry: a reason, or (approve) the USD received and the transaction reference. */
export type DepositDecisionExtra = { reason?: string; received?: string; tx_ref?: string };

export function decideDeposit(
  id: number,
  decision: OpsDepositDecision,
  extra: DepositDecisionExtra = {},
): Promise<WithMessage<OpsFundsDecided>> {
  return opsApi.postWithMessage('/api/ops/deposits/decide', { id, decision, ...extra }, { silent: true });
}

/** A deposit's proof picture, fetched with the ops token (uploads are private). */
export function fetchProof(url: string, signal: AbortSignal): Promise<Blob> {
  return opsApi.blob(url, signal);
}
