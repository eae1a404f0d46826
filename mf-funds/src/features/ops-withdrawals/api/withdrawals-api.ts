/** The withdrawals queue calls (server/README.md, back office table); answer types from the endpoint map. */
import { opsApi } from '@meridian/shared/ops';
import type { WithMessage } from '@meridian/shared';
import type { OpsFundsDecided, OpsWithdrawalDecision, OpsWithdrawalPage } from '@meridian/shared/pure';

export const WITHDRAWAL_QUEUE_LIMIT = 50;

export function fetchWithdrawalQueue(status: number, page: number): Promise<OpsWithdrawalPage> {
  return opsApi.get(
    '/api/ops/withdrawals/queue',
    { status, page, limit: WITHDRAWAL_QUEUE_LIMIT },
    { silent: true },
  );
}

export function decideWithdrawal(
  id: number,
  decision: OpsWithdrawalDecision,
  extra: { reference?: string; reason?: string },
): Promise<WithMessage<OpsFundsDecided>> {
  return opsApi.postWithMessage('/api/ops/withdrawals/decide', { id, decision, ...extra }, { silent: true });
}
