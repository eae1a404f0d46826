/**
 * Notifications of what happens to the trader's money (docs/rules.md#notifications), in both storage modes: each
 * kind is stored in the transaction of its event, published as a NOTIFICATION frame to its owner and handed to Web
 * Push; a pending fill, closes by take profit, stop loss, trailing stop and stop-out (not a manual close), the margin
 * call once per crossing (also after a restart, and with two evaluators racing), the funds and identity decisions
 * of the back office, and support replies (one unread per conversation, read with the chat). The trader's switches:
 * all on at first, a switched-off type kept in the list already read and sent nowhere, hostile input refused.
 */
import crypto from 'node:crypto';
import { ERROR_CODES, NOTIFICATION_TYPES, SUPPORT_UNREAD_TOPIC, TOPICS } from '@meridian/shared/pure';
import type {
  NotificationPage,
  NotificationSettings,
  NotificationView,
  OrderView,
  PushMessage,
  ServerMessage,
} from '@meridian/shared/pure';
import { buildApp } from '../src/app';
import { changeBalance } from '../src/modules/accounts/repository';
import { createConversation } from '../src/modules/support/repository';
import type { BusEvent } from '../src/realtime/bus';
import { call, createTestApp, HIGH_LIMITS, MODES, PASSWORD, registerUser } from './helpers';
import type { TestApp } from './helpers';
import { FakeMarket } from './support/fake-market';
import { approveRealName, boundAddress, currencyId, TRON, uploadProof } from './support/funds';
import { createOpsUser } from './support/ops';
import type { TestOps } from './support/ops';
import { startPushService, testDevice } from './support/push-service';
import type { FakePushService } from './support/push-service';
import { connect, listen } from './support/ws';
import type { WsClient } from './support/ws';

const SUBMIT = '/v1/api/forex/submit';
const SETTINGS = '/api/notification/settings';
type Query = Record<string, string | number>;

