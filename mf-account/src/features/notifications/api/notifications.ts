/**
 * The notification calls (docs/calls.md#notifications): a page of the trader's notifications, newest first, marking
 * some of them read, and the trader's switch per type. All silent: the page shows its own error state, a read that
 * fails (offline) is only tried again later, and a switch that fails is put back and said so by the page.
 */
import { api } from '@meridian/shared';
import { NOTIFICATION_READ_MAX_IDS } from '@meridian/shared/pure';
import type { NotificationSettings, NotificationsRead, NotificationType } from '@meridian/shared/pure';
import type { PagedListPage } from '@meridian/shared/lists';
import type { AnyNotification } from '../state/notification-text';

/** Notifications per page. */
export const NOTIFICATIONS_PAGE = 20;

/** GET /api/notification/list: one page (any type, the unknown ones too), with the trader's unread count. */
export async function fetchNotifications(
  page: number,
): Promise<PagedListPage<AnyNotification> & { unread: number }> {
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

/** GET /api/notification/settings: every type, on or off. */
export function fetchNotificationSettings(): Promise<NotificationSettings> {
  return api.get('/api/notification/settings', undefined, { silent: true });
}

/** POST /api/notification/settings: switch one type; answers every type as saved. */
export function saveNotificationSetting(type: NotificationType, on: boolean): Promise<NotificationSettings> {
  return api.post('/api/notification/settings', { [type]: on ? 1 : 0 }, { form: true, silent: true });
}
