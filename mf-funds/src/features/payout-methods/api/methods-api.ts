/** The bound withdrawal methods (docs/calls.md#funds): list, bind (with the currencies to bind for), delete. */
import { api } from '@meridian/shared';
import type { WithMessage } from '@meridian/shared';
import type { DrawMethod, DrawSymbol, DrawType } from '@meridian/shared/pure';

/** The methods bound of one kind: 1 coin addresses, 2 bank accounts. */
export function fetchMethods(type: DrawType): Promise<DrawMethod[]> {
  return api.get('/api/wallet/get_draw_method', { draw_type: type }, { silent: true });
}

/** How many coin addresses and bank accounts are bound (the wallet page's two entries). */
export async function fetchMethodCounts(): Promise<{ coins: number; banks: number }> {
  const [coins, banks] = await Promise.all([fetchMethods(1), fetchMethods(2)]);
  return { coins: coins.length, banks: banks.length };
}

/** The currencies (with their networks) an address can be bound for. */
export function fetchBindSymbols(): Promise<DrawSymbol[]> {
  return api.get('/api/account/draw_symbol_list', { type: 1 }, { silent: true });
}

/** Resolves with the server's sentence; a refusal rejects with the ApiError (its `msg` goes beside its field). */
export function bindMethod(p: Record<string, string | number>): Promise<WithMessage<DrawMethod>> {
  return api.postWithMessage('/api/wallet/bind_draw_method', p, { form: true, spinner: true, silent: true });
}

/** Not silent: a refusal is shown by the API client. Resolves with the server's sentence. */
export async function deleteMethod(id: number): Promise<string> {
  return (await api.postWithMessage('/api/wallet/del_draw_method', { id }, { form: true, spinner: true }))
    .msg;
}
