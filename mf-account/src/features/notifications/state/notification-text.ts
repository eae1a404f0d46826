/**
 * What a notification row says and where it leads, in the trader's language. The wording rules are the shared
 * describer's (`notificationText` and `notificationHref` of `@meridian/shared/pure`), read here with the
 * `notifications` namespace; `type` is an open list (NOTIFICATION_TYPES): a row of a type this build does not know
 * is a plain "update the app" row without a target, and is marked read like any other, so the unread count never
 * sticks on something the trader cannot see.
 */
import { isKnownNotification, notificationHref, notificationText } from '@meridian/shared/pure';
import type { AppHref, NotificationView } from '@meridian/shared/pure';

type Translate = (key: string, vars?: Record<string, string>) => string;

/** A row as the list receives it: a known notification, or any other `type` a newer server sent. */
export type AnyNotification = { id: number; type: string; read_at: number | null; created_at: number };

export type NotificationText = {
  title: string;
  body: string;
  /** The screen the notification is about; null for a type this build does not know. */
  href: AppHref | null;
};

/** The unread notifications among `items` that the page has not asked to mark yet (every type it shows). */
export function idsToMark(items: readonly AnyNotification[], asked: ReadonlySet<number>): number[] {
  return items.filter((n) => n.read_at === null && !asked.has(n.id)).map((n) => n.id);
}

/** Title, sentence and target of a row; `t` reads the `notifications` namespace. */
export function describeNotification(n: AnyNotification, t: Translate, lng: string): NotificationText {
  if (!isKnownNotification(n)) return { title: t('unknown.title'), body: t('unknown.body'), href: null };
  const known: NotificationView = n;
  const text = notificationText(known, lng);
  return { title: t(text.title), body: t(text.key, text.vars), href: notificationHref(known) };
}
