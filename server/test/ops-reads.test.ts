/**
 * What the back office reads from the modules that own it, checked against the ops contract with real data: a user's
 * page (open orders from trading, ledger rows and sessions from accounts, the identity check state from compliance),
 * and the dashboard's figures (orders today from trading, traders online from the realtime gateway, each module's
 * count through the registry, a failing count left out).
 */
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '@meridian/shared/pure';
import type { OpsDashboard, OpsUserDetail, OrderView } from '@meridian/shared/pure';
import { call, MODES } from './helpers';
import { createOpsUser } from './support/ops';
import { api, fundedUser, tradingApp } from './support/trading';
import type { TradingApp } from './support/trading';

const SUBMIT = '/v1/api/forex/submit';

describe.each(MODES)('ops reads (%s)', (mode) => {
  let x: TradingApp;
  beforeAll(async () => {
    x = await tradingApp(mode);
    x.market.setPrice('EURUSD', 1.1, 1.1002);
    x.market.setOpen('EURUSD', true);
  });
  afterAll(async () => {
    await x.t.close();
  });

  it("a user's page shows their open orders, ledger rows and live sessions, in the contract's shape", async () => {
    const ops = await createOpsUser(x.app, ['support']);
    const u = await fundedUser(x.app, 1000_00);
    const market = await api<OrderView>(x.app, u.token, SUBMIT, {
      type: 1,
      cont: '0.1',
      forex_id: 1,
      status: 1,
      multiple: 100,
    });
    const pending = await api<OrderView>(x.app, u.token, SUBMIT, {
      type: 2,
      cont: '0.2',
      forex_id: 1,
      status: 0,
      target_price: '1.2',
      multiple: 100,
    });
    expect([market.code, pending.code]).toEqual([1, 1]);

    const { uid } = (await api<{ uid: string }>(x.app, u.token, '/api/user/info')).data;
    const r = await call<OpsUserDetail>(x.app, {
      method: 'GET',
      url: `/api/ops/users/detail?uid=${uid}`,
      token: ops.token,
      headers: { lang: 'en' },
    });
    expect(r.body.code).toBe(1);
    const d = r.body.data;
    expect(d.open_orders).toEqual([
      expect.objectContaining({
        id: pending.data.Id,
        side: 2,
        status: 0,
        lots: '0.2',
        target_price: '1.20000',
      }),
      expect.objectContaining({ id: market.data.Id, side: 1, status: 1, lots: '0.1', open_price: '1.10020' }),
    ]);
    // Newest first: the margin moved to lock_balance and the fee, after the grant.
    expect(d.ledger.map((l) => [l.kind, l.account, l.amount])).toEqual([
      ['trade_fee', 'balance', '-0.05'],
      ['trade_margin', 'lock_balance', '110.02'],
      ['trade_margin', 'balance', '-110.02'],
      ['test_grant', 'balance', '1000.00'],
    ]);
    // Each movement in the reader's language, as the trader's own ledger names it.
    expect(d.ledger[0]?.label).toBe(`Trading fee for order ${market.data.Id}`);
    expect(d.ledger[3]?.label).toBe('test');
    expect(d.user).toMatchObject({ balance: '889.93', lock_balance: '110.02', kyc_status: 0, is_demo: 0 });
    expect(d.sessions).toHaveLength(1);
  });

  it("the dashboard counts today's orders, traders online and each module's queue; a failing count is left out", async () => {
    x.app.services.ops.dashboard.register({
      id: 'test.broken',
      labelKey: 'opsDashboard.kycWaiting',
      path: null,
      roles: ['support'],
      count: () => Promise.reject(new Error('queue table missing')),
    });
    const ops = await createOpsUser(x.app, ['admin']);
    const read = async () => {
      const r = await call<OpsDashboard>(x.app, {
        method: 'GET',
        url: '/api/ops/dashboard',
        token: ops.token,
      });
      expect(r.body.code).toBe(1);
      return r.body.data;
    };
    const before = await read();
    expect(before.items.map((i) => i.id)).toEqual([
      'kyc.waiting',
      'funds.deposits',
      'funds.withdrawals',
      'support.open',
      'remotes.auto_stopped',
    ]);
    expect(before.users_online).toBe(0);

    const u = await fundedUser(x.app, 1000_00);
    const order = await api(x.app, u.token, SUBMIT, {
      type: 1,
      cont: '0.1',
      forex_id: 1,
      status: 1,
      multiple: 100,
    });
    expect(order.code).toBe(1);

    await x.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = x.app.server.address() as AddressInfo;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/ws`);
    try {
      await new Promise((resolve, reject) => {
        ws.on('open', resolve);
        ws.on('error', reject);
      });
      const loggedIn = new Promise((resolve) =>
        ws.on('message', (raw) => {
          if (JSON.parse(raw.toString()).type === 'login_result') resolve(undefined);
        }),
      );
      ws.send(JSON.stringify({ type: 'login', token: u.token, version: PROTOCOL_VERSION }));
      await loggedIn;
      const after = await read();
      expect(after.orders_today).toBe(before.orders_today + 1);
      expect(after.users_online).toBe(1);
    } finally {
      ws.terminate();
    }
    // The gateway forgets a socket when it closes: polled, as that happens on the server's own time.
    const until = Date.now() + 3000;
    while ((await read()).users_online !== 0) {
      if (Date.now() > until) throw new Error('the closed socket is still counted online');
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});
