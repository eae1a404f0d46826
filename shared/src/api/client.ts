/**
 * The one API client (docs/calls.md, docs/messages.md). Every call goes through here so the envelope rules hold everywhere: `lang` and
 * `authorization` headers, the `t` cache-buster on GET/DELETE, toasts for refused calls, 999 ending the session, the
 * global spinner. It is plain fetch with no React, so fetchers and socket handlers can use it; the host wires its
 * session, language and i18n in with {@link configureApi}.
 */
import { CODE_OK, CODE_SESSION_EXPIRED, DEFAULT_LANGUAGE } from '../constants';
import type { AnswerOf, PathOf } from '../contract/endpoints';
import { appStore } from '../state/store';
import { spinnerAtom, toast as showToast } from '../state/ui';

/** Why a call failed: the server refused it, it never got a usable answer, or it was aborted. */
export type ApiErrorKind = 'server' | 'transport' | 'cancelled';

/** Transport and cancel errors carry this code: they have no envelope code. */
export const CODE_NO_ENVELOPE = 0;

/** A failed call. `code` is the envelope code for `kind: 'server'`, {@link CODE_NO_ENVELOPE} otherwise. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Envelope code (server errors) or {@link CODE_NO_ENVELOPE}. */
  readonly code: number;
  /** The server's message, or the translated transport message. */
  readonly msg: string;
  /** HTTP status, when a response arrived. */
  readonly status?: number;
  readonly kind: ApiErrorKind;
  /** The envelope's `data` of a refused call, if any. */
  readonly data?: unknown;

  constructor(init: {
    kind: ApiErrorKind;
    code: number;
    msg: string;
    status?: number;
    data?: unknown;
    cause?: unknown;
  }) {
    super(init.msg, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.code = init.code;
    this.msg = init.msg;
    if (init.status !== undefined) this.status = init.status;
    if (init.data !== undefined) this.data = init.data;
  }
}

/** Type guard for {@link ApiError}. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** What the host plugs into the client. */
export type ApiConfig = {
  /** The API origin, read on every call (see `resolveApiOrigin`). */
  origin: () => string;
  getToken: () => string | null;
  getLanguage: () => string;
  /** Code 999 on a call not marked `initial`: clear the session and go to /login. */
  onSessionExpired: () => void;
  /** Shows an error toast; defaults to the shared toast stack. */
  toast?: (text: string) => void;
  /** i18n lookup for client-side messages; defaults to returning the key. */
  translate?: (key: string, vars?: Record<string, unknown>) => string;
  /** Defaults to the global `fetch`, looked up on each call. */
  fetchImpl?: typeof fetch;
};

/** Per-call options. */
export type RequestOptions = {
  /** Send the body as `application/x-www-form-urlencoded` instead of JSON. */
  form?: boolean;
  /** No toast when the call fails (neither the server's `msg` nor the network message). */
  silent?: boolean;
  /** A start-up call: code 999 does not end the session or redirect. */
  initial?: boolean;
  /** Show the global spinner while the call runs (default: on for `upload`, off otherwise). */
  spinner?: boolean;
  signal?: AbortSignal;
  /** Extra headers; they win over the defaults. */
  headers?: Record<string, string>;
  /** Resolve with the whole parsed JSON body, without envelope handling (manifest, external hosts). */
  raw?: boolean;
  /** Another session than the trader's (the ops area): its token, and what its code 999 does. */
  auth?: { token: string | null; onExpired: () => void };
};

/** Query parameters and form fields: `undefined` and `null` are left out. */
/** A success with the server's sentence, from {@link api.getWithMessage} and {@link api.postWithMessage}. */
export type WithMessage<T> = { data: T; msg: string };

export type Params = Record<string, string | number | boolean | null | undefined>;

type Method = 'GET' | 'POST';

const defaultConfig: ApiConfig = {
  origin: () => '',
  getToken: () => null,
  getLanguage: () => DEFAULT_LANGUAGE,
  onSessionExpired: () => {},
};

let config: ApiConfig = defaultConfig;

/** The start-up check of the stored session while it runs (see {@link holdSessionExpiry}). */
let sessionCheck: Promise<unknown> | null = null;

