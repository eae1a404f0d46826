/** GET /v1/api/main/wallet/getBalance: the available balance shown on the ticket (2 decimals, text). */
import { api } from '@meridian/shared';
import type { Balance } from '@meridian/shared/pure';

export async function fetchBalance(): Promise<number> {
  const res = await api.get<Balance>('/v1/api/main/wallet/getBalance', undefined, {
    silent: true,
  });
  return Number(res.balance);
}
