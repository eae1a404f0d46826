/** Public content: the announcement (in the caller's language) and the complaint e-mail. */
import { api } from '@meridian/shared';

export type Announcement = { title: string; content: string };

export function fetchAnnouncement(): Promise<Announcement> {
  return api.get<Announcement>('/api/content/announcement', undefined, { silent: true });
}

export async function fetchComplaintEmail(): Promise<string> {
  const data = await api.get<{ email: string }>('/api/content/complaint_email', undefined, { silent: true });
  return data.email ?? '';
}
