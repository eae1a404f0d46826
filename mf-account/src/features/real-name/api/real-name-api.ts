/** Real-name verification (docs/calls.md, docs/states.md): the record, the submit, and the one-image upload. */
import { api } from '@meridian/shared';

import type { RealNameRecord, ReviewStatus } from '@meridian/shared/pure';

export type { RealNameRecord, ReviewStatus };

export function fetchRealName(): Promise<RealNameRecord> {
  return api.get('/api/user_real/center', undefined, { silent: true });
}

/** POST /api/user_real/real_name; resolves with the server's message. */
export async function submitRealName(input: {
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
}): Promise<string> {
  const { msg } = await api.postWithMessage('/api/user_real/real_name', input, {
    form: true,
    spinner: true,
  });
  return msg;
}
