/**
 * The realtime connection status as an atom, so any screen (host or remote) can show "reconnecting" without touching
 * the socket. Only the bridge writes it, through the store (code outside React writes via `appStore.set`).
 */
import { atom } from './store';
import type { RealtimeStatus } from '../realtime/socket';

const realtimeStatusBaseAtom = atom<RealtimeStatus>('idle');

/** The status of the app's one realtime socket: `idle`, `connecting`, `open` or `closed`. Read-only. */
export const realtimeStatusAtom = atom((get) => get(realtimeStatusBaseAtom));

/** Write-only: set the realtime status. For the realtime bridge; screens only read {@link realtimeStatusAtom}. */
export const setRealtimeStatusAtom = atom(null, (_get, set, status: RealtimeStatus) => {
  set(realtimeStatusBaseAtom, status);
});