/**
 * While `check` runs (the host's start-up check of a stored session, a call marked `initial`), a code 999 on any other
 * call of the trader's session waits for it: a stale token the check drops ends quietly (a guest browsing quotes is not
 * sent to /login because the page's own calls answered before the check did), a live one that expired meanwhile ends
 * as usual.
 */
export function holdSessionExpiry(check: Promise<unknown>): void {
  const held = check.then(
    () => undefined,
    () => undefined,
  );
  sessionCheck = held;
  void held.then(() => {
    if (sessionCheck === held) sessionCheck = null;
  });
}

/** Wire the client to the app (the host calls this once at start-up; later calls replace the whole config). */
export function configureApi(next: ApiConfig): void {
  config = { ...next };
}

/** The active configuration (defaults until {@link configureApi} is called). */
export function getApiConfig(): Readonly<ApiConfig> {
  return config;
}

function translate(key: string, vars?: Record<string, unknown>): string {
  return config.translate ? config.translate(key, vars) : key;
}

function notify(text: string): void {
  if (!text) return;
  if (config.toast) config.toast(text);
  else showToast(text, 'error');
}

function appendParams(search: URLSearchParams, params: Params | undefined): void {
  if (!params) return;
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
}

function buildUrl(
  path: string,
  method: Method,
  params: Params | undefined,
): { url: string; apiOrigin: string } {
  const apiOrigin = config.origin().replace(/\/+$/, '');
  const base = path.startsWith('http') ? path : `${apiOrigin}${path.startsWith('/') ? '' : '/'}${path}`;
  if (method !== 'GET') return { url: base, apiOrigin };
  const search = new URLSearchParams();
  appendParams(search, params);
  search.set('t', String(Date.now()));
  const [withoutHash = '', hash] = base.split('#', 2);
  const joiner = withoutHash.includes('?') ? '&' : '?';
  return {
    url: `${withoutHash}${joiner}${search.toString()}${hash === undefined ? '' : `#${hash}`}`,
    apiOrigin,
  };
}

/** Absolute URLs to another host (an external service) must not receive the user's token. */
function isApiTarget(url: string, apiOrigin: string): boolean {
  if (!url.startsWith('http')) return true;
  try {
    const target = new URL(url).origin;
    if (apiOrigin) return target === new URL(apiOrigin).origin;
    return typeof location !== 'undefined' && target === location.origin;
  } catch {
    return false;
  }
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return true;
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function cancelled(cause: unknown): ApiError {
  return new ApiError({ kind: 'cancelled', code: CODE_NO_ENVELOPE, msg: 'cancelled', cause });
}

function transport(status: number, silent: boolean, cause?: unknown): ApiError {
  const msg = translate('common:networkError', { status });
  if (!silent) notify(msg);
  return new ApiError({ kind: 'transport', code: CODE_NO_ENVELOPE, msg, status, cause });
}

function isEnvelope(value: unknown): value is { code: number; msg?: unknown; data?: unknown } {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

type RequestBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: Params }
  | { kind: 'multipart'; value: FormData };

async function request<T>(
  method: Method,
  path: string,
  params: Params | undefined,
  body: RequestBody,
  opts: RequestOptions = {},
  withMessage = false,
): Promise<T> {
  const silent = opts.silent === true;
  const { url, apiOrigin } = buildUrl(path, method, params);

  const headers: Record<string, string> = { lang: config.getLanguage() };
  const token = opts.auth ? opts.auth.token : config.getToken();
  if (token && isApiTarget(url, apiOrigin)) headers.authorization = token;

  let payload: BodyInit | undefined;
  if (body.kind === 'json' && body.value !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.value);
  } else if (body.kind === 'form') {
    const form = new URLSearchParams();
    appendParams(form, body.value);
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    payload = form.toString();
  } else if (body.kind === 'multipart') {
    // No content-type: fetch must write the multipart boundary itself.
    payload = body.value;
  }
  Object.assign(headers, opts.headers);

  const init: RequestInit = { method, headers };
  if (payload !== undefined) init.body = payload;
  if (opts.signal) init.signal = opts.signal;

  if (opts.spinner) appStore.set(spinnerAtom, 1);
  try {
    const fetchImpl = config.fetchImpl ?? globalThis.fetch;
    let response: Response;
    try {
      response = await fetchImpl(url, init);
    } catch (error) {
      if (isAbort(error, opts.signal)) throw cancelled(error);
      throw transport(0, silent, error);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(await response.text());
    } catch (error) {
      if (isAbort(error, opts.signal)) throw cancelled(error);
      throw transport(response.status, silent, error);
    }
    // A refusal the server explains (429 rate limited, 413 too large, 404 unknown call) keeps its own message;
    // any other non-2xx answer is a transport error.
    if (!response.ok && !(isEnvelope(parsed) && parsed.code !== CODE_OK))
      throw transport(response.status, silent);
    if (opts.raw) return parsed as T;
    if (!isEnvelope(parsed)) throw transport(response.status, silent);

    if (parsed.code === CODE_OK) {
      return (
        withMessage
          ? { data: parsed.data, msg: typeof parsed.msg === 'string' ? parsed.msg : '' }
          : parsed.data
      ) as T;
    }

    const msg = typeof parsed.msg === 'string' ? parsed.msg : '';
    if (!silent) notify(msg);
    if (parsed.code === CODE_SESSION_EXPIRED && !opts.initial) {
      if (opts.auth) opts.auth.onExpired();
      else {
        if (sessionCheck) await sessionCheck;
        // Only the session the call was sent with: one the start-up check (or a logout) ended meanwhile is over.
        if (config.getToken() === token) config.onSessionExpired();
      }
    }
    throw new ApiError({
      kind: 'server',
      code: parsed.code,
      msg,
      status: response.status,
      data: parsed.data,
    });
  } finally {
    if (opts.spinner) appStore.set(spinnerAtom, -1);
  }
}

