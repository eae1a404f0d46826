/**
 * Orders storage: the only code of the trading module that touches its tables. Every write that moves money runs in
 * the caller's transaction beside changeBalance; status changes are conditional on the status they leave, so two
 * racing closes (a user and a trigger) cannot both win.
 */
import type { Kysely, Transaction, Updateable } from 'kysely';
import { ORDER_STATUS } from '@meridian/shared/pure';
import type { CloseReason } from '@meridian/shared/pure';
import type { Database, NewOrder, Order, OrdersTable } from '../../storage/schema';
import { prepared } from '../../storage/prepared';

export type Q = Kysely<Database> | Transaction<Database>;
type OrderUpdate = Updateable<OrdersTable>;

export const STATUS_PENDING = ORDER_STATUS.pending;
export const STATUS_HOLDING = ORDER_STATUS.holding;
export const STATUS_CLOSED = ORDER_STATUS.closed;

// The queries of a submit and a close are prepared (compiled once per shape, storage/prepared.ts): they run on every
// trade, and building them was a large share of its CPU.
const orderById = prepared((db, a: { id: number }) =>
  db.selectFrom('orders').selectAll().where('id', '=', a.id),
);

export function findOrder(db: Q, id: number): Promise<Order | undefined> {
  return orderById.first(db, { id });
}

const userOrderById = prepared((db, a: { id: number; userId: number }) =>
  db.selectFrom('orders').selectAll().where('id', '=', a.id).where('user_id', '=', a.userId),
);

/** An order of this user only: another user's order is "not found" (per-object authorization). */
export function findUserOrder(db: Q, userId: number, id: number): Promise<Order | undefined> {
  return userOrderById.first(db, { id, userId });
}

const userOrdersByIds = prepared((db, a: { userId: number; ids: readonly number[] }) =>
  db.selectFrom('orders').selectAll().where('user_id', '=', a.userId).where('id', 'in', a.ids),
);

/** These orders of this user (any other id is simply absent: per-object authorization). */
export function findUserOrders(db: Q, userId: number, ids: readonly number[]): Promise<Order[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return userOrdersByIds.rows(db, { userId, ids });
}

export function findByClientId(db: Q, userId: number, clientOrderId: string): Promise<Order | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_order_id', '=', clientOrderId)
    .executeTakeFirst();
}

const orderInsert = prepared((db, o: NewOrder) => db.insertInto('orders').values(o).returningAll());

export async function insertOrder(db: Q, o: NewOrder): Promise<Order> {
  const row = await orderInsert.first(db, o);
  if (!row) throw new Error('insertOrder: no row returned');
  return row;
}

export function userOrders(db: Q, userId: number, status: number): Promise<Order[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', status)
    .orderBy('id', 'desc')
    .execute();
}

/** `parentId`: only the partial closes of that position. */
export async function pageOrders(
  db: Q,
  userId: number,
  status: number,
  page: number,
  limit: number,
  parentId?: number,
): Promise<{ rows: Order[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', status)
      .$if(parentId !== undefined, (q) => q.where('parent_id', '=', parentId as number))
      .orderBy(status === STATUS_CLOSED ? 'closed_at' : 'id', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', status)
      .$if(parentId !== undefined, (q) => q.where('parent_id', '=', parentId as number))
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The realised P/L the ledger booked for the user's closed orders (the sum of each close's cents). */
export async function sumRealisedCents(db: Q, userId: number, parentId?: number): Promise<number> {
  const r = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.sum<number>('profit_cents').as('s'))
    .where('user_id', '=', userId)
    .where('status', '=', STATUS_CLOSED)
    .$if(parentId !== undefined, (q) => q.where('parent_id', '=', parentId as number))
    .executeTakeFirst();
  return Number(r?.s ?? 0);
}

/** Every open order (pending and holding), for the engine's index. */
/** A user's orders opened or closed in [from, to), oldest first, at most `limit` + 1. */
export function ordersBetween(
  db: Q,
  userId: number,
  from: number,
  to: number,
  limit: number,
): Promise<Order[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('opened_at', '>=', from), eb('opened_at', '<', to)]),
        eb.and([eb('closed_at', '>=', from), eb('closed_at', '<', to)]),
      ]),
    )
    .where('opened_at', 'is not', null)
    .orderBy('opened_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit + 1)
    .execute();
}

