/** POST /api/user/logout: revokes this token on the server. */
import { api } from '@meridian/shared';

export function logout(): Promise<null> {
  return api.post('/api/user/logout', undefined, { silent: true, initial: true, spinner: true });
}
