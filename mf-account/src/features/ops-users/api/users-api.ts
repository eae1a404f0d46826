/** The users calls of the back office (types from `@meridian/shared/pure`). */
import { opsApi } from '@meridian/shared/ops';
import type { OpsUserDetail, OpsUserRow } from '@meridian/shared/pure';

export function searchUsers(q: string): Promise<OpsUserRow[]> {
  return opsApi.get('/api/ops/users/search', { q }, { silent: true });
}

export function fetchUser(uid: string): Promise<OpsUserDetail> {
  return opsApi.get('/api/ops/users/detail', { uid }, { silent: true });
}

/** Each resolves with the server's sentence (a toast); refusals are toasted by the client. */
export async function signOutEverywhere(uid: string): Promise<string> {
  return (await opsApi.postWithMessage('/api/ops/users/sign_out_all', { uid })).msg;
}

export async function freeze(uid: string, reason: string): Promise<string> {
  return (await opsApi.postWithMessage('/api/ops/users/freeze', { uid, reason })).msg;
}

export async function unfreeze(uid: string): Promise<string> {
  return (await opsApi.postWithMessage('/api/ops/users/unfreeze', { uid })).msg;
}
