/** The favourites calls (docs/calls.md "Favourites"): the account's list, and a save that replaces it whole. */
import { api } from '@meridian/shared';

/** The account's favourite instrument ids, in the trader's order. Silent: the caller decides what a failure shows. */
export function fetchFavourites(): Promise<number[]> {
  return api.get('/api/favourite/list', undefined, { silent: true }).then((r) => r?.ids ?? []);
}

/** Replace the account's list with `ids` (in order); answers the list as saved. */
export function saveFavourites(ids: readonly number[]): Promise<number[]> {
  return api
    .post('/api/favourite/save', { ids: ids.join(',') }, { form: true, silent: true })
    .then((r) => r?.ids ?? []);
}
