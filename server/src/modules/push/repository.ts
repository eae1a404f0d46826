/**
 * The only code touching `push_subscriptions` (migration 0013), and the VAPID key pair's settings row. Subscriptions
 * are read together with their session (a subscription counts only while the session that made it is live).
 */
import type { DB } from '../../storage/db';
import type { PushSubscriptionRow } from '../../storage/schema';

/** Settings key of the generated VAPID key pair (JSON `{ publicKey, privateKey }`), shared by every node. */
export const VAPID_SETTING = 'push_vapid_keys';

/** Store `value` as the key pair unless one is stored already; answers the stored one (the first node's wins). */
export async function storeVapidKeysOnce(db: DB, value: string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key: VAPID_SETTING, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', VAPID_SETTING)
    .executeTakeFirstOrThrow();
  return row.value;
}

export type NewSubscription = {
  userId: number;
  sessionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
  vapidKey: string;
};

/**
 * Save a device's subscription: one row per endpoint (a subscription of the same browser by another trader, or in a
 * new session, takes the row over), then keep the trader's `max` most recently saved devices. Answers how many the
 * trader has.
 */
export async function saveSubscription(
  db: DB,
  s: NewSubscription,
  max: number,
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const values = {
      user_id: s.userId,
      session_id: s.sessionId,
      p256dh: s.p256dh,
      auth: s.auth,
      lang: s.lang,
      vapid_key: s.vapidKey,
      updated_at: now,
    };
    await trx
      .insertInto('push_subscriptions')
      .values({ ...values, endpoint: s.endpoint, created_at: now })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet(values))
      .execute();
    const rows = await trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', s.userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const extra = rows.slice(max).map((r) => Number(r.id));
    if (extra.length > 0) await trx.deleteFrom('push_subscriptions').where('id', 'in', extra).execute();
    return rows.length - extra.length;
  });
}

/** Remove the caller's subscription at `endpoint`; another trader's is left alone. Answers whether one went. */
export async function deleteOwnSubscription(db: DB, userId: number, endpoint: string): Promise<boolean> {
  const r = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Remove one subscription the push service said is gone (unless the row was taken over meanwhile). */
export async function deleteGone(db: DB, id: number, endpoint: string, p256dh: string): Promise<boolean> {
  const r = await db
    .deleteFrom('push_subscriptions')
    .where('id', '=', id)
    .where('endpoint', '=', endpoint)
    .where('p256dh', '=', p256dh)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Whether the subscription is still there as it was sent to (a retry after a logout must not go out). */
export async function stillSubscribed(db: DB, id: number, p256dh: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('push_subscriptions')
    .innerJoin('sessions', 'sessions.id', 'push_subscriptions.session_id')
    .select('push_subscriptions.id')
    .where('push_subscriptions.id', '=', id)
    .where('push_subscriptions.p256dh', '=', p256dh)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Remove the trader's subscriptions whose session ended (logout, a password change, ops signing out everywhere,
 * expiry) or that were made under another VAPID key (rotated: the push service would refuse them).
 */
export async function dropStale(
  db: DB,
  userId: number,
  now: number,
  vapidKey: string | null,
): Promise<number> {
  const r = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb(
          'session_id',
          'not in',
          eb
            .selectFrom('sessions')
            .select('id')
            .where('user_id', '=', userId)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', now),
        ),
        ...(vapidKey === null ? [] : [eb('vapid_key', '!=', vapidKey)]),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The trader's subscriptions that may be sent to now: live session, the current VAPID key. */
export async function liveSubscriptions(
  db: DB,
  userId: number,
  now: number,
  vapidKey: string,
): Promise<PushSubscriptionRow[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .innerJoin('sessions', 'sessions.id', 'push_subscriptions.session_id')
    .selectAll('push_subscriptions')
    .where('push_subscriptions.user_id', '=', userId)
    .where('push_subscriptions.vapid_key', '=', vapidKey)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .orderBy('push_subscriptions.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    user_id: Number(r.user_id),
    session_id: Number(r.session_id),
  }));
}
