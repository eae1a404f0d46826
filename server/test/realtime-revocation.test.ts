/**
 * A revoked session stops its sockets (docs/realtime.md#revocation): logout, a password change or reset and ops
 * "sign out everywhere" log the user's sockets out at once, on every node (Redis); a socket re-checks its session
 * every SESSION_RECHECK_MS; socket login has the token-shape check and a per-IP limit (the socket limits are in
 * abuse-limits.test.ts).
 */
import crypto from 'node:crypto';
import { TOPICS } from '@meridian/shared/pure';
import type { ServerMessage } from '@meridian/shared/pure';
import { RedisBus } from '../src/realtime/bus';
import { SESSION_RECHECK_MS } from '../src/realtime/gateway';
import {
  call,
  createDemo,
  createTestApp,
  HIGH_LIMITS,
  lastCode,
  MODES,
  PASSWORD,
  registerUser,
} from './helpers';
import type { TestApp } from './helpers';
import { createOpsUser } from './support/ops';
import { orderView } from './support/payloads';
import { wsConnect, wsUrl } from './support/ws-client';
import type { WsClient } from './support/ws-client';
import { REDIS_URL, redisReachable } from './support/redis';

const trades = (c: WsClient) =>
  c.messages.filter((m) => m.type === 'message' && m.topic === TOPICS.forexTrade).length;

/** Publish one FOREX_TRADE for `userId` and wait until the socket has seen everything sent before the barrier. */
async function tradeFrameReaches(t: TestApp, c: WsClient, userId: number): Promise<boolean> {
  const before = trades(c);
  t.app.ctx.bus.publish({ topic: TOPICS.forexTrade, data: [orderView(7)], userId });
  await c.barrier();
  return trades(c) > before;
}

const expired = (m: ServerMessage) => m.type === 'login_result' && m.code === 999;

describe.each(MODES)('revoked sessions and sockets (%s)', (mode) => {
  let t: TestApp;
  let url: string;
  const clients: WsClient[] = [];
  let now = Date.now();
  const open = async (headers?: Record<string, string>) => {
    const c = await wsConnect(url, headers);
    clients.push(c);
    return c;
  };
  const signedIn = async (token: string) => {
    const c = await open();
    expect(await c.login(token)).toMatchObject({ code: 1 });
    await c.subscribe(TOPICS.forexTrade);
    return c;
  };

  beforeAll(async () => {
    t = await createTestApp(mode, { now: () => now });
    url = await wsUrl(t.app);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.ws.terminate();
  });
  afterAll(async () => {
    await t.close();
  });

  it('after logout the old socket gets no more FOREX_TRADE frames', async () => {
    const demo = await createDemo(t.app);
    const c = await signedIn(demo.token);
    const other = await createDemo(t.app);
    const bystander = await signedIn(other.token);
    expect(await tradeFrameReaches(t, c, demo.user.id)).toBe(true);

    const out = await call(t.app, { method: 'POST', url: '/api/user/logout', token: demo.token });
    expect(out.body.code).toBe(1);
    await c.next(expired);
    expect(await tradeFrameReaches(t, c, demo.user.id)).toBe(false);
    // Another user's socket is untouched.
    expect(await tradeFrameReaches(t, bystander, other.user.id)).toBe(true);
  });

  it('a password change and a reset log out every socket of the user', async () => {
    const real = await registerUser(t.app);
    const first = await signedIn(real.token);
    const changed = await call(t.app, {
      method: 'POST',
      url: '/api/user/amend_password',
      token: real.token,
      form: { old_password: PASSWORD, new_password: 'Another123', re_password: 'Another123' },
    });
    expect(changed.body.code).toBe(1);
    await first.next(expired);
    expect(await tradeFrameReaches(t, first, real.user.id)).toBe(false);

    const login = await call<{ token: string }>(t.app, {
      method: 'POST',
      url: '/api/user/loginForU',
      form: { account: real.email, password: 'Another123', login_type: 1 },
    });
    const second = await signedIn(login.body.data.token);
    await call(t.app, { method: 'POST', url: '/api/notify/send_email', form: { to: real.email, type: 2 } });
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/user/forget_password',
      form: {
        type: 1,
        account: real.email,
        new_password: 'Third12345',
        secondary_password: 'Third12345',
        auth_code: await lastCode(t.app, real.email),
      },
    });
    expect(reset.body.code).toBe(1);
    await second.next(expired);
    expect(await tradeFrameReaches(t, second, real.user.id)).toBe(false);
  });

  it('ops "sign out everywhere" logs the user out of its sockets', async () => {
    const real = await registerUser(t.app);
    const c = await signedIn(real.token);
    const ops = await createOpsUser(t.app, ['support']);
    const uid = (
      await call<{ uid: string }>(t.app, { method: 'GET', url: '/api/user/info', token: real.token })
    ).body.data.uid;
    const out = await call(t.app, {
      method: 'POST',
      url: '/api/ops/users/sign_out_all',
      token: ops.token,
      form: { uid },
    });
    expect(out.body.code).toBe(1);
    await c.next(expired);
    expect(await tradeFrameReaches(t, c, real.user.id)).toBe(false);
  });

  it('re-checks the session periodically: a session ended without an event is noticed', async () => {
    const demo = await createDemo(t.app);
    const c = await signedIn(demo.token);
    // Ended behind the gateway's back (another service, an expiry): no revocation event.
    await t.app.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', demo.user.id)
      .execute();
    // Time passes as for a live client, pinging at least every 25 s (a 59 s jump would also be the idle timeout).
    for (let left = SESSION_RECHECK_MS - 1_000; left > 0; left -= 25_000) {
      now += Math.min(25_000, left);
      await c.barrier();
    }
    expect(c.messages.some(expired)).toBe(false);
    now += 1_000;
    await c.next(expired);
    expect(await tradeFrameReaches(t, c, demo.user.id)).toBe(false);
  });

  it('socket login: malformed tokens are refused, a live session after a refusal still works', async () => {
    const c = await open();
    for (const token of ['short', 'x'.repeat(500), 'bad token with spaces!!', 42, null]) {
      c.send({ type: 'login', token, version: 1 });
    }
    await c.barrier();
    expect(c.messages.filter(expired)).toHaveLength(5);
    const demo = await createDemo(t.app);
    expect(await c.login(demo.token)).toMatchObject({ code: 1 });
  });
});

