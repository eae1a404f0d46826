/**
 * The wire contract of a trader's stored notifications (docs/calls.md#notifications): one row per event that concerns
 * the trader, newest first, with an unread count. Price alerts are the first kind; fills, stops, margin calls and
 * funds decisions are to come, so `type` is an open list: a client shows the types it knows and skips the others.
 */
import type { PriceAlertFired } from './alerts';

/** Kinds of notification, in the order they were introduced; only ever appended to. */
export const NOTIFICATION_TYPES = ['price_alert'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The payload of each kind (only the trader's own information). */
export type NotificationPayloads = {
  price_alert: PriceAlertFired;
};

/** One notification. `read_at`: epoch ms when marked read, null while unread. */
export type NotificationView = {
  [T in NotificationType]: {
    id: number;
    type: T;
    payload: NotificationPayloads[T];
    read_at: number | null;
    created_at: number;
  };
}[NotificationType];

/** GET /api/notification/list: a page, newest first; `unread` counts every unread notification of the trader. */
export type NotificationPage = { data: NotificationView[]; total: number; unread: number };

/** POST /api/notification/read: the unread count after marking. */
export type NotificationsRead = { unread: number };

/** The most ids one POST /api/notification/read takes. */
export const NOTIFICATION_READ_MAX_IDS = 100;
