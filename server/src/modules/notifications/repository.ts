/**
 * The only code touching `notifications` (migration 0012, group key 0014) and `notification_settings` (0014): one row
 * per event that concerns a trader, and the trader's switch per type.
 */
import { NOTIFICATION_TYPES } from '@meridian/shared/pure';
import type {
  NotificationPayloads,
  NotificationSettings,
  NotificationType,
  NotificationView,
} from '@meridian/shared/pure';
import type { Kysely } from 'kysely';
import type { DB } from '../../storage/db';
import type { Database } from '../../storage/schema';

/** What a producer stored: the notification as the list shows it, and whether its type is on for the trader. */
export type StoredNotification = { userId: number; view: NotificationView; enabled: boolean };

/**
 * The producers' way in (docs/rules.md#notifications): store one notification in the caller's transaction, as the
 * trader's switch for its type says (off: kept in the list already read; delivered nowhere). Simulated traders get
 * none (null). With `group`, the trader's unread notification of that group, if any, is updated in place by
 * `merge` (same id, the newest time) instead of a second one being stored.
 */
export async function recordNotification<T extends NotificationType>(
  db: Kysely<Database>,
  userId: number,
  type: T,
  payload: NotificationPayloads[T],
  now: number,
  group?: { key: string; merge: (before: NotificationPayloads[T]) => NotificationPayloads[T] },
): Promise<StoredNotification | null> {
  const who = await db
    .selectFrom('users')
    .leftJoin('notification_settings as s', (j) =>
      j.onRef('s.user_id', '=', 'users.id').on('s.type', '=', type),
    )
    .select(['users.is_bot', 's.enabled'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!who || Number(who.is_bot) === 1) return null;
  const enabled = who.enabled === null || who.enabled === undefined || Number(who.enabled) === 1;
  const readAt = enabled ? null : now;
  if (group) {
    const open = await db
      .selectFrom('notifications')
      .select(['id', 'payload'])
      .where('user_id', '=', userId)
      .where('group_key', '=', group.key)
      .where('type', '=', type)
      .where('read_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (open) {
      const merged = group.merge(JSON.parse(open.payload) as NotificationPayloads[T]);
      const done = await db
        .updateTable('notifications')
        .set({ payload: JSON.stringify(merged), created_at: now, read_at: readAt })
        .where('id', '=', open.id)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 1)
        return { userId, enabled, view: viewOf(Number(open.id), type, merged, readAt, now) };
    }
  }
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: userId,
      type,
      payload: JSON.stringify(payload),
      read_at: readAt,
      created_at: now,
      group_key: group?.key ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId, enabled, view: viewOf(Number(row.id), type, payload, readAt, now) };
}

/** One notification of a batch (`recordNotifications`): its trader, type and payload. */
export type NotificationInput = {
  [T in NotificationType]: { userId: number; type: T; payload: NotificationPayloads[T] };
}[NotificationType];

/**
 * Rows per multi-row INSERT: 6 parameters a row, 6,000 a statement, far below SQLite's limit (32,766 since 3.32) and
 * PostgreSQL's (65,535).
 */
const INSERT_ROWS = 1000;
/** Trader ids per SELECT of the traders and their switches (one parameter each, and the types). */
const SELECT_USERS = 5000;

/**
 * `recordNotification` (without a group) for many notifications at once, in the caller's transaction, with the same
 * result item by item (null for a simulated or unknown trader; a type switched off stored already read, `enabled`
 * false) but in a fixed number of statements whatever their number: one SELECT of the traders and their switches,
 * one multi-row INSERT returning the ids (a statement per SELECT_USERS traders and per INSERT_ROWS notifications).
 * The order RETURNING gives its rows in is not relied on (SQLite documents it as arbitrary): each row is matched back
 * to its notification by trader, type and payload text; rows equal in those are equal in every column, so which of
 * them gets which id makes no difference.
 */
