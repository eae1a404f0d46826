/**
 * One-tap trading, a choice of this device (off by default, like MT5's one-click trading): when on, a market order
 * goes the moment Buy or Sell is tapped, without the confirmation, with the same slippage guard (the price shown and
 * the chosen maximum deviation). Turning it on asks once, with a clear warning; turning it off does not ask.
 */
import { atom, readStorage, STORAGE_KEYS, writeStorage } from '@meridian/shared';

const baseAtom = atom(readStorage(STORAGE_KEYS.oneTap) === '1');

/** Read: whether one-tap trading is on. Write: turn it on or off (kept on this device). */
export const oneTapAtom = atom(
  (get) => get(baseAtom),
  (_get, set, on: boolean) => {
    writeStorage(STORAGE_KEYS.oneTap, on ? '1' : null);
    set(baseAtom, on);
  },
);

/** Whether this order skips the confirmation: only a market order, and only with one-tap trading on. */
export function goesAtOnce(oneTap: boolean, mode: 0 | 1): boolean {
  return oneTap && mode === 1;
}
