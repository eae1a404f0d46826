/** The deposit calls (docs/calls.md#funds): where to pay, the two submits and the deposit records. */
import { api } from '@meridian/shared';
import type { DepositNetwork, DepositRecord, DepositType, PayWay } from '@meridian/shared/pure';
import type { PagedListPage } from '@meridian/shared/lists';

/** Records per page of the deposit records. */
export const DEPOSIT_PAGE = 10;

export function fetchNetworks(): Promise<DepositNetwork[]> {
  return api.get('/api/quickCharge/info', undefined, { silent: true });
}

export function fetchPayWays(): Promise<PayWay[]> {
  return api.get('/api/quickCharge/wire_list', undefined, { silent: true });
}

export async function fetchDeposits(type: DepositType, page: number): Promise<PagedListPage<DepositRecord>> {
  const d = await api.get(
    '/api/quickCharge/quick_ist',
    { type, page, limit: DEPOSIT_PAGE },
    { silent: true },
  );
  return { items: d.data, total: d.total };
}

/** The server's sentence on success; a refusal rejects with the ApiError (its `msg` goes beside the field). */
export async function submitCoinDeposit(p: {
  number: string;
  proofImg: string;
  address: string;
  charge_id: number;
}): Promise<string> {
  return (await api.getWithMessage('/api/quickCharge/submit', p, { spinner: true, silent: true })).msg;
}

export async function submitWireDeposit(p: {
  number: string;
  proofImg: string;
  wire_id: number;
}): Promise<string> {
  return (await api.getWithMessage('/api/quickCharge/wire_submit', p, { spinner: true, silent: true })).msg;
}