/**
 * The API. Each method resolves with the envelope's `data` on code 1 and rejects with an {@link ApiError} otherwise.
 * Paths starting with `http` are used as they are; others are prefixed with the configured origin.
 */
export const api = {
  /** GET with `params` (and `t`) in the query; the answer's type is the endpoint map's (contract/endpoints.ts). */
  get<P extends PathOf<'GET'>>(path: P, params?: Params, opts?: RequestOptions): Promise<AnswerOf<'GET', P>> {
    return request('GET', path, params, { kind: 'none' }, opts);
  },
  /** POST with `body` as JSON, or form-encoded with `opts.form`. */
  post<P extends PathOf<'POST'>>(
    path: P,
    body?: unknown,
    opts?: RequestOptions,
  ): Promise<AnswerOf<'POST', P>> {
    return request('POST', path, undefined, bodyOf(body, opts), opts);
  },
  /** A file that is not a call of the API (a manifest, the registry): the parsed JSON as it is, no envelope. */
  json<T>(url: string, opts?: Omit<RequestOptions, 'raw'>): Promise<T> {
    return request<T>('GET', url, undefined, { kind: 'none' }, { ...opts, raw: true });
  },
  /**
   * GET resolving with the envelope's `data` and its `msg`, for calls whose success message the user must see
   * (docs/messages.md: close, cancel, set TP/SL, reset demo, send code, submit…). Refusals follow the usual rules.
   */
  getWithMessage<P extends PathOf<'GET'>>(
    path: P,
    params?: Params,
    opts?: RequestOptions,
  ): Promise<WithMessage<AnswerOf<'GET', P>>> {
    return request('GET', path, params, { kind: 'none' }, opts, true);
  },
  /** POST (JSON, or form-encoded with `opts.form`) resolving with the envelope's `data` and its `msg`. */
  postWithMessage<P extends PathOf<'POST'>>(
    path: P,
    body?: unknown,
    opts?: RequestOptions,
  ): Promise<WithMessage<AnswerOf<'POST', P>>> {
    return request('POST', path, undefined, bodyOf(body, opts), opts, true);
  },
  /** POST one file as multipart field `file`; shows the global spinner unless `opts.spinner` is false. */
  upload<P extends PathOf<'POST'>>(
    path: P,
    file: Blob,
    opts: RequestOptions = {},
  ): Promise<AnswerOf<'POST', P>> {
    const form = new FormData();
    form.append('file', file);
    return request(
      'POST',
      path,
      undefined,
      { kind: 'multipart', value: form },
      { ...opts, spinner: opts.spinner ?? true },
    );
  },
};

function bodyOf(body: unknown, opts: RequestOptions | undefined): RequestBody {
  if (opts?.form) return { kind: 'form', value: (body ?? {}) as Params };
  return { kind: 'json', value: body };
}
