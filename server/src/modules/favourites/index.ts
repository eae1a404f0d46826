/**
 * The favourites module's public surface: a trader's favourite instruments, one ordered list per user
 * (docs/rules.md#favourites). Its routes are registered by app/modules.ts with the instrument check they use.
 */
export { listFavourites } from './repository';
