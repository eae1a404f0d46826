/**
 * The trailing stop distance as a trader types it, for every screen that offers one (the order ticket, the TP/SL
 * edit): what the field takes, and where the stop would start, computed as the server does
 * (docs/rules.md#trailing-stop).
 */
import { MAX_TRAILING_POINTS } from '../contract/trading';
import type { Language } from '../constants';
import { parseDecimalInput } from './input';
import type { DecimalInputOptions } from './input';
import { betterStop, trailingLevel } from './trading';
import type { DecimalInput, Side } from './trading';

/** The distance field: whole points, 1 to the server's maximum. */
export const trailingFieldOptions: Omit<DecimalInputOptions, 'language'> = {
  decimals: 0,
  min: 1,
  max: MAX_TRAILING_POINTS,
};

/**
 * Where a trailing stop of the typed distance starts from the close-side price `price`: that price less (a long) or
 * plus (a short) the distance, or `stopLoss` (a decimal, or null for none) when that is better for the trader.
 * `points` null: the text is not a distance the field takes; `level` null: a long's distance larger than the price
 * (the server refuses it).
 */
export function trailingStart(
  side: Side,
  price: DecimalInput,
  distanceText: string,
  stopLoss: string | null,
  precision: number,
  language?: Language,
): { points: number | null; level: string | null } {
  const r = parseDecimalInput(distanceText, { ...trailingFieldOptions, language });
  if (!r.ok) return { points: null, level: null };
  const points = Number(r.value);
  const start = trailingLevel(side, price, points, precision);
  if (start === null) return { points, level: null };
  return { points, level: stopLoss && stopLoss !== '0' ? betterStop(side, stopLoss, start) : start };
}
