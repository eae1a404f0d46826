/** Public content: the announcement (in the caller's language) and the complaint e-mail. */
import { api } from '@meridian/shared';
import type { Announcement } from '@meridian/shared/pure';

export function fetchAnnouncement(): Promise<Announcement> {
  return api.get('/api/content/announcement', undefined, { silent: true });
}

export async function fetchComplaintEmail(): Promise<string> {
  const data = await api.get('/api/content/complaint_email', undefined, { silent: true });
  return data.email ?? '';
}
