/**
 * Chat identities follow their sessions (docs/realtime.md#revocation): an agent socket loses its powers the moment
 * its ops session ends or loses the support role (sign-out, disable, role change, password or authenticator reset,
 * idle and absolute limits), and a trader's chat identity ends with the trader's session (logout, password change,
 * ops "sign out everywhere"), falling back to its visitor id or to nothing. Every chat frame is authorised against
 * the live session, so even a session ended behind the chat's back (no event) stops the next frame. On one node and
 * across two nodes through Redis; the measured times are printed.
 */
import crypto from 'node:crypto';
import { OPS_ABSOLUTE_TIMEOUT_MS, OPS_IDLE_TIMEOUT_MS } from '@meridian/shared/pure';
import type { ServerMessage } from '@meridian/shared/pure';
import { RedisBus } from '../src/realtime/bus';
import { call, createTestApp, MODES, PASSWORD, registerUser } from './helpers';
import type { TestApp } from './helpers';
import { createOpsUser } from './support/ops';
import type { TestOps } from './support/ops';
import { connect, listen } from './support/ws';
import type { WsClient } from './support/ws';
import { REDIS_URL, redisReachable } from './support/redis';

const cid = () => `c${crypto.randomBytes(8).toString('hex')}`;
const visitorId = () => `v_${crypto.randomBytes(18).toString('base64url')}`;
type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;
const is =
  <T extends ServerMessage['type']>(type: T, extra: (m: Of<T>) => boolean = () => true) =>
  (m: ServerMessage): boolean =>
    m.type === type && extra(m as Of<T>);
const refused = is('chat.agent', (m) => m.code !== 1);
const emptyState = is('chat.state', (m) => m.conversation === null);
const times: Record<string, number[]> = {};
const record = (what: string, ms: number) => (times[what] ??= []).push(ms);

afterAll(() => {
  const lines = Object.entries(times).map(
    ([what, ms]) => `  ${what}: max ${Math.max(...ms)} ms over ${ms.length} (${ms.join(', ')})`,
  );
  if (lines.length) process.stdout.write(`\nchat revocation times\n${lines.join('\n')}\n`);
});

/**
 * Wait for `pred` on `c` after `action` (the call that ends the session), and return how long after the call answered
 * it arrived (0 when it came first): the session ended when the call committed, just before it answered. The call's
 * own duration (a password hash on a loaded machine) is not the socket's delay.
 */
async function timed(c: WsClient, pred: (m: ServerMessage) => boolean, action: () => Promise<unknown>) {
  const seen = c.messages.length;
  let seenAt = 0;
  const arrived = c
    .next((m) => c.messages.indexOf(m) >= seen && pred(m), 10_000)
    .then((m) => {
      seenAt = Date.now();
      return m;
    });
  await action();
  const answered = Date.now();
  await arrived;
  return Math.max(0, seenAt - answered);
}

async function agentSocket(url: string, token: string) {
  const c = await connect(url);
  c.send({ type: 'chat.agent', token });
  expect(await c.next(is('chat.agent'))).toMatchObject({ code: 1 });
  return c;
}

async function traderSocket(url: string, token: string, visitor?: string) {
  const c = await connect(url);
  c.send({ type: 'chat.join', token, ...(visitor ? { visitor } : {}) });
  await c.next(is('chat.state'));
  return c;
}

