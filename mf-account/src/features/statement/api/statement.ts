/** GET /api/statement: the account over a period of UTC days (docs/calls.md#get-apistatement). */
import { api } from '@meridian/shared';

export function fetchStatement(from: string, to: string) {
  return api.get('/api/statement', { from, to }, { silent: true });
}
