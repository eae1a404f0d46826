/**
 * The notification calls (docs/calls.md#notifications): a page of the trader's notifications, newest first, and
 * marking some of them read. Both are silent: the page shows its own error state, and a read that fails (offline) is
 * only tried again later, never announced.
 */
import { api } from '@meridian/shared';
import { NOTIFICATION_READ_MAX_IDS } from '@meridian/shared/pure';
import type { NotificationsRead, NotificationView } from '@meridian/shared/pure';
import type { PagedListPage } from '@meridian/shared/lists';

/** Notifications per page. */
export const NOTIFICATIONS_PAGE = 20;

/** GET /api/notification/list: one page, with the trader's unread count. */
export async function fetchNotifications(
  page: number,
): Promise<PagedListPage<NotificationView> & { unread: number }> {
  const d = await api.get('/api/notification/list', { page, limit: NOTIFICATIONS_PAGE }, { silent: true });
  return { items: d.data, total: d.total, unread: d.unread };
}

/** POST /api/notification/read with `ids`, in calls of at most NOTIFICATION_READ_MAX_IDS; the unread count after. */
export async function markNotificationsRead(ids: readonly number[]): Promise<NotificationsRead> {
  let last: NotificationsRead = { unread: 0 };
  for (let i = 0; i < ids.length; i += NOTIFICATION_READ_MAX_IDS) {
    const chunk = ids.slice(i, i + NOTIFICATION_READ_MAX_IDS);
    last = await api.post('/api/notification/read', { ids: chunk.join(',') }, { form: true, silent: true });
  }
  return last;
}
