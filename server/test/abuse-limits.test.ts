/**
 * Limits a flood cannot step around and a phone network can live with (docs/ops.md#abuse-limits): per-source limits
 * on visitor chat and guest feedback (the visitor id is the client's choice), and realtime socket limits that target
 * abuse rather than addresses (one IPv4 address may be a carrier's NAT): upgrades per IP per minute, signed-in
 * sockets per session, sockets that are not signed in per IP.
 */
import crypto from 'node:crypto';
import WebSocket from 'ws';
import { TOPICS } from '@meridian/shared/pure';
import type { ServerMessage } from '@meridian/shared/pure';
import { call, createDemo, createTestApp, HIGH_LIMITS, MODES } from './helpers';
import type { TestApp } from './helpers';
import { connect, listen } from './support/ws';
import { orderView } from './support/payloads';
import { wsConnect } from './support/ws-client';
import type { WsClient } from './support/ws-client';

const cid = () => `c${crypto.randomBytes(8).toString('hex')}`;
const visitorId = () => `v_${crypto.randomBytes(18).toString('base64url')}`;
const HOUR = 3_600_000;

describe.each(MODES)('per-source limits on visitor chat and guest feedback (%s)', (mode) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(mode, {
      limits: {
        ...HIGH_LIMITS,
        chatVisitorConversationsPerIp: [5, HOUR],
        chatVisitorPerIp: [8, 60_000],
        feedbackGuestPerIp: [4, HOUR],
      },
    });
    url = await listen(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const inbox = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('support_conversations')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('fresh visitor ids from one source open at most the per-IP number of conversations, and send at most the per-IP rate', async () => {
    const before = await inbox();
    const answers: ServerMessage[] = [];
    for (let i = 0; i < 12; i++) {
      const c = await connect(url);
      c.send({ type: 'chat.join', visitor: visitorId() });
      await c.next((m) => m.type === 'chat.state');
      const id = cid();
      c.send({ type: 'chat.send', client_id: id, text: `flood ${i}` });
      answers.push(
        await c.next(
          (m) =>
            (m.type === 'chat.message' && m.message.client_id === id) ||
            (m.type === 'chat.error' && m.client_id === id),
        ),
      );
      c.ws.terminate();
    }
    const stored = answers.filter((m) => m.type === 'chat.message').length;
    expect(stored).toBe(5);
    expect(answers.filter((m) => m.type === 'chat.error' && m.code === 1501)).toHaveLength(7);
    expect((await inbox()) - before).toBe(5);
  });

  it('guest feedback is limited per source whatever visitor id it carries; a signed-in trader is not', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/support/feedback',
        form: { topic: 'bug', text: `guest ${i}`, visitor: visitorId() },
        remoteAddress: '203.0.113.7',
      });
      codes.push(r.body.code);
    }
    expect(codes.filter((c) => c === 1)).toHaveLength(4);
    expect(codes.slice(4)).toEqual([1004, 1004, 1004]);
    // Another source still may.
    const other = await call(t.app, {
      method: 'POST',
      url: '/api/support/feedback',
      form: { topic: 'bug', text: 'other source', visitor: visitorId() },
      remoteAddress: '203.0.113.8',
    });
    expect(other.body.code).toBe(1);
    const demo = await createDemo(t.app);
    const signedIn = await call(t.app, {
      method: 'POST',
      url: '/api/support/feedback',
      token: demo.token,
      form: { topic: 'idea', text: 'from a trader behind the same address' },
      remoteAddress: '203.0.113.7',
    });
    expect(signedIn.body.code).toBe(1);
  });
});

const expired = (m: ServerMessage) => m.type === 'login_result' && m.code === 999;

