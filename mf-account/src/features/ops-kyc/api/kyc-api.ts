/** The KYC review calls (types from `@meridian/shared/pure`). */
import { opsApi } from '@meridian/shared/ops';
import type { OpsKycDecision, OpsKycDetail, OpsKycQueueItem, OpsPage } from '@meridian/shared/pure';

export type KycQueue = OpsPage<OpsKycQueueItem> & { server_time: number };

export const QUEUE_LIMIT = 100;

export function fetchQueue(): Promise<KycQueue> {
  return opsApi.get<KycQueue>('/api/ops/kyc/queue', { page: 1, limit: QUEUE_LIMIT }, { silent: true });
}

export function fetchDetail(id: number): Promise<OpsKycDetail> {
  return opsApi.get<OpsKycDetail>('/api/ops/kyc/detail', { id }, { silent: true });
}

/** Resolves with the server's sentence; a refusal (someone else decided first: 1303) rejects with an ApiError. */
export async function decide(decision: OpsKycDecision): Promise<string> {
  const { msg } = await opsApi.postWithMessage('/api/ops/kyc/decide', decision, { silent: true });
  return msg;
}
