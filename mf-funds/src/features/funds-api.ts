/** The funds calls the trader pages make (docs/calls.md#funds); shapes from the wire contract. */
import { api } from '@meridian/shared';
import type {
  AccountFigures,
  Balance,
  CashierState,
  DepositNetwork,
  DepositRecord,
  DrawMethod,
  DrawSymbol,
  LedgerRow,
  PayWay,
  WithdrawPlaced,
  WithdrawRecord,
} from '@meridian/shared/pure';
import type { PagedListPage } from '@meridian/shared/lists';

const PAGE = 10;

export const fetchBalance = () =>
  api.get<Balance>('/v1/api/main/wallet/getBalance', undefined, { silent: true });
export const fetchFigures = () =>
  api.get<AccountFigures>('/v1/api/main/account/forexDetail', undefined, { silent: true });
export const fetchNetworks = () =>
  api.get<DepositNetwork[]>('/api/quickCharge/info', undefined, { silent: true });
export const fetchPayWays = () =>
  api.get<PayWay[]>('/api/quickCharge/wire_list', undefined, { silent: true });
export const fetchSymbols = (type: 1 | 2) =>
  api.get<DrawSymbol[]>('/api/account/draw_symbol_list', { type }, { silent: true });
export const fetchCashierState = () =>
  api.get<CashierState>('/api/account/draw_state', undefined, { silent: true });
export const fetchMethods = (drawType: 1 | 2, drawId?: number) =>
  api.get<DrawMethod[]>(
    '/api/wallet/get_draw_method',
    { draw_type: drawType, draw_id: drawId },
    { silent: true },
  );

export async function fetchHistory(page: number): Promise<PagedListPage<LedgerRow>> {
  const d = await api.get<{ list: LedgerRow[]; total: number }>(
    '/v1/api/main/accountLog/forexChange',
    { page, limit: PAGE },
    { silent: true },
  );
  return { items: d.list, total: d.total };
}

export async function fetchDeposits(type: 0 | 1, page: number): Promise<PagedListPage<DepositRecord>> {
  const d = await api.get<{ data: DepositRecord[]; total: number }>(
    '/api/quickCharge/quick_ist',
    { type, page, limit: PAGE },
    { silent: true },
  );
  return { items: d.data, total: d.total };
}

export async function fetchWithdrawals(type: 1 | 2, page: number): Promise<PagedListPage<WithdrawRecord>> {
  const d = await api.get<{ data: WithdrawRecord[]; total: number }>(
    '/api/account/draw_list',
    { type, page, limit: PAGE },
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
}) {
  return (
    await api.getWithMessage<{ id: number }>('/api/quickCharge/submit', p, { spinner: true, silent: true })
  ).msg;
}

export async function submitWireDeposit(p: { number: string; proofImg: string; wire_id: number }) {
  return (
    await api.getWithMessage<{ id: number }>('/api/quickCharge/wire_submit', p, {
      spinner: true,
      silent: true,
    })
  ).msg;
}

export function submitWithdraw(p: {
  draw_currency_id: number;
  number: string;
  memo: string;
  draw_method_id: number;
}) {
  return api.postWithMessage<WithdrawPlaced>('/api/account/draw', p, {
    form: true,
    spinner: true,
    silent: true,
  });
}

export function bindMethod(p: Record<string, string | number>) {
  return api.postWithMessage<DrawMethod>('/api/wallet/bind_draw_method', p, {
    form: true,
    spinner: true,
    silent: true,
  });
}

export async function deleteMethod(id: number) {
  return (
    await api.postWithMessage<null>('/api/wallet/del_draw_method', { id }, { form: true, spinner: true })
  ).msg;
}
