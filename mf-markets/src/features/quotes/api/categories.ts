/** GET /v1/api/forex/getCategories: the chips of the home list (names translated by the server). */
import { api } from '@meridian/shared';
import type { Category } from '../../../lib/instruments';

export function fetchCategories(): Promise<Category[]> {
  return api.get('/v1/api/forex/getCategories', undefined, { silent: true }).then((list) => list ?? []);
}
