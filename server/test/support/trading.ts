/** Shared set-up of the trading suites: an app on a FakeMarket, funded users, and the money invariants. */
import type { FastifyInstance } from 'fastify';
import { changeBalance } from '../../src/modules/accounts/repository';
import type { TradingEngine } from '../../src/modules/trading';
import { call, createTestApp, registerUser } from '../helpers';
import type { Mode, TestApp } from '../helpers';
import { FakeMarket } from './fake-market';

export type TradingApp = { t: TestApp; app: FastifyInstance; market: FakeMarket; engine: TradingEngine };

export async function tradingApp(mode: Mode): Promise<TradingApp> {
  const market = new FakeMarket();
  const t = await createTestApp(mode, { market });
  return { t, app: t.app, market, engine: t.app.services.trading.engine };
}

/** A registered real user with `cents` credited through the ledger. */
export async function fundedUser(app: FastifyInstance, cents: number) {
  const u = await registerUser(app);
  if (cents > 0) {
    await app.ctx.db.transaction().execute((trx) =>
      changeBalance(trx, {
        userId: u.user.id,
        amount: cents,
        kind: 'test_grant',
        at: Date.now(),
        memo: 'test',
      }),
    );
  }
  return u;
}

export async function api<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  app: FastifyInstance,
  token: string,
  url: string,
  query: Record<string, string | number> = {},
) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const r = await call<T>(app, { method: 'GET', url: `${url}?${qs.toString()}`, token });
  return r.body;
}

/** ledger sums = balances, balance >= 0, lock_balance = sum of the margins of holding orders. */
export async function invariants(app: FastifyInstance, userId: number) {
  const db = app.ctx.db;
  const user = await db
    .selectFrom('users')
    .select(['balance', 'lock_balance'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const sums = await db
    .selectFrom('ledger')
    .select(['account', (eb) => eb.fn.sum<number>('amount').as('s')])
    .where('user_id', '=', userId)
    .groupBy('account')
    .execute();
  const sumOf = (acc: string) => Number(sums.find((s) => s.account === acc)?.s ?? 0);
  const margins = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.sum<number>('margin_cents').as('s'))
    .where('user_id', '=', userId)
    .where('status', '=', 1)
    .executeTakeFirst();
  return {
    balance: user.balance,
    lock: user.lock_balance,
    ledgerBalance: sumOf('balance'),
    ledgerLock: sumOf('lock_balance'),
    openMargins: Number(margins?.s ?? 0),
  };
}

export function expectInvariants(inv: Awaited<ReturnType<typeof invariants>>) {
  expect(inv.ledgerBalance).toBe(inv.balance);
  expect(inv.ledgerLock).toBe(inv.lock);
  expect(inv.lock).toBe(inv.openMargins);
  expect(inv.balance).toBeGreaterThanOrEqual(0);
  expect(inv.lock).toBeGreaterThanOrEqual(0);
}
