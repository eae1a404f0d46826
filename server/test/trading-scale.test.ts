/**
 * Two API nodes on Redis (bus + lease) sharing one database: the engine runs on the leader only. An order placed
 * through the follower is forwarded to the leader's index; its owner, connected to the follower, receives the live
 * P/L and the take-profit close computed on the leader.
 */
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { TOPICS } from '@meridian/shared/pure';
import { call, createDemo, waitFor } from './helpers';
import { redisNodes, redisReachable } from './support/redis';
import { expectInvariants, invariants } from './support/trading';

type Msg = { type: string; topic?: string; data?: unknown; code?: number };

describe('trading on two API nodes with Redis', () => {
  it('forwards an order placed on the follower to the leader and pushes its events to the owner', async () => {
    if (!(await redisReachable('the two-node trading test'))) return;
    const { market, leases, node } = redisNodes();
    const a = await node('a');
    const b = await node('b', a.config.dataDir);
    try {
      expect(a.app.ctx.lease.isLeader()).toBe(true);
      expect(b.app.ctx.lease.isLeader()).toBe(false);
      const demo = await createDemo(b.app);
      await b.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = b.app.server.address() as AddressInfo;
      const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/ws`);
      const messages: Msg[] = [];
      ws.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as Msg));
      await new Promise((r) => ws.once('open', r));
      ws.send(JSON.stringify({ type: 'login', token: demo.token, version: 1 }));
      ws.send(JSON.stringify({ type: 'subscribe', topic: TOPICS.forexTrade }));
      ws.send(JSON.stringify({ type: 'subscribe', topic: TOPICS.forexClosed }));
      const message = (pred: (m: Msg) => boolean, ms = 5000) =>
        waitFor(() => messages.find(pred), ms, 'a matching message');
      await message((m) => m.type === 'login_result' && m.code === 1);
      await message((m) => m.type === 'subscribed' && m.topic === TOPICS.forexTrade);
      await message((m) => m.type === 'subscribed' && m.topic === TOPICS.forexClosed);

      const r = await call(b.app, {
        method: 'GET',
        url: '/v1/api/forex/submit?type=1&cont=0.1&forex_id=1&status=1&multiple=100&target_profit_price=1.11',
        token: demo.token,
      });
      expect(r.body.code).toBe(1);
      const id = (r.body.data as { Id: number }).Id;
      // The leader's engine learns about it through the bus.
      const leader = a.app.services.trading.engine;
      await waitFor(() => leader.orders.has(id), 5000, 'the leader to index the order');
      expect(b.app.services.trading.engine.orders.has(id)).toBe(false);

      market.setPrice('EURUSD', 1.105, 1.1052);
      await message(
        (m) =>
          m.type === 'message' &&
          m.topic === TOPICS.forexTrade &&
          (m.data as { Id: number; FactProfits: string }[]).some(
            (o) => o.Id === id && o.FactProfits === '48.000000',
          ),
      );
      market.setPrice('EURUSD', 1.1101, 1.1103);
      const closed = await message((m) => m.type === 'message' && m.topic === TOPICS.forexClosed);
      expect(closed.data).toMatchObject({ Id: id, CloseReason: 'tp', ClosePrice: '1.11010' });
      ws.terminate();
    } finally {
      await b.close();
      await a.close();
      for (const l of leases) await l.stop();
    }
  });

  it('a trailing stop moves and closes once, on the leader only, and the next leader continues from its level', async () => {
    if (!(await redisReachable('the two-node trailing stop test'))) return;
    const { market, leases, node } = redisNodes({ ttlMs: 1500 });
    const a = await node('a');
    const b = await node('b', a.config.dataDir);
    let aClosed = false;
    try {
      expect(a.app.ctx.lease.isLeader()).toBe(true);
      const demo = await createDemo(b.app);
      market.setPrice('EURUSD', 1.1, 1.1002);
      // Placed on the follower with the ticket's trailing distance.
      const r = await call(b.app, {
        method: 'GET',
        url: '/v1/api/forex/submit?type=1&cont=0.1&forex_id=1&status=1&multiple=100&trailing_distance=50',
        token: demo.token,
      });
      expect(r.body.code).toBe(1);
      const order = r.body.data as { Id: number; TargetLossPrice: string; TrailingDistance: number };
      expect(order).toMatchObject({ TrailingDistance: 50, TargetLossPrice: '1.09950' });
      const leader = a.app.services.trading.engine;
      const follower = b.app.services.trading.engine;
      await waitFor(() => leader.trailing.has(order.Id), 5000, 'the leader to arm the trailing stop');
      market.setPrice('EURUSD', 1.102, 1.1022);
      expect(leader.trailing.levelOf(order.Id)?.level).toBe('1.1015');
      expect(follower.trailing.has(order.Id)).toBe(false);
      // The leader goes away: it writes its level back and gives up the lease; the follower takes over from it.
      await a.close();
      aClosed = true;
      await leases[0]?.stop();
      await waitFor(() => b.app.ctx.lease.isLeader() || undefined, 8000, 'the follower to lead');
      await waitFor(
        () => follower.trailing.levelOf(order.Id)?.level === '1.1015' || undefined,
        8000,
        'the new leader to arm the stop at the level reached',
      );
      market.setPrice('EURUSD', 1.1014, 1.1016);
      const row = () =>
        b.app.ctx.db.selectFrom('orders').selectAll().where('id', '=', order.Id).executeTakeFirstOrThrow();
      const ledgerRows = async () =>
        (
          await b.app.ctx.db
            .selectFrom('ledger')
            .select('id')
            .where('ref_id', '=', String(order.Id))
            .execute()
        ).length;
      const until = Date.now() + 5000;
      while ((await row()).status !== 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(await row()).toMatchObject({ status: 3, close_reason: 'trailing', stop_loss: '1.1015' });
      const booked = await ledgerRows();
      // Nothing closes it a second time later (another engine, a replayed tick).
      market.setPrice('EURUSD', 1.1, 1.1002);
      await new Promise((r) => setTimeout(r, 500));
      expect(await ledgerRows()).toBe(booked);
      expectInvariants(await invariants(b.app, demo.user.id));
    } finally {
      await b.close();
      if (!aClosed) await a.close();
      for (const l of leases) await l.stop();
    }
  });
});
