/**
 * The API client for ops pages: the one client, with the ops token instead of the trader's; code 999 ends the ops
 * session (the ops shell then shows the sign-in page, keeping where the person was). A call is the person's unless
 * marked `passive` (a background refresh): those do not push the session's idle end back (./idle.ts).
 */
import { api, appStore, atom, getApiConfig } from '@meridian/shared';
import type { Params, RequestOptions, WithMessage } from '@meridian/shared';
import { OPS_PASSIVE_HEADER } from '../contract/ops';
import type { AnswerOf, PathOf } from '../contract/endpoints';
import { markOpsActivity } from './idle';
import { clearOpsSessionAtom, opsSessionAtom } from './session';

export type OpsRequestOptions = RequestOptions & {
  /** A refresh the page makes by itself: checks the session without counting as the person's activity. */
  passive?: boolean;
};

const auth = (): NonNullable<RequestOptions['auth']> => ({
  token: appStore.get(opsSessionAtom).token,
  onExpired: () => appStore.set(clearOpsSessionAtom),
});

const withAuth = (opts?: OpsRequestOptions): RequestOptions => {
  const { passive, ...rest } = opts ?? {};
  if (passive) return { ...rest, headers: { ...rest.headers, [OPS_PASSIVE_HEADER]: '1' }, auth: auth() };
  // The server pushes the idle end back when it gets the call; counted from when it is sent.
  if (appStore.get(opsSessionAtom).token) markOpsActivity();
  return { ...rest, auth: auth() };
};

/** How many ops changes (successful POSTs) this tab has made; private, bumped by the client itself. */
const opsChangesBaseAtom = atom(0);

/**
 * Read-only: bumps after every successful ops change (a decision, a freeze, a reply). The frame reloads its menu
 * counts on it, so "Deposits 4" becomes "Deposits 3" the moment a deposit is decided, not a minute later.
 */
export const opsChangeCountAtom = atom((get) => get(opsChangesBaseAtom));

const changed = (): void => {
  appStore.set(opsChangesBaseAtom, (n) => n + 1);
};

export const opsApi = {
  get<P extends PathOf<'GET'>>(
    path: P,
    params?: Params,
    opts?: OpsRequestOptions,
  ): Promise<AnswerOf<'GET', P>> {
    return api.get(path, params, withAuth(opts));
  },
  /** POST, form-encoded (the server's ops calls take forms and JSON alike). */
  async post<P extends PathOf<'POST'>>(
    path: P,
    body?: Params,
    opts?: OpsRequestOptions,
  ): Promise<AnswerOf<'POST', P>> {
    const answer = await api.post(path, body, withAuth({ form: true, ...opts }));
    changed();
    return answer;
  },
  /** POST resolving with the data and the server's sentence (shown to the person as a toast). */
  async postWithMessage<P extends PathOf<'POST'>>(
    path: P,
    body?: Params,
    opts?: OpsRequestOptions,
  ): Promise<WithMessage<AnswerOf<'POST', P>>> {
    const answer = await api.postWithMessage(path, body, withAuth({ form: true, ...opts }));
    changed();
    return answer;
  },
  /** A private file (an identity photo) as a Blob, with the ops token. */
  async blob(path: string, signal?: AbortSignal): Promise<Blob> {
    const config = getApiConfig();
    const url = path.startsWith('http') ? path : `${config.origin().replace(/\/+$/, '')}${path}`;
    const headers: Record<string, string> = { lang: config.getLanguage() };
    const token = appStore.get(opsSessionAtom).token;
    if (token) headers.authorization = token;
    const res = await (config.fetchImpl ?? globalThis.fetch)(url, { headers, ...(signal ? { signal } : {}) });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return res.blob();
  },
};
