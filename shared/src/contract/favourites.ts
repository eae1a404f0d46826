/**
 * The wire contract of a trader's favourite instruments (docs/rules.md#favourites): one ordered list per user, kept
 * by the server for accounts (demo and real alike) and on the device for guests.
 */

/** The most instruments one trader may keep as favourites; the server refuses a longer list. */
export const FAVOURITES_MAX = 100;

/**
 * GET /api/favourite/list and POST /api/favourite/save: the trader's favourite instrument ids (`TradeListItem.Id`)
 * in the trader's order, first shown first.
 */
export type FavouriteList = { ids: number[] };
