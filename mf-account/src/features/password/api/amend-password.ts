/** POST /api/user/amend_password (form): old, new and repeated password; revokes every session on success. */
import { api } from '@meridian/shared';

export async function amendPassword(input: {
  old_password: string;
  new_password: string;
  re_password: string;
}): Promise<string> {
  const { msg } = await api.postWithMessage('/api/user/amend_password', input, {
    form: true,
    spinner: true,
  });
  return msg;
}
