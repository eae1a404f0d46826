/** The only code touching the `notifications` table (migration 0012): one row per event that concerns a trader. */
import type { NotificationPayloads, NotificationType, NotificationView } from '@meridian/shared/pure';
import type { Kysely } from 'kysely';
import type { DB } from '../../storage/db';
import type { Database } from '../../storage/schema';

/**
 * Store one notification, in the caller's transaction when it passes one (the change it records and the notification
 * commit together). The payload holds only the trader's own information.
 */
export async function storeNotification<T extends NotificationType>(
  db: Kysely<Database>,
  userId: number,
  type: T,
  payload: NotificationPayloads[T],
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('notifications')
    .values({ user_id: userId, type, payload: JSON.stringify(payload), read_at: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function unreadCount(db: DB, userId: number): Promise<number> {
  const r = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** One page of the trader's notifications, newest first, and how many there are. */
export async function notificationPage(
  db: DB,
  userId: number,
  page: number,
  limit: number,
): Promise<{ data: NotificationView[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return {
    data: rows.map(
      (r) =>
        ({
          id: Number(r.id),
          type: r.type,
          payload: JSON.parse(r.payload) as unknown,
          read_at: r.read_at === null ? null : Number(r.read_at),
          created_at: Number(r.created_at),
        }) as NotificationView,
    ),
    total: Number(count?.n ?? 0),
  };
}

/** Mark the trader's notifications read: the given ids (others' ids are not touched) or all of them. */
export async function markRead(db: DB, userId: number, ids: readonly number[] | 'all', now: number) {
  let q = db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') {
    if (ids.length === 0) return;
    q = q.where('id', 'in', ids);
  }
  await q.execute();
}
