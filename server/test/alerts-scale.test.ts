/**
 * Price alerts on two API nodes with Redis (bus + lease) sharing one database: only the leader evaluates. An alert
 * saved through the follower reaches the leader's index over the bus; its firing reaches the owner's socket on the
 * follower once; after the leader goes, the other node takes the lease, rebuilds its index from the table and does not
 * send the firing again.
 */
import { TOPICS } from '@meridian/shared/pure';
import type { PriceAlertFrame } from '@meridian/shared/pure';
import { call, createDemo, waitFor } from './helpers';
import { redisNodes, redisReachable } from './support/redis';
import { wsConnect, wsUrl } from './support/ws-client';

describe('price alerts on two API nodes with Redis', () => {
  it('evaluates on the leader only, delivers on the follower, and fails over without a second firing', async () => {
    if (!(await redisReachable('the two-node price alert test'))) return;
    const { market, leases, node } = redisNodes();
    const a = await node('a');
    const b = await node('b', a.config.dataDir);
    let aClosed = false;
    try {
      expect(a.app.ctx.lease.isLeader()).toBe(true);
      expect(b.app.ctx.lease.isLeader()).toBe(false);
      const demo = await createDemo(b.app);
      const ws = await wsConnect(await wsUrl(b.app));
      await ws.login(demo.token);
      await ws.subscribe(TOPICS.priceAlert);

      const saved = await call(b.app, {
        method: 'POST',
        url: '/api/alert/save',
        token: demo.token,
        form: { forex_id: 1, kind: 'price', side: 'bid', direction: 'above', level: '1.15', repeat: 0 },
      });
      expect(saved.body.code).toBe(1);
      const id = saved.body.data.id as number;
      const later = await call(b.app, {
        method: 'POST',
        url: '/api/alert/save',
        token: demo.token,
        form: { forex_id: 1, kind: 'price', side: 'bid', direction: 'above', level: '1.18', repeat: 0 },
      });
      const laterId = later.body.data.id as number;
      const leaderIndex = a.app.services.alerts.evaluator;
      await waitFor(
        () => leaderIndex.size === 2,
        5000,
        'the leader to index the alerts saved on the follower',
      );
      expect(b.app.services.alerts.evaluator.size).toBe(0); // the follower watches nothing

      market.setPrice('EURUSD', 1.16, 1.1602);
      const m = await ws.next((x) => x.type === 'message' && x.topic === TOPICS.priceAlert);
      expect((m as { data: PriceAlertFrame }).data).toMatchObject({ alert: { id, armed: 0 }, price: 1.16 });

      // The leader goes; the follower takes the lease, reloads from the table: the fired alert is not sent again.
      await a.app.services.alerts.evaluator.idle();
      await leases[0]?.stop();
      await a.close();
      aClosed = true;
      await waitFor(() => b.app.ctx.lease.isLeader(), 15_000, 'the follower to take the lease');
      await waitFor(
        () => b.app.services.alerts.evaluator.size === 1,
        5000,
        'the new leader to reload its alerts',
      );
      market.setPrice('EURUSD', 1.17, 1.1702);
      market.setPrice('EURUSD', 1.19, 1.1902);
      await b.app.services.alerts.evaluator.idle();
      await ws.next(
        (x) =>
          x.type === 'message' &&
          x.topic === TOPICS.priceAlert &&
          (x.data as PriceAlertFrame).alert.id === laterId,
      );
      await ws.barrier();
      const alerts = ws.messages.filter((x) => x.type === 'message' && x.topic === TOPICS.priceAlert);
      expect(alerts.map((x) => (x as { data: PriceAlertFrame }).data.alert.id)).toEqual([id, laterId]);
      const rows = await b.app.ctx.db.selectFrom('notifications').selectAll().execute();
      expect(rows).toHaveLength(2);
      ws.ws.close();
    } finally {
      if (!aClosed) await a.close();
      await b.close();
      for (const l of leases) await l.stop().catch(() => undefined);
    }
  }, 60_000);
});
