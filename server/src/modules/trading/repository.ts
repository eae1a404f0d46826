/** Orders storage. Every write that moves money runs in the caller's transaction beside changeBalance. */
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewOrder, Order } from '../../storage/schema';

type Q = Kysely<Database> | Transaction<Database>;

export const STATUS_PENDING = 0;
export const STATUS_HOLDING = 1;
export const STATUS_CLOSED = 3;

export function findOrder(db: Q, id: number): Promise<Order | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An order of this user only: another user's order is "not found" (per-object authorization). */
export function findUserOrder(db: Q, userId: number, id: number): Promise<Order | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findByClientId(db: Q, userId: number, clientOrderId: string): Promise<Order | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_order_id', '=', clientOrderId)
    .executeTakeFirst();
}

export function insertOrder(db: Q, o: NewOrder): Promise<Order> {
  return db.insertInto('orders').values(o).returningAll().executeTakeFirstOrThrow();
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

export async function pageOrders(
  db: Q,
  userId: number,
  status: number,
  page: number,
  limit: number,
): Promise<{ rows: Order[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', status)
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
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function sumRealised(db: Q, userId: number): Promise<number> {
  const r = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.sum<number>('profit_micros').as('s'))
    .where('user_id', '=', userId)
    .where('status', '=', STATUS_CLOSED)
    .executeTakeFirst();
  return Number(r?.s ?? 0);
}

/** Every open order (pending and holding), for the engine's index. */
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
