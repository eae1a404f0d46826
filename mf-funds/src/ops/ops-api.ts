/** The finance back office calls (server/README.md, back office table). */
import { opsApi } from '@meridian/shared/ops';
import type {
  OpsDepositDecision,
  OpsDepositPage,
  OpsDrawCurrency,
  OpsFundsDecided,
  OpsPayChannel,
  OpsWithdrawalDecision,
  OpsWithdrawalPage,
} from '@meridian/shared/pure';

export const depositQueue = (status: number, page: number) =>
  opsApi.get<OpsDepositPage>('/api/ops/deposits/queue', { status, page, limit: 50 }, { silent: true });
export const withdrawalQueue = (status: number, page: number) =>
  opsApi.get<OpsWithdrawalPage>('/api/ops/withdrawals/queue', { status, page, limit: 50 }, { silent: true });

export const decideDeposit = (
  id: number,
  decision: OpsDepositDecision,
  extra: { reason?: string; received?: string; tx_ref?: string } = {},
) =>
  opsApi.postWithMessage<OpsFundsDecided>(
    '/api/ops/deposits/decide',
    { id, decision, ...extra },
    { silent: true },
  );
export const decideWithdrawal = (
  id: number,
  decision: OpsWithdrawalDecision,
  extra: { reference?: string; reason?: string },
) =>
  opsApi.postWithMessage<OpsFundsDecided>(
    '/api/ops/withdrawals/decide',
    { id, decision, ...extra },
    { silent: true },
  );

export const channels = () =>
  opsApi.get<OpsPayChannel[]>('/api/ops/cashier/channels', undefined, { silent: true });
export const createChannel = (body: Record<string, string | number>) =>
  opsApi.postWithMessage<OpsPayChannel>('/api/ops/cashier/channels/create', body, { silent: true });
export const enableChannel = (id: number, enabled: boolean) =>
  opsApi.postWithMessage<OpsPayChannel>('/api/ops/cashier/channels/enable', { id, enabled: enabled ? 1 : 0 });
export const currencies = () =>
  opsApi.get<OpsDrawCurrency[]>('/api/ops/cashier/currencies', undefined, { silent: true });
export const saveCurrency = (body: Record<string, string | number>) =>
  opsApi.postWithMessage<OpsDrawCurrency>('/api/ops/cashier/currencies/save', body, { silent: true });
