/**
 * Input and answer of the favourites calls. The list travels as comma-separated instrument ids; every part is read
 * as text and checked before it becomes a number, so nothing hostile reaches the database.
 */
import { z } from 'zod';
import { ERROR_CODES, FAVOURITES_MAX } from '@meridian/shared/pure';
import type { FavouriteList } from '@meridian/shared/pure';
import { contract } from '../../lib/contract';
import { AppError } from '../../lib/errors';
import { MAX_ID, ValidationError } from '../../lib/validate';

/** Longest `ids` text read at all: FAVOURITES_MAX ids of 10 digits and their commas fit well within it. */
export const IDS_MAX_CHARS = 2048;

/** `ids` is required ('' is the empty list: the last favourite removed); a text longer than any real list is refused. */
export const saveBody = z.object({
  ids: z.string({ message: 'v.required' }).max(IDS_MAX_CHARS),
});

/** One id as text: digits only (no sign, exponent, decimals or leading zero), at most 10 of them. */
const ID_TEXT = /^[1-9]\d{0,9}$/;

/**
 * The ids of a save, in order. Refused with 1001: a part that is not a plain positive integer up to MAX_ID (1e308,
 * -0, NaN, 1.000…, an empty part as in "1,,2" or "1,"), more than FAVOURITES_MAX ids, an id twice. Whether each id
 * is an instrument needs the market: `instrumentsOnly`.
 */
export function parseIds(text: string): number[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const parts = trimmed.split(',').map((p) => p.trim());
  if (parts.some((p) => !ID_TEXT.test(p) || Number(p) > MAX_ID))
    throw new ValidationError([{ field: 'ids', key: 'v.invalid', params: { field: 'ids' } }]);
  if (parts.length > FAVOURITES_MAX)
    throw new AppError(ERROR_CODES.validation, 'favourites.tooMany', { max: FAVOURITES_MAX });
  const ids = parts.map(Number);
  if (new Set(ids).size !== ids.length) throw new AppError(ERROR_CODES.validation, 'favourites.duplicate');
  return ids;
}

/** Refuses (1208) a list naming anything that is not an instrument of the trade list. */
export function instrumentsOnly(ids: readonly number[], isInstrument: (id: number) => boolean): void {
  if (ids.some((id) => !isInstrument(id)))
    throw new AppError(ERROR_CODES.instrumentNotFound, 'favourites.unknown');
}

export const favouriteListSchema = contract<FavouriteList>()(
  z.strictObject({ ids: z.array(z.number().int().min(1)).max(FAVOURITES_MAX) }),
);
