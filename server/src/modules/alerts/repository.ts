/**
 * The only code touching the `price_alerts` table (migration 0012). The fired state changes only through
 * conditional updates naming what the evaluator saw (`armed`, `version`, `last_fired_at`), so of two evaluators
 * (two nodes, or a restarted one) acting on the same crossing exactly one wins.
 */
import type { Kysely } from 'kysely';
import { ALERTS_MAX, ERROR_CODES } from '@meridian/shared/pure';
import { AppError } from '../../lib/errors';
import type { DB } from '../../storage/db';
import type { Database, PriceAlert } from '../../storage/schema';

/** What a save writes (the route has checked it). */
export type AlertValues = {
  instrument_id: number;
  kind: string;
  side: string;
  direction: string;
  level: string | null;
  percent: string | null;
  repeat: number;
  cooldown_s: number;
};

const norm = (r: PriceAlert): PriceAlert => ({
  ...r,
  id: Number(r.id),
  user_id: Number(r.user_id),
  last_fired_at: r.last_fired_at === null ? null : Number(r.last_fired_at),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

/** The trader's alerts, newest first. */
export async function alertsOfUser(db: DB, userId: number): Promise<PriceAlert[]> {
  const rows = await db
    .selectFrom('price_alerts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(norm);
}

/** Every alert the evaluator watches: armed ones, and repeating ones waiting to arm again. */
export async function watchedAlerts(db: DB): Promise<PriceAlert[]> {
  const rows = await db
    .selectFrom('price_alerts')
    .selectAll()
    .where((eb) => eb.or([eb('armed', '=', 1), eb('repeat', '=', 1)]))
    .execute();
  return rows.map(norm);
}

export async function findAlert(db: DB, id: number): Promise<PriceAlert | undefined> {
  const r = await db.selectFrom('price_alerts').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? norm(r) : undefined;
}

const notFound = () => new AppError(ERROR_CODES.alertNotFound, 'alerts.notFound');

/**
 * A new alert, refused (1601) when the trader keeps ALERTS_MAX already. The count and the insert run in one
 * transaction that first takes the user's row lock (PostgreSQL; SQLite has one writer), so two saves at once cannot
 * both pass the count.
 */
export async function createAlert(db: DB, userId: number, v: AlertValues, now: number): Promise<PriceAlert> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const n = await trx
      .selectFrom('price_alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(n?.n ?? 0) >= ALERTS_MAX)
      throw new AppError(ERROR_CODES.alertLimit, 'alerts.tooMany', { max: ALERTS_MAX });
    const row = await trx
      .insertInto('price_alerts')
      .values({
        ...v,
        user_id: userId,
        armed: 1,
        version: 1,
        last_fired_at: null,
        fired_count: 0,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return norm(row);
  });
}

/** Replace the trader's alert `id` and arm it again (a new version); another trader's id is not found (1600). */
export async function updateAlert(
  db: DB,
  userId: number,
  id: number,
  v: AlertValues,
  now: number,
): Promise<PriceAlert> {
  const row = await db
    .updateTable('price_alerts')
    .set((eb) => ({ ...v, armed: 1, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return norm(row);
}

/** Delete the trader's alert `id`; another trader's id is not found (1600). */
export async function deleteAlert(db: DB, userId: number, id: number): Promise<void> {
  const r = await db
    .deleteFrom('price_alerts')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) throw notFound();
}

/**
 * Alerts named per conditional update: SQLite parses `a OR b OR ...` into a tree as deep as its terms and refuses
 * one deeper than 1,000 ("Expression tree is too large"). The evaluator's batch (BATCH_MAX, 500) is one statement.
 */
const OR_TERMS = 500;

const chunks = <T>(xs: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += OR_TERMS) out.push(xs.slice(i, i + OR_TERMS));
  return out;
};

/**
 * Record the firings of one evaluation in one statement (per OR_TERMS alerts): each alert only if it is still armed
 * at the version evaluated. Returns the rows fired; an alert missing from them was fired by another evaluator first,
 * or changed or deleted by the trader meanwhile.
 */
export async function markFired(
  db: Kysely<Database>,
  alerts: readonly Pick<PriceAlert, 'id' | 'version'>[],
  now: number,
): Promise<PriceAlert[]> {
  const out: PriceAlert[] = [];
  for (const part of chunks(alerts)) {
    const rows = await db
      .updateTable('price_alerts')
      .set((eb) => ({ armed: 0, last_fired_at: now, fired_count: eb('fired_count', '+', 1) }))
      .where('armed', '=', 1)
      .where((eb) => eb.or(part.map((a) => eb.and([eb('id', '=', a.id), eb('version', '=', a.version)]))))
      .returningAll()
      .execute();
    for (const r of rows) out.push(norm(r));
  }
  return out;
}

/**
 * Arm repeating alerts again after the price went back across and their cool-down passed, in one statement (per
 * OR_TERMS alerts), each only if it is still fired at the version and firing time evaluated. Returns the ids armed.
 */
export async function markArmed(
  db: Kysely<Database>,
  alerts: readonly Pick<PriceAlert, 'id' | 'version' | 'last_fired_at'>[],
): Promise<Set<number>> {
  const armed = new Set<number>();
  for (const part of chunks(alerts.filter((a) => a.last_fired_at !== null))) {
    const rows = await db
      .updateTable('price_alerts')
      .set({ armed: 1 })
      .where('armed', '=', 0)
      .where('repeat', '=', 1)
      .where((eb) =>
        eb.or(
          part.map((a) =>
            eb.and([
              eb('id', '=', a.id),
              eb('version', '=', a.version),
              eb('last_fired_at', '=', a.last_fired_at as number),
            ]),
          ),
        ),
      )
      .returning('id')
      .execute();
    for (const r of rows) armed.add(Number(r.id));
  }
  return armed;
}

async function lockUser(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', userId)
    .execute();
}
