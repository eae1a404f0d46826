/**
 * The trader's favourite instruments (docs/rules.md#favourites), one list in the app store:
 * - a guest's list lives on the device (`STORAGE_KEYS.favourites`);
 * - a signed-in trader's (demo or real) lives on the server: loaded when the token appears and again each time the
 *   host enters `/` or `/trade` (so a change made on another phone shows on the next visit), saved whole on every
 *   change;
 * - at login a guest's device list is moved into the account: the account's order first, then the device's new ones,
 *   one save, then the device copy is cleared.
 * Changes are optimistic: the list changes at the tap and the save follows; a failed save puts back the last list the
 * server confirmed and says so in a toast. Saves never overlap: one runs at a time and sends the newest list.
 * Code outside React writes through the store (session and page-visit subscriptions, the saves).
 */
import {
  appStore,
  atom,
  i18n,
  isApiError,
  readStorage,
  sessionAtom,
  STORAGE_KEYS,
  toast,
  tradeListVersionAtom,
  writeStorage,
} from '@meridian/shared';
import { FAVOURITES_MAX } from '@meridian/shared/pure';
import { tradeListAtom } from '../../../lib/instruments';
import { NS } from '../../../lib/ns';
import { fetchFavourites, saveFavourites } from '../api/favourites';

export type FavouritesState = {
  /** The favourite instrument ids, in the trader's order. */
  ids: readonly number[];
  /** False while a signed-in trader's list has not been read yet: no change is allowed until it has. */
  ready: boolean;
};

/** What the screens show before the session is followed: a guest's device list at once, a trader's once read. */
function initialState(): FavouritesState {
  return appStore.get(sessionAtom).token === null
    ? { ids: readDeviceFavourites(), ready: true }
    : { ids: [], ready: false };
}

/** A guest's list on this device: valid positive integer ids only, each once, at most FAVOURITES_MAX. */
export function readDeviceFavourites(): number[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readStorage(STORAGE_KEYS.favourites) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const ids = raw.filter((v): v is number => Number.isSafeInteger(v) && (v as number) > 0);
  return [...new Set(ids)].slice(0, FAVOURITES_MAX);
}

function writeDeviceFavourites(ids: readonly number[] | null): void {
  writeStorage(STORAGE_KEYS.favourites, ids && ids.length > 0 ? JSON.stringify(ids) : null);
}

/** The account's list first, in its order, then the device's ids it does not have yet (at most FAVOURITES_MAX). */
export function mergeFavourites(account: readonly number[], device: readonly number[]): number[] {
  const have = new Set(account);
  return [...account, ...device.filter((id) => !have.has(id))].slice(0, FAVOURITES_MAX);
}

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

const favouritesBaseAtom = atom<FavouritesState>(initialState());
/** The favourites as screens read them. */
export const favouritesAtom = atom((get) => get(favouritesBaseAtom));

const set = (next: FavouritesState) => appStore.set(favouritesBaseAtom, next);
const current = () => appStore.get(favouritesBaseAtom);
const tokenNow = () => appStore.get(sessionAtom).token;

/** What the server last confirmed for the signed-in trader: where a failed save returns to. */
let confirmed: readonly number[] = [];
let saving = false;
let dirty = false;
/** Bumped on every session change: an answer for an earlier session is dropped. */
let epoch = 0;

function notSaved(error: unknown): void {
  const reason = isApiError(error) ? error.msg : '';
  toast(i18n.t(`${NS}:favourites.notSaved`, { reason }), 'error');
}

/** Send the newest list until nothing changed meanwhile; on a failure, back to what the server confirmed. */
async function flush(): Promise<void> {
  if (saving) {
    dirty = true;
    return;
  }
  saving = true;
  const mine = epoch;
  try {
    do {
      dirty = false;
      const sending = current().ids;
      try {
        const saved = await saveFavourites(sending);
        if (mine !== epoch) return;
        confirmed = saved;
      } catch (error) {
        if (mine !== epoch) return;
        dirty = false;
        set({ ids: confirmed, ready: true });
        notSaved(error);
        return;
      }
    } while (dirty);
  } finally {
    saving = false;
  }
}

/** Apply a change to the list: on the device for a guest, optimistically then saved for a trader. */
function change(next: readonly number[]): void {
  const state = current();
  if (!state.ready || sameList(state.ids, next)) return;
  set({ ids: next, ready: true });
  if (tokenNow() === null) writeDeviceFavourites(next);
  else void flush();
}

/** Star or unstar an instrument: a new favourite goes last. */
export function toggleFavourite(id: number): void {
  const { ids } = current();
  if (ids.includes(id)) change(ids.filter((x) => x !== id));
  else if (ids.length < FAVOURITES_MAX) change([...ids, id]);
  else toast(i18n.t(`${NS}:favourites.full`, { max: FAVOURITES_MAX }), 'error');
}

/** Move a favourite one place up (-1) or down (+1) in the trader's order; nothing at either end. */
export function moveFavourite(id: number, delta: -1 | 1): void {
  const ids = [...current().ids];
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return;
  [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
  change(ids);
}

/** Ids of instruments the trade list knows, when it is loaded (a device may hold an id the server no longer has). */
function knownOnly(ids: readonly number[]): number[] {
  const list = appStore.get(tradeListAtom);
  if (list.status !== 'ready') return [...ids];
  const known = new Set(list.data.map((i) => i.Id));
  return ids.filter((id) => known.has(id));
}

/** Read the account's list; move a guest's device list into it first time round. */
async function loadAccount(): Promise<void> {
  const mine = epoch;
  if (saving || dirty) return; // a save is on its way: its answer is the list
  let account: number[];
  try {
    account = await fetchFavourites();
  } catch {
    return; // stays not ready (stars disabled) until the next visit of `/` or `/trade` reads it
  }
  if (mine !== epoch || saving) return;
  const device = knownOnly(readDeviceFavourites());
  const merged = mergeFavourites(account, device);
  confirmed = account;
  if (sameList(merged, account)) {
    writeDeviceFavourites(null);
    set({ ids: account, ready: true });
    return;
  }
  set({ ids: merged, ready: true });
  saving = true;
  try {
    const saved = await saveFavourites(merged);
    if (mine !== epoch) return;
    confirmed = saved;
    writeDeviceFavourites(null);
  } catch (error) {
    if (mine !== epoch) return;
    // The device copy stays, to be moved at the next load.
    set({ ids: account, ready: true });
    notSaved(error);
  } finally {
    saving = false;
  }
  if (dirty && mine === epoch) void flush();
}

let lastToken: string | null | undefined;

function onSession(): void {
  const token = tokenNow();
  if (token === lastToken) return;
  lastToken = token;
  epoch += 1;
  saving = false;
  dirty = false;
  confirmed = [];
  if (token === null) {
    set({ ids: readDeviceFavourites(), ready: true });
    return;
  }
  set({ ids: [], ready: false });
  void loadAccount();
}

function onPageVisit(): void {
  if (tokenNow() !== null) void loadAccount();
}

let stop: (() => void) | null = null;

/** Start following the session and page visits (once per tab; later calls do nothing). */
export function startFavourites(): void {
  if (stop) return;
  const offSession = appStore.sub(sessionAtom, onSession);
  const offVisit = appStore.sub(tradeListVersionAtom, onPageVisit);
  stop = () => {
    offSession();
    offVisit();
  };
  onSession();
}

/** For tests: stop following and forget everything (the next start reads the session afresh). */
export function resetFavourites(): void {
  stop?.();
  stop = null;
  lastToken = undefined;
  epoch += 1;
  saving = false;
  dirty = false;
  confirmed = [];
  set(initialState());
}
