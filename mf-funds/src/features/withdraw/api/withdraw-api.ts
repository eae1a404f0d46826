/** The withdraw calls (docs/calls.md#funds): the cashier's state, currencies, bound addresses, submit, records. */
import { api } from '@meridian/shared';
import type {
  CashierState,
  DrawMethod,
  DrawSymbol,
  DrawType,
  WithdrawPlaced,
  WithdrawRecord,
} from '@meridian/shared/pure';
import type { WithMessage } from '@meridian/shared';
import type { PagedListPage } from '@meridian/shared/lists';

/** Records per page of the withdrawal records. */
export const WITHDRAW_PAGE = 10;

export function fetchCashierState(): Promise<CashierState> {
  return api.get('/api/account/draw_state', undefined, { silent: true });
}

/** The currencies a withdrawal can be paid in (1 coin, 2 bank). */
export function fetchDrawSymbols(type: DrawType): Promise<DrawSymbol[]> {
  return api.get('/api/account/draw_symbol_list', { type }, { silent: true });
}

/** The coin addresses bound for one withdrawal currency. */
export function fetchCoinMethods(drawId: number): Promise<DrawMethod[]> {
  return api.get('/api/wallet/get_draw_method', { draw_type: 1, draw_id: drawId }, { silent: true });
}

export async function fetchWithdrawals(type: DrawType, page: number): Promise<PagedListPage<WithdrawRecord>> {
  const d = await api.get('/api/account/draw_list', { type, page, limit: WITHDRAW_PAGE }, { silent: true });
  return { items: d.data, total: d.total };
}

/** Resolves with the server's sentence; a refusal rejects with the ApiError (its `msg` goes beside its field). */
export function submitWithdraw(p: {
  draw_currency_id: number;
  number: string;
  memo: string;
  draw_method_id: number;
}): Promise<WithMessage<WithdrawPlaced>> {
  return api.postWithMessage('/api/account/draw', p, { form: true, spinner: true, silent: true });
}