export async function recordNotifications(
  db: Kysely<Database>,
  items: readonly NotificationInput[],
  now: number,
): Promise<(StoredNotification | null)[]> {
  if (items.length === 0) return [];
  const userIds = [...new Set(items.map((i) => i.userId))];
  const types = [...new Set(items.map((i) => i.type))];
  /** Trader id -> a simulated trader; absent: no such trader. */
  const bot = new Map<number, boolean>();
  /** `${userId} ${type}` of the switches that are off. */
  const off = new Set<string>();
  for (let i = 0; i < userIds.length; i += SELECT_USERS) {
    const rows = await db
      .selectFrom('users')
      .leftJoin('notification_settings as s', (j) =>
        j.onRef('s.user_id', '=', 'users.id').on('s.type', 'in', types),
      )
      .select(['users.id', 'users.is_bot', 's.type', 's.enabled'])
      .where('users.id', 'in', userIds.slice(i, i + SELECT_USERS))
      .execute();
    for (const r of rows) {
      bot.set(Number(r.id), Number(r.is_bot) === 1);
      if (r.type !== null && r.type !== undefined && r.enabled !== null && r.enabled !== undefined)
        if (Number(r.enabled) !== 1) off.add(`${Number(r.id)} ${r.type}`);
    }
  }
  const out: (StoredNotification | null)[] = items.map(() => null);
  /** What is stored: the index of each item and its row. */
  const rows: { at: number; enabled: boolean; payload: string }[] = [];
  items.forEach((item, at) => {
    if (bot.get(item.userId) !== false) return;
    rows.push({
      at,
      enabled: !off.has(`${item.userId} ${item.type}`),
      payload: JSON.stringify(item.payload),
    });
  });
  const keyOf = (userId: number, type: string, payload: string) => `${userId} ${type} ${payload}`;
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const chunk = rows.slice(i, i + INSERT_ROWS);
    /** Key -> the chunk's items with it, in order (equal items are interchangeable). */
    const waiting = new Map<string, number[]>();
    const values = chunk.map((r) => {
      const item = items[r.at] as NotificationInput;
      const key = keyOf(item.userId, item.type, r.payload);
      const list = waiting.get(key);
      if (list) list.push(r.at);
      else waiting.set(key, [r.at]);
      return {
        user_id: item.userId,
        type: item.type,
        payload: r.payload,
        read_at: r.enabled ? null : now,
        created_at: now,
        group_key: null,
      };
    });
    const enabledAt = new Map(chunk.map((r) => [r.at, r.enabled]));
    const returned = await db
      .insertInto('notifications')
      .values(values)
      .returning(['id', 'user_id', 'type', 'payload'])
      .execute();
    if (returned.length !== chunk.length)
      throw new Error(`notifications: ${chunk.length} inserted, ${returned.length} returned`);
    for (const r of returned) {
      const at = waiting.get(keyOf(Number(r.user_id), r.type, r.payload))?.shift();
      if (at === undefined) throw new Error(`notifications: inserted row ${Number(r.id)} matches no item`);
      const item = items[at] as NotificationInput;
      const enabled = enabledAt.get(at) as boolean;
      out[at] = {
        userId: item.userId,
        enabled,
        view: viewOf(Number(r.id), item.type, item.payload, enabled ? null : now, now),
      };
    }
  }
  return out;
}

function viewOf<T extends NotificationType>(
  id: number,
  type: T,
  payload: NotificationPayloads[T],
  readAt: number | null,
  at: number,
): NotificationView {
  return { id, type, payload, read_at: readAt, created_at: at } as NotificationView;
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

/** One page of the trader's notifications, newest event first, and how many there are. */
export async function notificationPage(
  db: DB,
  userId: number,
  page: number,
  limit: number,
): Promise<{ data: NotificationView[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(['id', 'type', 'payload', 'read_at', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
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

/** Mark read the trader's unread notifications of one group (the trader read the thread itself). */
export async function markGroupRead(db: DB, userId: number, key: string, now: number): Promise<number> {
  const r = await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('group_key', '=', key)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The trader's switches, every type (on unless switched off). */
export async function settingsOf(db: DB, userId: number): Promise<NotificationSettings> {
  const rows = await db
    .selectFrom('notification_settings')
    .select(['type', 'enabled'])
    .where('user_id', '=', userId)
    .execute();
  const off = new Set(rows.filter((r) => Number(r.enabled) !== 1).map((r) => r.type));
  const types = {} as Record<NotificationType, boolean>;
  for (const t of NOTIFICATION_TYPES) types[t] = !off.has(t);
  return { types };
}

/** Switch the given types on or off (one transaction); the others are left as they are. */
export async function saveSettings(
  db: DB,
  userId: number,
  changes: Partial<Record<NotificationType, boolean>>,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [type, on] of Object.entries(changes)) {
      if (on === undefined) continue;
      const values = { enabled: on ? 1 : 0, updated_at: now };
      await trx
        .insertInto('notification_settings')
        .values({ user_id: userId, type, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet(values))
        .execute();
    }
  });
}