describe.each(MODES)('notifications of money events (%s)', (mode) => {
  let t: TestApp;
  let market: FakeMarket;
  let svc: FakePushService;
  let ops: TestOps;
  let url: string;
  const frames: { userId: number | undefined; data: NotificationView }[] = [];
  let pushed: { userId: number; n: NotificationView }[] = [];
  const engine = () => t.app.services.trading.engine;
  const sockets: WsClient[] = [];

  beforeAll(async () => {
    svc = await startPushService();
    market = new FakeMarket();
    t = await createTestApp(
      mode,
      { market, pushAgent: svc.agent, pushRetryDelaysMs: [5], supportMailDelayMs: 60_000 },
      { pushEndpointHosts: ['localhost'] },
    );
    ops = await createOpsUser(t.app, ['admin']);
    url = await listen(t);
    t.app.ctx.bus.subscribe((ev: BusEvent) => {
      if (ev.topic === TOPICS.notification) frames.push({ userId: ev.userId, data: ev.data });
    });
    // What the notifier hands to Web Push (its delivery is the push module): recorded, and still sent. (Not a jest
    // spy: mocks are restored after each test.)
    const push = t.app.services.push;
    const notify = push.notify;
    push.notify = (userId, n) => {
      pushed.push({ userId, n });
      notify(userId, n);
    };
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await t.app.services.push.idle();
    await t.close();
    await svc.close();
  });
  beforeEach(() => {
    frames.length = 0;
    pushed = [];
    market.setPrice('EURUSD', 1.1, 1.1002);
    market.setPrice('BTCUSD', 60000, 60010);
    market.setOpen('EURUSD', true);
  });

  const get = async <T>(token: string, path: string, query: Query = {}) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    return (await call<T>(t.app, { method: 'GET', url: `${path}?${qs.toString()}`, token })).body;
  };
  const post = async <T>(token: string, path: string, form: Query) =>
    (await call<T>(t.app, { method: 'POST', url: path, token, form })).body;
  const list = async (token: string) => {
    const r = await get<NotificationPage>(token, '/api/notification/list');
    expect(r.code).toBe(1);
    return r.data;
  };
  const settle = async () => {
    engine().refreshAccounts();
    await engine().idle();
    engine().refreshAccounts();
    await engine().idle();
  };
  const tick = async (code: string, bid: number, ask: number) => {
    market.setPrice(code, bid, ask);
    await settle();
  };
  const funded = async (cents: number) => {
    const u = await registerUser(t.app);
    await t.app.ctx.db
      .transaction()
      .execute((trx) =>
        changeBalance(trx, { userId: u.user.id, amount: cents, kind: 'test_grant', at: Date.now() }),
      );
    return u;
  };
  const submit = async (token: string, q: Query) => {
    const r = await get<OrderView>(token, SUBMIT, { type: 1, cont: '0.1', forex_id: 1, multiple: 100, ...q });
    expect(r).toMatchObject({ code: 1 });
    await settle();
    return r.data;
  };
  const login = async (email: string) => {
    const r = await post<{ token: string }>('', '/api/user/loginForU', {
      account: email,
      password: PASSWORD,
      login_type: 1,
    });
    expect(r.code).toBe(1);
    return r.data;
  };
  const framesOf = (userId: number) => frames.filter((f) => f.userId === userId).map((f) => f.data);
  const pushedOf = (userId: number) => pushed.filter((p) => p.userId === userId).map((p) => p.n);
  /** The one stored notification of the trader, published to them and handed to Web Push, all the same row. */
  const deliveredOnce = async (token: string, userId: number) => {
    const page = await list(token);
    expect(page.total).toBe(1);
    const stored = page.data[0]!;
    expect(stored.read_at).toBeNull();
    expect(page.unread).toBe(1);
    expect(framesOf(userId)).toEqual([stored]);
    expect(pushedOf(userId)).toEqual([stored]);
    return stored;
  };

  describe('orders', () => {
    it('a pending order that fills: order_filled with code, side, lots and the fill price, opening the order', async () => {
      const u = await funded(10_000_00);
      const o = await submit(u.token, { status: 0, target_price: '1.0990' });
      expect(await list(u.token)).toMatchObject({ total: 0 });
      await tick('EURUSD', 1.0985, 1.0987);
      const n = await deliveredOnce(u.token, u.user.id);
      expect(n).toMatchObject({
        type: 'order_filled',
        payload: {
          order_id: o.Id,
          forex_id: 1,
          code: 'EUR/USD',
          side: 1,
          lots: '0.1',
          price: '1.09870',
        },
      });
      // The row's target is that order, whatever its tab now.
      const one = await get<{ data: OrderView[]; total: number }>(u.token, '/v1/api/forex/my_deal', {
        id: o.Id,
      });
      expect(one.data).toMatchObject({ total: 1, data: [{ Id: o.Id, Status: 1, Price: '1.09870' }] });
      // Another trader's id is no order of theirs.
      const stranger = await funded(0);
      expect(
        (
          await get<{ data: OrderView[]; total: number }>(stranger.token, '/v1/api/forex/my_deal', {
            id: o.Id,
          })
        ).data,
      ).toMatchObject({ total: 0, data: [] });
    });

    it('closes by take profit, stop loss and trailing stop are told with the realised P/L; a manual close is not', async () => {
      const u = await funded(100_000_00);
      const tp = await submit(u.token, { status: 1, target_profit_price: '1.1050' });
      await tick('EURUSD', 1.106, 1.1062);
      market.setPrice('EURUSD', 1.1, 1.1002);
      const sl = await submit(u.token, { status: 1, stop_loss_price: '1.0950' });
      await tick('EURUSD', 1.094, 1.0942);
      market.setPrice('EURUSD', 1.1, 1.1002);
      const trail = await submit(u.token, { status: 1, trailing_distance: 100 });
      await tick('EURUSD', 1.105, 1.1052);
      await tick('EURUSD', 1.103, 1.1032);
      market.setPrice('EURUSD', 1.1, 1.1002);
      const manual = await submit(u.token, { status: 1 });
      expect(await get(u.token, '/v1/api/forex/close', { id: manual.Id })).toMatchObject({ code: 1 });
      await settle();

      const page = await list(u.token);
      const closed = page.data.filter((n) => n.type === 'position_closed');
      expect(closed.map((n) => n.payload)).toEqual([
        expect.objectContaining({
          order_id: trail.Id,
          reason: 'trailing',
          price: '1.10300',
          profit: '28.00',
        }),
        expect.objectContaining({ order_id: sl.Id, reason: 'sl', price: '1.09400', profit: '-62.00' }),
        expect.objectContaining({
          order_id: tp.Id,
          reason: 'tp',
          price: '1.10600',
          profit: '58.00',
          written_off: '0.00',
          code: 'EUR/USD',
          side: 1,
          lots: '0.1',
        }),
      ]);
      expect(page.data.some((n) => n.type === 'position_closed' && n.payload.order_id === manual.Id)).toBe(
        false,
      );
      expect(framesOf(u.user.id)).toHaveLength(3);
      expect(pushedOf(u.user.id).map((n) => n.id)).toEqual(closed.map((n) => n.id).reverse());
    });

    it('a stop-out is told per closed position, pushed with high urgency and nothing a lock screen should not show', async () => {
      const u = await funded(1000_00);
      const device = testDevice(svc.origin);
      expect(await post(u.token, '/api/push/subscribe', device.form)).toMatchObject({ code: 1 });
      const o = await submit(u.token, { status: 1, cont: '0.2' });
      await tick('EURUSD', 1.055, 1.0552);
      const n = await deliveredOnce(u.token, u.user.id);
      expect(n).toMatchObject({
        type: 'position_closed',
        payload: { order_id: o.Id, reason: 'stop_out', price: '1.05500', profit: '-904.00' },
      });
      await t.app.services.push.idle();
      const req = svc.received(device.path)[0]!;
      expect(req.headers.urgency).toBe('high');
      const msg = JSON.parse(device.decrypt(req.body)) as PushMessage;
      expect(msg).toEqual({
        id: n.id,
        type: 'position_closed',
        title: 'EUR/USD closed by stop-out',
        body: 'Buy 0.2 lots at 1.05500. Realised P/L −904.00 USD.',
        url: `/order?type=3&id=${o.Id}`,
        time: n.created_at,
      });
      // No balance, no account number, no e-mail on a lock screen.
      const balance = await get<{ balance: string }>(u.token, '/v1/api/main/wallet/getBalance');
      expect(JSON.stringify(msg)).not.toContain(balance.data.balance);
      expect(JSON.stringify(msg)).not.toContain(u.email);
    });
  });

  describe('after logout', () => {
    it('a fill is kept for the next sign-in, but the old socket gets no NOTIFICATION frame and the device no push', async () => {
      const u = await funded(10_000_00);
      const device = testDevice(svc.origin);
      expect(await post(u.token, '/api/push/subscribe', device.form)).toMatchObject({ code: 1 });
      const c = await connect(url);
      sockets.push(c);
      c.send({ type: 'login', token: u.token, version: 1 });
      expect(await c.next((m: ServerMessage) => m.type === 'login_result')).toMatchObject({ code: 1 });
      c.send({ type: 'subscribe', topic: TOPICS.notification });
      await c.next((m: ServerMessage) => m.type === 'subscribed');
      const notices = () => c.messages.filter((m) => m.type === 'message' && m.topic === TOPICS.notification);

      // Signed in, a tab open: the fill reaches the socket (and, with a tab open, no lock screen).
      await submit(u.token, { status: 0, target_price: '1.0990' });
      await tick('EURUSD', 1.0985, 1.0987);
      await c.next((m: ServerMessage) => m.type === 'message' && m.topic === TOPICS.notification);
      await t.app.services.push.idle();
      expect(svc.received(device.path)).toHaveLength(0);

      expect(await post(u.token, '/api/user/logout', {})).toMatchObject({ code: 1 });
      await c.next((m: ServerMessage) => m.type === 'login_result' && m.code === 999);
      // Signed in again elsewhere, no tab open, with a device of that session.
      const again = await login(u.email);
      const phone = testDevice(svc.origin);
      expect(await post(again.token, '/api/push/subscribe', phone.form)).toMatchObject({ code: 1 });
      market.setPrice('EURUSD', 1.1, 1.1002);
      await settle();
      const second = await submit(again.token, { status: 0, target_price: '1.0990' });
      await tick('EURUSD', 1.0985, 1.0987);
      await c.barrier();
      await t.app.services.push.idle();
      // Published for the trader, pushed to the device of the live session...
      expect(framesOf(u.user.id).map((n) => n.payload)).toContainEqual(
        expect.objectContaining({ order_id: second.Id }),
      );
      expect(svc.received(phone.path)).toHaveLength(1);
      // ...but nothing on the socket of the ended session, nothing to the device it had subscribed.
      expect(notices()).toHaveLength(1);
      expect(svc.received(device.path)).toHaveLength(0);
      // Stored: listed, unread.
      const page = await list(again.token);
      expect(page.data[0]).toMatchObject({
        type: 'order_filled',
        read_at: null,
        payload: { order_id: second.Id },
      });
    });
  });

  describe('margin calls', () => {
    /** 1000 USD, 0.2 lots EUR/USD long at 1.10020 (margin 220.04): 100 % at a bid of about 1.06121, 70 % at 1.05791. */
    const account = async () => {
      const u = await funded(1000_00);
      await submit(u.token, { status: 1, cont: '0.2' });
      return u;
    };
    const marginCalls = async (token: string) =>
      (await list(token)).data.filter((n) => n.type === 'margin_call');
    const zone = async (userId: number) =>
      (
        await t.app.ctx.db
          .selectFrom('margin_calls')
          .select('zone')
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.zone;

    it('falling through 100 %, then 70 %: told once per crossing, not on every tick; re-armed above the level', async () => {
      const u = await account();
      await tick('EURUSD', 1.0615, 1.0617); // ~102.7 %
      expect(await marginCalls(u.token)).toHaveLength(0);
      await tick('EURUSD', 1.0612, 1.0614); // ~99.9 %
      await tick('EURUSD', 1.061, 1.0612);
      await tick('EURUSD', 1.0605, 1.0607);
      let calls = await marginCalls(u.token);
      expect(calls.map((n) => n.payload)).toEqual([
        { level: '99.94', threshold: 100, stop_out: 50, time: calls[0]!.created_at },
      ]);
      expect(framesOf(u.user.id)).toHaveLength(1);
      expect(pushedOf(u.user.id)).toEqual([calls[0]]);
      expect(Number(await zone(u.user.id))).toBe(1);

      await tick('EURUSD', 1.0578, 1.058); // ~69.0 %
      await tick('EURUSD', 1.0575, 1.0577);
      calls = await marginCalls(u.token);
      expect(calls.map((n) => [n.payload.threshold, n.payload.level])).toEqual([
        [70, '69.03'],
        [100, '99.94'],
      ]);
      // Back above 70 % only: 70 % is armed again, 100 % is not.
      await tick('EURUSD', 1.059, 1.0592); // ~79.9 %
      expect(Number(await zone(u.user.id))).toBe(1);
      await tick('EURUSD', 1.0578, 1.058);
      expect((await marginCalls(u.token)).map((n) => n.payload.threshold)).toEqual([70, 70, 100]);
      // Above 100 %: both armed again, and the next fall is told again.
      await tick('EURUSD', 1.08, 1.0802);
      expect(Number(await zone(u.user.id))).toBe(0);
      expect(await marginCalls(u.token)).toHaveLength(3);
      await tick('EURUSD', 1.061, 1.0612);
      expect((await marginCalls(u.token)).map((n) => n.payload.threshold)).toEqual([100, 70, 70, 100]);
    });

    it('a restart (a new engine on the same storage) and a second evaluator racing tell a crossing no second time', async () => {
      const u = await account();
      await tick('EURUSD', 1.061, 1.0612);
      expect(await marginCalls(u.token)).toHaveLength(1);

      // Another node started on the same storage: it rebuilds from the database and tells nothing again.
      const other = buildApp(t.config, { limits: HIGH_LIMITS, market });
      await other.ready();
      try {
        market.setPrice('EURUSD', 1.0608, 1.061);
        for (const e of [engine(), other.services.trading.engine]) {
          e.refreshAccounts();
          await e.idle();
        }
        expect(await marginCalls(u.token)).toHaveLength(1);
      } finally {
        await other.close();
      }

      // Two exact checks at once on a crossing: one moves the state and stores, the other finds it moved.
      market.setPrice('EURUSD', 1.0578, 1.058);
      const risk = t.app.services.trading.risk;
      const zones = await Promise.all([risk.marginCheck(u.user.id), risk.marginCheck(u.user.id)]);
      // Each sees the level at 70 % or below, or finds the state moved by the other (null).
      expect(zones.every((z) => z === 2 || z === null)).toBe(true);
      await settle();
      expect((await marginCalls(u.token)).map((n) => n.payload.threshold)).toEqual([70, 100]);
    });

    it('with every position closed the level has no value: the account is re-armed, nothing is told', async () => {
      const u = await account();
      await tick('EURUSD', 1.061, 1.0612);
      expect(Number(await zone(u.user.id))).toBe(1);
      const open = await get<{ data: OrderView[] }>(u.token, '/v1/api/forex/my_deal', { status: 1 });
      expect(await get(u.token, '/v1/api/forex/close', { id: open.data.data[0]!.Id })).toMatchObject({
        code: 1,
      });
      await settle();
      expect(Number(await zone(u.user.id))).toBe(0);
      expect(await marginCalls(u.token)).toHaveLength(1);
    });
  });

  describe('funds and identity decisions', () => {
    const realUser = async (cents: number) => {
      const u = await funded(cents);
      await approveRealName(t.app, u.user.id);
      return u;
    };
    const deposit = async (token: string, number = '100') => {
      const proof = await uploadProof(t.app, token);
      const net = (await get<{ id: number; address: string }[]>(token, '/api/quickCharge/info')).data[0]!;
      const r = await get<{ id: number }>(token, '/api/quickCharge/submit', {
        number,
        proofImg: proof,
        address: net.address,
        charge_id: net.id,
      });
      expect(r.code).toBe(1);
      return r.data.id;
    };

    it('a deposit credited or rejected: its record, the amount credited, opening that record', async () => {
      const u = await realUser(0);
      const credited = await deposit(u.token, '250');
      expect(
        await post(ops.token, '/api/ops/deposits/decide', {
          id: credited,
          decision: 'approve',
          received: '245.50',
          tx_ref: `tx-${crypto.randomBytes(6).toString('hex')}`,
        }),
      ).toMatchObject({ code: 1 });
      const n = await deliveredOnce(u.token, u.user.id);
      expect(n).toMatchObject({
        type: 'deposit',
        payload: { id: credited, type: 0, status: 1, amount: '245.50' },
      });
      const rejected = await deposit(u.token, '80');
      expect(
        await post(ops.token, '/api/ops/deposits/decide', {
          id: rejected,
          decision: 'reject',
          reason: 'no funds arrived',
        }),
      ).toMatchObject({ code: 1 });
      expect((await list(u.token)).data[0]).toMatchObject({
        type: 'deposit',
        payload: { id: rejected, status: 2, amount: '80.00' },
      });
      expect(pushedOf(u.user.id).map((x) => x.type)).toEqual(['deposit', 'deposit']);
    });

    it('a refused decision (a frozen account) stores nothing', async () => {
      const u = await realUser(0);
      const d = await deposit(u.token);
      const { uid } = await t.app.ctx.db
        .selectFrom('users')
        .select('uid')
        .where('id', '=', u.user.id)
        .executeTakeFirstOrThrow();
      expect(await post(ops.token, '/api/ops/users/freeze', { uid, reason: 'a check' })).toMatchObject({
        code: 1,
      });
      expect(
        await post(ops.token, '/api/ops/deposits/decide', {
          id: d,
          decision: 'approve',
          tx_ref: 'tx-frozen',
        }),
      ).toMatchObject({ code: ERROR_CODES.opsAccountFrozen });
      expect(await list(u.token)).toMatchObject({ total: 0 });
      expect(framesOf(u.user.id)).toEqual([]);
      expect(pushedOf(u.user.id)).toEqual([]);
    });

    it('a withdrawal paid or rejected: the amount, what was paid out, opening that record', async () => {
      const u = await realUser(500_00);
      const method = await boundAddress(t.app, u.token, TRON);
      const trc = await currencyId(t.app, 'TRC20');
      const draw = async () => {
        const r = await post<{ record: { id: number; real_number: string } }>(u.token, '/api/account/draw', {
          draw_currency_id: trc,
          number: '100',
          draw_method_id: method,
        });
        expect(r.code).toBe(1);
        return r.data.record;
      };
      const paid = await draw();
      expect(
        await post(ops.token, '/api/ops/withdrawals/decide', {
          id: paid.id,
          decision: 'pay',
          reference: 'TX1',
        }),
      ).toMatchObject({ code: 1 });
      const n = await deliveredOnce(u.token, u.user.id);
      expect(n).toMatchObject({
        type: 'withdrawal',
        payload: {
          id: paid.id,
          type: 1,
          status: 1,
          amount: '100.00',
          received: paid.real_number,
          currency_code: 'USDT',
        },
      });
      const back = await draw();
      expect(
        await post(ops.token, '/api/ops/withdrawals/decide', {
          id: back.id,
          decision: 'reject',
          reason: 'no',
        }),
      ).toMatchObject({ code: 1 });
      expect((await list(u.token)).data[0]).toMatchObject({
        type: 'withdrawal',
        payload: { id: back.id, status: 2 },
      });
    });

    it('an identity check decided: approved or rejected, opening the identity page', async () => {
      const submitKyc = async () => {
        const u = await registerUser(t.app);
        const pic = await uploadProof(t.app, u.token);
        expect(
          await post(u.token, '/api/user_real/real_name', {
            name: 'Chan Tai Man',
            card_id: 'A1234567',
            front_pic: pic,
            reverse_pic: pic,
          }),
        ).toMatchObject({ code: 1 });
        const row = await t.app.ctx.db
          .selectFrom('real_name')
          .select('id')
          .where('user_id', '=', u.user.id)
          .executeTakeFirstOrThrow();
        return { u, id: row.id };
      };
      const a = await submitKyc();
      expect(await post(ops.token, '/api/ops/kyc/decide', { id: a.id, decision: 'approve' })).toMatchObject({
        code: 1,
      });
      expect(await deliveredOnce(a.u.token, a.u.user.id)).toMatchObject({
        type: 'kyc',
        payload: { id: a.id, status: 2 },
      });
      const b = await submitKyc();
      expect(
        await post(ops.token, '/api/ops/kyc/decide', {
          id: b.id,
          decision: 'reject',
          reason_code: 'unreadable',
        }),
      ).toMatchObject({ code: 1 });
      expect(await deliveredOnce(b.u.token, b.u.user.id)).toMatchObject({
        type: 'kyc',
        payload: { id: b.id, status: 3 },
      });
    });
  });

  describe('support replies', () => {
    const reply = (conversation: number, text: string) =>
      post<{ id: number }>(ops.token, '/api/ops/support/reply', {
        id: conversation,
        client_id: `c${crypto.randomBytes(6).toString('hex')}`,
        text,
      });

    it('one unread notification per conversation, updated by each reply; read with the chat; a visitor gets none', async () => {
      const u = await registerUser(t.app);
      const conv = await createConversation(t.app.ctx.db, {
        channel: 'chat',
        userId: u.user.id,
        visitorId: null,
        now: Date.now(),
      });
      const long = 'x'.repeat(300);
      expect(await reply(conv, 'Hello, how can we help?')).toMatchObject({ code: 1 });
      const last = await reply(conv, long);
      expect(last.code).toBe(1);
      let page = await list(u.token);
      expect(page).toMatchObject({ total: 1, unread: 1 });
      const n = page.data[0]!;
      expect(n).toMatchObject({
        type: 'support_reply',
        payload: { conversation: conv, count: 2, agent: ops.email.split('@')[0], preview: 'x'.repeat(120) },
      });
      // The same notification twice (its id: a device shows the newer in place of the older).
      expect(framesOf(u.user.id).map((f) => [f.id, f.type])).toEqual([
        [n.id, 'support_reply'],
        [n.id, 'support_reply'],
      ]);
      expect(pushedOf(u.user.id).map((x) => x.id)).toEqual([n.id, n.id]);

      // The trader reads the chat: the notification is read too; the next reply is a new one.
      const c = await connect(url);
      sockets.push(c);
      c.send({ type: 'login', token: u.token, version: 1 });
      await c.next((m: ServerMessage) => m.type === 'login_result');
      c.send({ type: 'subscribe', topic: SUPPORT_UNREAD_TOPIC });
      await c.next((m: ServerMessage) => m.type === 'subscribed');
      c.send({ type: 'chat.join' });
      await c.next((m: ServerMessage) => m.type === 'chat.state');
      c.send({ type: 'chat.read', up_to: last.data.id });
      // The unread count goes out once the read is stored (the notification's read with it).
      await c.next(
        (m: ServerMessage) =>
          m.type === 'message' &&
          m.topic === SUPPORT_UNREAD_TOPIC &&
          (m.data as { unread: number }).unread === 0,
      );
      page = await list(u.token);
      expect(page.unread).toBe(0);
      expect(await reply(conv, 'One more thing')).toMatchObject({ code: 1 });
      page = await list(u.token);
      expect(page).toMatchObject({ total: 2, unread: 1 });
      expect(page.data[0]).toMatchObject({ payload: { count: 1, preview: 'One more thing' } });

      const visitor = await createConversation(t.app.ctx.db, {
        channel: 'chat',
        userId: null,
        visitorId: `v_${crypto.randomBytes(12).toString('hex')}`,
        now: Date.now(),
      });
      const before = await t.app.ctx.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(await reply(visitor, 'Hi visitor')).toMatchObject({ code: 1 });
      const after = await t.app.ctx.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });

  describe('the switches', () => {
    it('all on at first; off: the notification is kept in the list already read, with no frame and no push', async () => {
      const u = await funded(10_000_00);
      const initial = await get<NotificationSettings>(u.token, SETTINGS);
      expect(initial).toMatchObject({ code: 1 });
      expect(initial.data.types).toEqual(Object.fromEntries(NOTIFICATION_TYPES.map((x) => [x, true])));

      const saved = await post<NotificationSettings>(u.token, SETTINGS, { order_filled: 0, kyc: '0' });
      expect(saved).toMatchObject({ code: 1 });
      expect(saved.data.types).toMatchObject({ order_filled: false, kyc: false, position_closed: true });
      expect((await get<NotificationSettings>(u.token, SETTINGS)).data.types.order_filled).toBe(false);

      await submit(u.token, { status: 0, target_price: '1.0990' });
      await tick('EURUSD', 1.0985, 1.0987);
      const page = await list(u.token);
      expect(page).toMatchObject({ total: 1, unread: 0 });
      expect(page.data[0]).toMatchObject({ type: 'order_filled', read_at: expect.any(Number) });
      expect(framesOf(u.user.id)).toEqual([]);
      expect(pushedOf(u.user.id)).toEqual([]);

      // On again: the next one is delivered; another trader's switches were never touched.
      expect(await post(u.token, SETTINGS, { order_filled: 1 })).toMatchObject({ code: 1 });
      market.setPrice('EURUSD', 1.1, 1.1002);
      await submit(u.token, { status: 0, target_price: '1.0990' });
      await tick('EURUSD', 1.0985, 1.0987);
      expect(framesOf(u.user.id)).toHaveLength(1);
      const other = await registerUser(t.app);
      expect((await get<NotificationSettings>(other.token, SETTINGS)).data.types.kyc).toBe(true);
    });

    it('a price alert switched off: stored read, the frame says muted, nothing pushed', async () => {
      const u = await registerUser(t.app);
      expect(await post(u.token, SETTINGS, { price_alert: 0 })).toMatchObject({ code: 1 });
      const alertFrames: { muted: boolean; notification_id: number }[] = [];
      const stop = t.app.ctx.bus.subscribe((ev: BusEvent) => {
        if (ev.topic === TOPICS.priceAlert && ev.userId === u.user.id) alertFrames.push(ev.data);
      });
      const saved = await post(u.token, '/api/alert/save', {
        forex_id: 1,
        kind: 'price',
        side: 'bid',
        direction: 'below',
        level: '1.2',
        repeat: 0,
      });
      expect(saved).toMatchObject({ code: 1 });
      await t.app.services.alerts.evaluator.idle();
      stop();
      const page = await list(u.token);
      expect(page).toMatchObject({ total: 1, unread: 0 });
      expect(alertFrames).toEqual([
        expect.objectContaining({ muted: true, notification_id: page.data[0]!.id }),
      ]);
      expect(pushedOf(u.user.id)).toEqual([]);
    });

    it('refuses anything but known types set to 0 or 1, before anything is saved', async () => {
      const u = await registerUser(t.app);
      const refused = async (form: Query, field: string) => {
        const r = await call(t.app, { method: 'POST', url: SETTINGS, token: u.token, form });
        expect({ form, code: r.body.code, hasField: r.body.msg.length > 0 }).toEqual({
          form,
          code: ERROR_CODES.validation,
          hasField: true,
        });
        if (field) expect(r.body.msg).toContain(field);
      };
      await refused({ dividend: 0 }, 'dividend');
      await refused({ kyc: 0, __proto__x: 1 }, '__proto__x');
      await refused({ kyc: 2 }, '');
      await refused({ kyc: '-0' }, '');
      await refused({ kyc: '1e0' }, '');
      await refused({ kyc: 'true' }, '');
      await refused({ kyc: '1'.repeat(400) }, '');
      await refused({ kyc: 'NaN' }, '');
      await refused({}, '');
      // A field sent twice is not one value.
      const twice = await t.app.inject({
        method: 'POST',
        url: SETTINGS,
        headers: { authorization: u.token, 'content-type': 'application/x-www-form-urlencoded', lang: 'en' },
        payload: 'kyc=0&kyc=1',
      });
      expect(twice.json().code).toBe(ERROR_CODES.validation);
      const unknown = await call(t.app, {
        method: 'POST',
        url: SETTINGS,
        token: u.token,
        form: { dividend: 0 },
      });
      expect(unknown.body.msg).toBe('“dividend” is not a kind of notification.');
      expect((await get<NotificationSettings>(u.token, SETTINGS)).data.types.kyc).toBe(true);
      const rows = await t.app.ctx.db
        .selectFrom('notification_settings')
        .selectAll()
        .where('user_id', '=', u.user.id)
        .execute();
      expect(rows).toEqual([]);
    });
  });
});
