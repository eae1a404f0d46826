/** POST /api/user/amend_password (form): old, new and repeated password; revokes every session on success. */
import { postFormWithMessage } from '../../../lib/envelope-call';

export async function amendPassword(input: {
  old_password: string;
  new_password: string;
  re_password: string;
}): Promise<string> {
  const { msg } = await postFormWithMessage<null>('/api/user/amend_password', input, { spinner: true });
  return msg;
}
