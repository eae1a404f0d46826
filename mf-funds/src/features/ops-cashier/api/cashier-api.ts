/** The cashier settings calls (server/README.md, back office table); answer types from the endpoint map. */
import { opsApi } from '@meridian/shared/ops';
import type { WithMessage } from '@meridian/shared';
import type { OpsDrawCurrency, OpsPayChannel } from '@meridian/shared/pure';

export function fetchChannels(): Promise<OpsPayChannel[]> {
  return opsApi.get('/api/ops/cashier/channels', undefined, { silent: true });
}

export function createChannel(body: Record<string, string | number>): Promise<WithMessage<OpsPayChannel>> {
  return opsApi.postWithMessage('/api/ops/cashier/channels/create', body, { silent: true });
}

/** Not silent: a refusal is shown by the API client. */
export function enableChannel(id: number, enabled: boolean): Promise<WithMessage<OpsPayChannel>> {
  return opsApi.postWithMessage('/api/ops/cashier/channels/enable', { id, enabled: enabled ? 1 : 0 });
}

export function fetchCurrencies(): Promise<OpsDrawCurrency[]> {
  return opsApi.get('/api/ops/cashier/currencies', undefined, { silent: true });
}

export function saveCurrency(body: Record<string, string | number>): Promise<WithMessage<OpsDrawCurrency>> {
  return opsApi.postWithMessage('/api/ops/cashier/currencies/save', body, { silent: true });
}