describe('socket login rate limit', () => {
  it('limits logins per IP like the HTTP login (code 1004)', async () => {
    const t = await createTestApp('sqlite', { limits: { ...HIGH_LIMITS, loginPerIp: [3, 60_000] } });
    try {
      const c = await wsConnect(await wsUrl(t.app));
      for (let i = 0; i < 3; i++) {
        c.send({ type: 'login', token: crypto.randomBytes(32).toString('hex'), version: 1 });
      }
      await c.barrier();
      expect(c.messages.filter(expired)).toHaveLength(3);
      const demo = await createDemo(t.app);
      c.send({ type: 'login', token: demo.token, version: 1 });
      const refused = await c.next((m) => m.type === 'error');
      expect(refused).toMatchObject({ type: 'error', code: 1004 });
      c.ws.terminate();
    } finally {
      await t.close();
    }
  });
});

describe('two API nodes with Redis', () => {
  it('a logout on node A logs out the socket on node B', async () => {
    if (!(await redisReachable('the two-node revocation test'))) return;
    const channel = `meridian:test:${crypto.randomBytes(6).toString('hex')}`;
    const busA = new RedisBus(REDIS_URL, channel);
    const busB = new RedisBus(REDIS_URL, channel);
    await Promise.all([busA.whenReady(), busB.whenReady()]);
    const a = await createTestApp('sqlite', { bus: busA });
    // Node B shares node A's database file, as two API nodes share one database.
    const b = await createTestApp('sqlite', { bus: busB }, { dataDir: a.config.dataDir });
    try {
      const demo = await createDemo(a.app);
      const other = await createDemo(a.app);
      const urlB = await wsUrl(b.app);
      const c = await wsConnect(urlB);
      expect(await c.login(demo.token)).toMatchObject({ code: 1 });
      await c.subscribe(TOPICS.forexTrade);
      const witness = await wsConnect(urlB);
      expect(await witness.login(other.token)).toMatchObject({ code: 1 });
      await witness.subscribe(TOPICS.forexTrade);

      // Cross-node delivery works before the logout...
      a.app.ctx.bus.publish({ topic: TOPICS.forexTrade, data: [orderView(1)], userId: demo.user.id });
      await c.next((m) => m.type === 'message' && m.topic === TOPICS.forexTrade);

      expect(
        (await call(a.app, { method: 'POST', url: '/api/user/logout', token: demo.token })).body.code,
      ).toBe(1);
      await c.next(expired, 5000);
      // ...and not after: a frame for the witness published after one for the logged-out user arrives on B, in order.
      const before = trades(c);
      a.app.ctx.bus.publish({ topic: TOPICS.forexTrade, data: [orderView(2)], userId: demo.user.id });
      a.app.ctx.bus.publish({ topic: TOPICS.forexTrade, data: [orderView(3)], userId: other.user.id });
      await witness.next((m) => m.type === 'message' && JSON.stringify(m).includes('"Id":3'), 5000);
      await c.barrier();
      expect(trades(c)).toBe(before);
      c.ws.terminate();
      witness.ws.terminate();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
