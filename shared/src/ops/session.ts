/**
 * The ops session, apart from the trader's: its own token (an `ops_` token, 30 minutes idle, 12 hours in all) and
 * the signed-in person, in local storage and atoms of the shared store. Base atoms are private.
 */
import { appStore, atom, readStorage, writeStorage } from '@meridian/shared';
import type { OpsMe, OpsRole } from '../contract/ops';
import { clearOpsActivity, markOpsActivity } from './idle';

const TOKEN_KEY = 'meridian.ops.token';
const ME_KEY = 'meridian.ops.me';

export type OpsSession = { token: string | null; me: OpsMe | null; signedIn: boolean };

function readMe(): OpsMe | null {
  try {
    return JSON.parse(readStorage(ME_KEY) ?? 'null') as OpsMe | null;
  } catch {
    return null;
  }
}

const tokenBaseAtom = atom<string | null>(readStorage(TOKEN_KEY));
const meBaseAtom = atom<OpsMe | null>(readMe());

/** The ops session, derived. */
export const opsSessionAtom = atom<OpsSession>((get) => {
  const token = get(tokenBaseAtom);
  const me = get(meBaseAtom);
  return { token, me, signedIn: token !== null && me !== null };
});

/** After sign-in (or a refreshed `me`). */
export const setOpsSessionAtom = atom(null, (_get, set, next: { token: string; me: OpsMe }) => {
  // A new session starts its idle clock now (a refreshed `me` was a call of the person's anyway).
  if (readStorage(TOKEN_KEY) !== next.token) clearOpsActivity();
  markOpsActivity();
  writeStorage(TOKEN_KEY, next.token);
  writeStorage(ME_KEY, JSON.stringify(next.me));
  set(tokenBaseAtom, next.token);
  set(meBaseAtom, next.me);
});

/** Sign-out or expiry. */
export const clearOpsSessionAtom = atom(null, (_get, set) => {
  clearOpsActivity();
  writeStorage(TOKEN_KEY, null);
  writeStorage(ME_KEY, null);
  set(tokenBaseAtom, null);
  set(meBaseAtom, null);
});

/** True when `me` holds one of `roles` (admin holds them all), as the server decides. */
export function hasOpsRole(me: OpsMe | null, roles: readonly OpsRole[] | 'any'): boolean {
  if (!me) return false;
  if (roles === 'any' || me.roles.includes('admin')) return true;
  return me.roles.some((r) => roles.includes(r));
}

/** Read the session outside React. */
export const readOpsSession = (): OpsSession => appStore.get(opsSessionAtom);
