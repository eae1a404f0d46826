/** The KYC review calls (types from `@meridian/shared/pure`). */
import { opsApi } from '@meridian/shared/ops';
import type { OpsKycDecision, OpsKycDetail, OpsKycQueue } from '@meridian/shared/pure';

export const QUEUE_LIMIT = 100;

export function fetchQueue(): Promise<OpsKycQueue> {
  return opsApi.get('/api/ops/kyc/queue', { page: 1, limit: QUEUE_LIMIT }, { silent: true });
}

export function fetchDetail(id: number): Promise<OpsKycDetail> {
  return opsApi.get('/api/ops/kyc/detail', { id }, { silent: true });
}

/** Resolves with the server's sentence; a refusal (someone else decided first: 1303) rejects with an ApiError. */
export async function decide(decision: OpsKycDecision): Promise<string> {
  const { msg } = await opsApi.postWithMessage('/api/ops/kyc/decide', decision, { silent: true });
  return msg;
}
