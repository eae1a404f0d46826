/** The trader's favourites for a screen; the first screen to ask starts following the session (state/favourites). */
import { useEffect } from 'react';
import { useAtomValue } from '@meridian/shared';
import { favouritesAtom, startFavourites } from '../state/favourites';
import type { FavouritesState } from '../state/favourites';

export function useFavourites(): FavouritesState {
  useEffect(startFavourites, []);
  return useAtomValue(favouritesAtom);
}
