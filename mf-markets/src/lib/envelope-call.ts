/**
 * A GET whose success message the user must see (the order submit's `msg`, spec §5). The shared client resolves
 * with `data` only, so this asks for the raw envelope and applies the same rules: code 1 resolves with
 * `{ data, msg }`; another code toasts `msg`, ends the session on 999, and rejects with an ApiError.
 */
import { api, ApiError, CODE_OK, CODE_SESSION_EXPIRED, getApiConfig, toast } from '@meridian/shared';
import type { Params, RequestOptions } from '@meridian/shared';

export type WithMessage<T> = { data: T; msg: string };

type RawEnvelope = { code?: unknown; msg?: unknown; data?: unknown };

export async function getWithMessage<T>(
  path: string,
  params?: Params,
  opts: RequestOptions = {},
): Promise<WithMessage<T>> {
  const body = await api.get<RawEnvelope>(path, params, { ...opts, raw: true });
  const msg = typeof body?.msg === 'string' ? body.msg : '';
  if (typeof body?.code !== 'number') throw new ApiError({ kind: 'transport', code: 0, msg });
  if (body.code === CODE_OK) return { data: body.data as T, msg };
  if (!opts.silent && msg) toast(msg, 'error');
  if (body.code === CODE_SESSION_EXPIRED && !opts.initial) getApiConfig().onSessionExpired();
  throw new ApiError({ kind: 'server', code: body.code, msg, data: body.data });
}
