/**
 * GET /v1/api/main/account/forexDetail: the account as the server books it, for the ticket's available balance,
 * the 50000 stop rule and the liquidation estimate (free balance and margin in cents, floating P/L in micro-units).
 */
import { api } from '@meridian/shared';
import { microsToCents, toMicros } from '@meridian/shared/pure';
import type { AccountState } from '@meridian/shared/pure';

export async function fetchAccount(): Promise<AccountState> {
  const d = await api.get('/v1/api/main/account/forexDetail', undefined, { silent: true });
  return {
    balanceCents: microsToCents(toMicros(d.balance)),
    lockCents: microsToCents(toMicros(d.lock_balance)),
    floatingMicros: toMicros(d.floating_profit),
  };
}
