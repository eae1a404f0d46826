/**
 * Session (docs/states.md): token and user in local storage and in atoms. Base atoms are private; the app reads
 * `sessionAtom` and changes the session only through the action atoms.
 */
import { atom } from 'jotai';
import type { UserView } from '../contract/accounts';
import { readJson, readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** The user as login and /api/user/info return it (docs/calls.md): the contract's `UserView`. */
export type User = UserView;

export type Session = {
  token: string | null;
  user: User | null;
  isLoggedIn: boolean;
  isDemo: boolean;
};

const tokenBaseAtom = atom<string | null>(readStorage(STORAGE_KEYS.token));
const userBaseAtom = atom<User | null>(readJson<User>(STORAGE_KEYS.user));

/** The current session, derived. */
export const sessionAtom = atom<Session>((get) => {
  const token = get(tokenBaseAtom);
  const user = get(userBaseAtom);
  return { token, user, isLoggedIn: token !== null, isDemo: user?.is_demo === 1 };
});

/** Log in: store token and user. */
export const setSessionAtom = atom(null, (_get, set, next: { token: string; user: User | null }) => {
  writeStorage(STORAGE_KEYS.token, next.token);
  writeStorage(STORAGE_KEYS.user, next.user ? JSON.stringify(next.user) : null);
  set(tokenBaseAtom, next.token);
  set(userBaseAtom, next.user);
});

/** Replace the stored user (after /api/user/info or a balance refresh). */
export const setUserAtom = atom(null, (_get, set, user: User | null) => {
  writeStorage(STORAGE_KEYS.user, user ? JSON.stringify(user) : null);
  set(userBaseAtom, user);
});

/** Log out or expire: forget token and user. */
export const clearSessionAtom = atom(null, (_get, set) => {
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.user, null);
  set(tokenBaseAtom, null);
  set(userBaseAtom, null);
});
