/** The ops session calls (docs/ops.md): sign in, who am I (also what keeps a session alive), sign out. */
import { opsApi } from '@meridian/shared/ops';
import type { OpsMe, OpsSignInResult } from '@meridian/shared/pure';

/** A refusal rejects with the ApiError, silently: the sign-in form says why. */
export function signIn(p: { email: string; password: string; code: string }): Promise<OpsSignInResult> {
  return opsApi.post('/api/ops/auth/login', p, { silent: true });
}

/**
 * The signed-in account as it is now. `silent` for the check on entry (a stale token ends quietly); the idle
 * dialog's "stay" is not silent, so a refusal other than an ended session is shown.
 */
export function fetchMe(opts: { silent?: boolean } = {}): Promise<OpsMe> {
  return opsApi.get('/api/ops/auth/me', undefined, opts.silent ? { silent: true } : undefined);
}

/** Resolves with the server's sentence. */
export async function signOut(): Promise<string> {
  return (await opsApi.postWithMessage('/api/ops/auth/logout', undefined, { silent: true })).msg;
}
