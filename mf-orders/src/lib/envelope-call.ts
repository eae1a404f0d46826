/**
 * Calls whose success message the user must see (spec §8: reset demo, send code, reset password, real-name submit).
 * The shared client resolves with `data` only, so these ask it for the raw envelope and apply the same rules
 * themselves: code 1 resolves with `{ data, msg }`; another code toasts `msg` (unless silent), ends the session on
 * 999, and rejects with an ApiError.
 */
import { api, ApiError, CODE_OK, CODE_SESSION_EXPIRED, getApiConfig, toast } from '@meridian/shared';
import type { Params, RequestOptions } from '@meridian/shared';

export type WithMessage<T> = { data: T; msg: string };

type RawEnvelope = { code?: unknown; msg?: unknown; data?: unknown };

function settle<T>(body: RawEnvelope, opts: RequestOptions): WithMessage<T> {
  const msg = typeof body.msg === 'string' ? body.msg : '';
  if (typeof body.code !== 'number') {
    throw new ApiError({ kind: 'transport', code: 0, msg });
  }
  if (body.code === CODE_OK) return { data: body.data as T, msg };
  if (!opts.silent && msg) toast(msg, 'error');
  if (body.code === CODE_SESSION_EXPIRED && !opts.initial) getApiConfig().onSessionExpired();
  throw new ApiError({ kind: 'server', code: body.code, msg, data: body.data });
}

/** GET resolving with the envelope's data and message. */
export async function getWithMessage<T>(
  path: string,
  params?: Params,
  opts: RequestOptions = {},
): Promise<WithMessage<T>> {
  return settle<T>(await api.get<RawEnvelope>(path, params, { ...opts, raw: true }), opts);
}

/** POST (form-encoded) resolving with the envelope's data and message. */
export async function postFormWithMessage<T>(
  path: string,
  body: Params,
  opts: RequestOptions = {},
): Promise<WithMessage<T>> {
  return settle<T>(await api.post<RawEnvelope>(path, body, { ...opts, form: true, raw: true }), opts);
}