export function openOrders(db: Q): Promise<Order[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', [STATUS_PENDING, STATUS_HOLDING])
    .execute();
}

export function openOrdersOfUser(db: Q, userId: number): Promise<Order[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', [STATUS_PENDING, STATUS_HOLDING])
    .execute();
}

/** A user's pending and holding orders, newest first, at most `limit` (the ops user page). */
export function latestOpenOrders(db: Q, userId: number, limit: number): Promise<Order[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', [STATUS_PENDING, STATUS_HOLDING])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many orders traders placed since `at` (simulated traders left out). */
export async function countPlacedSince(db: Q, at: number): Promise<number> {
  const r = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('orders.created_at', '>=', at)
    .where('users.is_bot', '=', 0)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** A pending order becomes a position (the fill); undefined when it was no longer pending. */
export function markFilled(
  db: Q,
  id: number,
  fill: Pick<
    OrderUpdate,
    'open_price' | 'opened_at' | 'margin_micros' | 'margin_cents' | 'fee_micros' | 'fee_cents' | 'stop_loss'
  >,
): Promise<Order | undefined> {
  return db
    .updateTable('orders')
    .set({ ...fill, status: STATUS_HOLDING })
    .where('id', '=', id)
    .where('status', '=', STATUS_PENDING)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Close a holding order with what the close booked, in one statement; undefined when it was not holding any more
 * (someone else closed it first: the condition on the status makes the two racing closes one winner).
 */
type HoldingClose = Pick<
  OrderUpdate,
  | 'closed_at'
  | 'close_price'
  | 'close_expected_price'
  | 'close_reason'
  | 'profit_micros'
  | 'profit_cents'
  | 'written_off_cents'
>;

const holdingClose = prepared((db, a: { id: number; close: HoldingClose }) =>
  db
    .updateTable('orders')
    .set({ ...a.close, status: STATUS_CLOSED })
    .where('id', '=', a.id)
    .where('status', '=', STATUS_HOLDING)
    .returningAll(),
);

export function closeHolding(db: Q, id: number, close: HoldingClose): Promise<Order | undefined> {
  return holdingClose.first(db, { id, close });
}

/**
 * What a partial close leaves of a position: its lots and its share of margin and fee. Conditional on the lots it
 * had, so two partial closes racing on the same position cannot both take from the same lots; false when it lost.
 */
type PositionRest = Pick<Order, 'lots' | 'margin_micros' | 'margin_cents' | 'fee_micros' | 'fee_cents'>;

const positionShrink = prepared((db, a: { id: number; fromLots: string; rest: PositionRest }) =>
  db
    .updateTable('orders')
    .set(a.rest)
    .where('id', '=', a.id)
    .where('status', '=', STATUS_HOLDING)
    .where('lots', '=', a.fromLots)
    .returningAll(),
);

export async function shrinkPosition(
  db: Q,
  id: number,
  fromLots: string,
  rest: PositionRest,
): Promise<Order | undefined> {
  return positionShrink.first(db, { id, fromLots, rest });
}

/** The loss a close or partial close wrote off (negative balance protection), on its closed record. */
export function recordWriteOff(db: Q, id: number, cents: number): Promise<Order> {
  return db
    .updateTable('orders')
    .set({ written_off_cents: cents })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Cancel a pending order (nothing was reserved); undefined when it was no longer pending. */
export function cancelPending(
  db: Q,
  id: number,
  reason: CloseReason,
  at: number,
): Promise<Order | undefined> {
  return db
    .updateTable('orders')
    .set({ status: STATUS_CLOSED, closed_at: at, close_reason: reason })
    .where('id', '=', id)
    .where('status', '=', STATUS_PENDING)
    .returningAll()
    .executeTakeFirst();
}

/** New stop levels of an open order of this user; undefined when it is closed (or not theirs). */
export function setStops(
  db: Q,
  userId: number,
  id: number,
  stops: { stop_loss: string | null; take_profit: string | null; trailing_distance: number },
): Promise<Order | undefined> {
  return db
    .updateTable('orders')
    .set(stops)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', 'in', [STATUS_PENDING, STATUS_HOLDING])
    .returningAll()
    .executeTakeFirst();
}

/**
 * The engine's move of a trailing stop: only while the order still holds, still trails by `distance` and still has
 * the level the engine last knew (`from`), so a trader's change made meanwhile is never overwritten.
 */
export async function moveTrailingStop(
  db: Q,
  id: number,
  from: string | null,
  to: string,
  distance: number,
): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set({ stop_loss: to })
    .where('id', '=', id)
    .where('status', '=', STATUS_HOLDING)
    .where('trailing_distance', '=', distance)
    .where((eb) => (from === null ? eb('stop_loss', 'is', null) : eb('stop_loss', '=', from)))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The balances of these users (the engine's mirror), in one query per 500. */
export async function balancesOf(
  db: Q,
  userIds: readonly number[],
): Promise<{ id: number; balance: number; lock_balance: number }[]> {
  const out: { id: number; balance: number; lock_balance: number }[] = [];
  for (let i = 0; i < userIds.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'balance', 'lock_balance'])
        .where('id', 'in', userIds.slice(i, i + 500))
        .execute()),
    );
  }
  return out;
}

/** Users whose orders are simulated traders' (kept out of the realtime topics). */
export async function botUserIds(db: Q): Promise<number[]> {
  return (await db.selectFrom('traders').select('user_id').execute()).map((t) => t.user_id);
}

/** Closed orders of these users that were traded (not cancelled, reset or unfunded), for the ranking. */
export async function closedTrades(
  db: Q,
  userIds: readonly number[],
): Promise<{ user_id: number; profit_cents: number; profit_micros: number; closed_at: number | null }[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('orders')
    .select(['user_id', 'profit_cents', 'profit_micros', 'closed_at'])
    .where('user_id', 'in', userIds)
    .where('status', '=', STATUS_CLOSED)
    .where('close_reason', 'in', ['manual', 'tp', 'sl', 'trailing', 'stop_out'])
    .execute();
}

// ---- margin calls (migration 0014): the crossing each account was last told of ----

/** Accounts whose last margin-call crossing is below 100 % (zone 1 or 2): what the engine starts from. */
export async function marginZones(db: Q): Promise<{ user_id: number; zone: number }[]> {
  const rows = await db
    .selectFrom('margin_calls')
    .select(['user_id', 'zone'])
    .where('zone', '>', 0)
    .execute();
  return rows.map((r) => ({ user_id: Number(r.user_id), zone: Number(r.zone) }));
}

/** The account's margin-call zone as last written (0 without a row). */
export async function marginZoneOf(db: Q, userId: number): Promise<{ zone: number; stored: boolean }> {
  const row = await db
    .selectFrom('margin_calls')
    .select('zone')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { zone: Number(row.zone), stored: true } : { zone: 0, stored: false };
}

/**
 * Move the account's zone from `before` to `zone`, only if it still is `before` (a second evaluator, or this one
 * racing itself, finds it moved and does nothing). Answers whether this call moved it.
 */
export async function moveMarginZone(
  db: Q,
  userId: number,
  before: { zone: number; stored: boolean },
  zone: number,
  at: number,
): Promise<boolean> {
  if (!before.stored) {
    const r = await db
      .insertInto('margin_calls')
      .values({ user_id: userId, zone, updated_at: at })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const r = await db
    .updateTable('margin_calls')
    .set({ zone, updated_at: at })
    .where('user_id', '=', userId)
    .where('zone', '=', before.zone)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