describe.each(MODES)('realtime socket limits (%s)', (mode) => {
  let now = Date.now();
  const apps: TestApp[] = [];
  const clients: WsClient[] = [];
  const start = async (config: Partial<TestApp['config']>) => {
    const t = await createTestApp(mode, { now: () => now }, config);
    apps.push(t);
    const { port } = (await t.app.listen({ port: 0, host: '127.0.0.1' }), t.app.server.address()) as {
      port: number;
    };
    return { t, url: `ws://127.0.0.1:${port}/v1/ws` };
  };
  const open = async (url: string) => {
    const c = await wsConnect(url);
    clients.push(c);
    return c;
  };
  afterEach(async () => {
    for (const c of clients.splice(0)) c.ws.terminate();
    for (const t of apps.splice(0)) await t.close();
  });

  it('one address (a carrier NAT) holds far more than 20 signed-in sockets, each its own trader', async () => {
    const { t, url } = await start({});
    for (let i = 0; i < 24; i++) {
      const demo = await createDemo(t.app);
      const c = await open(url);
      expect(await c.login(demo.token)).toMatchObject({ code: 1 });
    }
    expect(clients).toHaveLength(24);
  });

  it('caps the signed-in sockets of one session (tabs); the refused one stays signed out', async () => {
    const { t, url } = await start({ wsSocketsPerSession: 3 });
    const demo = await createDemo(t.app);
    for (let i = 0; i < 3; i++) expect(await (await open(url)).login(demo.token)).toMatchObject({ code: 1 });
    const fourth = await open(url);
    await fourth.subscribe(TOPICS.forexTrade);
    fourth.send({ type: 'login', token: demo.token, version: 1 });
    expect(await fourth.next((m) => m.type === 'error')).toMatchObject({ code: 1004 });
    t.app.ctx.bus.publish({ topic: TOPICS.forexTrade, data: [orderView(1)], userId: demo.user.id });
    await fourth.barrier();
    expect(fourth.messages.some((m) => m.type === 'message')).toBe(false);
    // Another session behind the same address is not concerned; a closed tab frees a place.
    const other = await createDemo(t.app);
    expect(await (await open(url)).login(other.token)).toMatchObject({ code: 1 });
    const gone = clients[0]!;
    gone.ws.close();
    await gone.closed;
    let ok: ServerMessage | undefined;
    for (let i = 0; i < 50 && ok?.type !== 'login_result'; i++) {
      const c = await open(url);
      c.send({ type: 'login', token: demo.token, version: 1 });
      ok = await c.next((m) => m.type === 'login_result' || m.type === 'error');
      if (ok.type !== 'login_result') await new Promise((r) => setTimeout(r, 20));
    }
    expect(ok).toMatchObject({ type: 'login_result', code: 1 });
  });

  it('caps the sockets of one address that are not signed in; signing in frees the place', async () => {
    const { t, url } = await start({ wsAnonymousSocketsPerIp: 4 });
    const held: WsClient[] = [];
    for (let i = 0; i < 4; i++) held.push(await open(url));
    await expect(wsConnect(url)).rejects.toThrow('upgrade refused: 429');
    const demo = await createDemo(t.app);
    expect(await held[0]!.login(demo.token)).toMatchObject({ code: 1 });
    const more = await open(url);
    await expect(wsConnect(url)).rejects.toThrow('upgrade refused: 429');
    // Signed out again (logout), it counts as not signed in once more: still no new place.
    await call(t.app, { method: 'POST', url: '/api/user/logout', token: demo.token });
    await held[0]!.next(expired);
    await expect(wsConnect(url)).rejects.toThrow('upgrade refused: 429');
    more.ws.close();
    await more.closed;
  });

  it('limits upgrades per address per minute (429 with Retry-After), then lets it in again', async () => {
    const { url } = await start({ wsConnectsPerIpPerMinute: 10 });
    for (let i = 0; i < 10; i++) await open(url);
    const refused = await new Promise<{ status: number; retry: string | undefined }>((resolve) => {
      const ws = new WebSocket(url);
      ws.on('unexpected-response', (_req, res) => {
        resolve({ status: res.statusCode ?? 0, retry: res.headers['retry-after'] as string | undefined });
        ws.terminate();
      });
      ws.on('error', () => undefined);
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.retry)).toBeGreaterThan(0);
    now += 60_000;
    await open(url);
  });
});
