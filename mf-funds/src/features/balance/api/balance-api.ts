/** GET /v1/api/main/wallet/getBalance (docs/calls.md#funds): the USD balance the funds pages show. */
import { api } from '@meridian/shared';
import type { Balance } from '@meridian/shared/pure';

export function fetchBalance(): Promise<Balance> {
  return api.get('/v1/api/main/wallet/getBalance', undefined, { silent: true });
}