/** After its identity ended, the socket reaches nothing: join, history and send all answer a refusal. */
async function powerless(t: TestApp, c: WsClient, conversation: number, opsId: number) {
  const audits = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('action', '=', 'support.reply')
          .where('actor_id', '=', opsId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await audits();
  const n = c.messages.length;
  c.send({ type: 'chat.join', conversation });
  c.send({ type: 'chat.history', before: 1_000_000, conversation });
  const client = cid();
  c.send({ type: 'chat.send', client_id: client, text: 'still here?', conversation });
  await c.next((m) => c.messages.indexOf(m) >= n && m.type === 'chat.error' && m.client_id === client);
  await c.barrier();
  const after = c.messages.slice(n);
  expect(after.filter((m) => m.type === 'chat.state' || m.type === 'chat.history')).toEqual([]);
  expect(after.filter((m) => m.type === 'chat.message')).toEqual([]);
  expect(after.filter((m) => m.type === 'chat.error')).toHaveLength(3);
  expect(await audits()).toBe(before);
  const stored = await t.app.ctx.db
    .selectFrom('support_messages')
    .select('id')
    .where('client_id', '=', client)
    .execute();
  expect(stored).toEqual([]);
}

describe.each(MODES)('chat identities follow their sessions (%s)', (mode) => {
  let t: TestApp;
  let url: string;
  let now = Date.now();
  const open: WsClient[] = [];
  const track = (c: WsClient) => {
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await createTestApp(mode, { now: () => now, supportMailDelayMs: 60_000 });
    url = await listen(t);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.ws.terminate();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A trader's conversation with one message, and an agent socket watching it. */
  async function scene(roles: ('support' | 'admin' | 'finance')[] = ['support']) {
    const u = await registerUser(t.app);
    const tc = track(await traderSocket(url, u.token));
    const first = cid();
    tc.send({ type: 'chat.send', client_id: first, text: 'hello' });
    const ack = (await tc.next(
      is('chat.message', (m) => m.message.client_id === first),
    )) as Of<'chat.message'>;
    const conversation = ack.message.conversation_id;
    const ops = await createOpsUser(t.app, roles);
    const ac = track(await agentSocket(url, ops.token));
    ac.send({ type: 'chat.join', conversation });
    await ac.next(is('chat.state'));
    return { u, tc, ac, ops, conversation };
  }

  const endings: [string, (ops: TestOps) => Promise<unknown>][] = [
    ['sign-out', (ops) => call(t.app, { method: 'POST', url: '/api/ops/auth/logout', token: ops.token })],
    [
      'disable',
      async (ops) =>
        call(t.app, {
          method: 'POST',
          url: '/api/ops/staff/disable',
          token: (await createOpsUser(t.app, ['admin'])).token,
          form: { id: ops.id },
        }),
    ],
    [
      'role change',
      async (ops) =>
        call(t.app, {
          method: 'POST',
          url: '/api/ops/staff/roles',
          token: (await createOpsUser(t.app, ['admin'])).token,
          form: { id: ops.id, roles: 'finance' },
        }),
    ],
    [
      'password reset',
      async (ops) =>
        call(t.app, {
          method: 'POST',
          url: '/api/ops/staff/reset_password',
          token: (await createOpsUser(t.app, ['admin'])).token,
          form: { id: ops.id },
        }),
    ],
    [
      'authenticator reset',
      async (ops) =>
        call(t.app, {
          method: 'POST',
          url: '/api/ops/staff/reset_totp',
          token: (await createOpsUser(t.app, ['admin'])).token,
          form: { id: ops.id },
        }),
    ],
  ];

  it.each(endings)('an agent socket loses its powers within a second of the %s', async (what, end) => {
    const { ac, ops, conversation } = await scene();
    const ms = await timed(ac, refused, async () => expect((await end(ops)) as unknown).toBeTruthy());
    record(`agent, ${what}, same node`, ms);
    expect(ms).toBeLessThan(1000);
    await powerless(t, ac, conversation, ops.id);
  });

  /** Move the clock on by `ms` the way time passes for a live client: pinging (not a chat frame) every 25 s. */
  async function pass(ms: number, c: WsClient) {
    for (let left = ms; left > 0; left -= 25_000) {
      now += Math.min(25_000, left);
      await c.barrier();
    }
  }

  it('an agent socket ends at the ops idle limit, and at the absolute limit however busy', async () => {
    const idle = await scene();
    await pass(OPS_IDLE_TIMEOUT_MS - 30_000, idle.ac);
    expect(idle.ac.messages.some(refused)).toBe(false);
    await pass(30_000, idle.ac);
    await idle.ac.next(refused, 2000);
    await powerless(t, idle.ac, idle.conversation, idle.ops.id);

    // Busy: every chat frame is a use of the session (the idle clock moves), yet 12 hours is the end.
    const busy = await scene();
    const started = now;
    while (now < started + OPS_ABSOLUTE_TIMEOUT_MS - 20 * 60_000) {
      await pass(20 * 60_000, busy.ac);
      const n = busy.ac.messages.length;
      busy.ac.send({ type: 'chat.history', before: 1_000_000, conversation: busy.conversation });
      await busy.ac.next((m) => busy.ac.messages.indexOf(m) >= n && m.type === 'chat.history');
    }
    expect(busy.ac.messages.some(refused)).toBe(false);
    await pass(20 * 60_000, busy.ac);
    await busy.ac.next(refused, 2000);
    await powerless(t, busy.ac, busy.conversation, busy.ops.id);
  }, 60_000);

  it('every agent frame is checked against the live session: one ended without an event stops the next frame', async () => {
    const { ac, ops, conversation } = await scene(['admin']);
    await t.app.ctx.db
      .updateTable('ops_sessions')
      .set({ revoked_at: now })
      .where('ops_id', '=', ops.id)
      .execute();
    await powerless(t, ac, conversation, ops.id);
    expect(ac.messages.some(refused)).toBe(true);
  });

  const traderEndings: [string, (u: { token: string; email: string }) => Promise<unknown>][] = [
    ['logout', (u) => call(t.app, { method: 'POST', url: '/api/user/logout', token: u.token })],
    [
      'password change',
      (u) =>
        call(t.app, {
          method: 'POST',
          url: '/api/user/amend_password',
          token: u.token,
          form: { old_password: PASSWORD, new_password: 'Another123', re_password: 'Another123' },
        }),
    ],
    [
      'ops "sign out everywhere"',
      async (u) => {
        const { uid } = (
          await call<{ uid: string }>(t.app, { method: 'GET', url: '/api/user/info', token: u.token })
        ).body.data;
        return call(t.app, {
          method: 'POST',
          url: '/api/ops/users/sign_out_all',
          token: (await createOpsUser(t.app, ['admin'])).token,
          form: { uid },
        });
      },
    ],
  ];

  it.each(traderEndings)("a trader's chat ends with the session at the %s", async (what, end) => {
    const visitor = visitorId();
    const u = await registerUser(t.app);
    const tc = track(await traderSocket(url, u.token, visitor));
    const first = cid();
    tc.send({ type: 'chat.send', client_id: first, text: 'my account question' });
    const conversation = (
      (await tc.next(is('chat.message', (m) => m.message.client_id === first))) as Of<'chat.message'>
    ).message.conversation_id;
    const ops = await createOpsUser(t.app, ['support']);
    const ac = track(await agentSocket(url, ops.token));
    ac.send({ type: 'chat.join', conversation });
    await ac.next(is('chat.state'));

    const ms = await timed(tc, emptyState, async () =>
      expect(((await end(u)) as { body: { code: number } }).body.code).toBe(1),
    );
    record(`trader, ${what}, same node`, ms);
    expect(ms).toBeLessThan(1000);

    // Agent replies no longer reach the socket; history and send act as the visitor (who owns nothing here).
    const reply = cid();
    ac.send({ type: 'chat.send', client_id: reply, text: 'private answer', conversation });
    await ac.next(is('chat.message', (m) => m.message.client_id === reply));
    tc.send({ type: 'chat.history', before: 1_000_000 });
    await tc.next(is('chat.error', (m) => m.code === 1503));
    const late = cid();
    tc.send({ type: 'chat.send', client_id: late, text: 'after logout' });
    const stored = (await tc.next(
      is('chat.message', (m) => m.message.client_id === late),
    )) as Of<'chat.message'>;
    expect(stored.message.conversation_id).not.toBe(conversation);
    await tc.barrier();
    expect(JSON.stringify(tc.messages)).not.toContain('private answer');
    const owner = await t.app.ctx.db
      .selectFrom('support_conversations')
      .select(['user_id', 'visitor_id'])
      .where('id', '=', stored.message.conversation_id)
      .executeTakeFirstOrThrow();
    expect(owner).toMatchObject({ user_id: null, visitor_id: visitor });
  });

  it('a trader socket without a visitor id falls back to no identity; a session ended without an event stops the next frame', async () => {
    const u = await registerUser(t.app);
    const tc = track(await traderSocket(url, u.token));
    await t.app.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', u.user.id)
      .execute();
    const late = cid();
    tc.send({ type: 'chat.send', client_id: late, text: 'after the end' });
    await tc.next(is('chat.error', (m) => m.client_id === late && m.code === 1503));
    expect(tc.messages.some(emptyState)).toBe(true);
    const rows = await t.app.ctx.db
      .selectFrom('support_messages')
      .select('id')
      .where('client_id', '=', late)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('chat identities across two API nodes with Redis', () => {
  it('an ops sign-out and a trader logout on node A end the sockets on node B within a second', async () => {
    if (!(await redisReachable('the two-node chat revocation test'))) return;
    const channel = `meridian:test:${crypto.randomBytes(6).toString('hex')}`;
    const busA = new RedisBus(REDIS_URL, channel);
    const busB = new RedisBus(REDIS_URL, channel);
    await Promise.all([busA.whenReady(), busB.whenReady()]);
    const a = await createTestApp('sqlite', { bus: busA });
    const b = await createTestApp('sqlite', { bus: busB }, { dataDir: a.config.dataDir });
    const sockets: WsClient[] = [];
    try {
      const urlB = await listen(b);
      const u = await registerUser(a.app);
      const tc = await traderSocket(urlB, u.token, visitorId());
      sockets.push(tc);
      const ops = await createOpsUser(a.app, ['support']);
      const ac = await agentSocket(urlB, ops.token);
      sockets.push(ac);

      const agentMs = await timed(ac, refused, () =>
        call(a.app, { method: 'POST', url: '/api/ops/auth/logout', token: ops.token }),
      );
      record('agent, sign-out, across nodes', agentMs);
      expect(agentMs).toBeLessThan(1000);
      const traderMs = await timed(tc, emptyState, () =>
        call(a.app, { method: 'POST', url: '/api/user/logout', token: u.token }),
      );
      record('trader, logout, across nodes', traderMs);
      expect(traderMs).toBeLessThan(1000);
    } finally {
      for (const s of sockets) s.ws.terminate();
      await b.close();
      await a.close();
    }
  });
});
