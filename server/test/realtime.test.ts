/**
 * The realtime gateway over a real WebSocket: login, ping, topics, coalescing, private delivery, refusals, and two
 * API nodes sharing events through Redis.
 */
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { TOPICS } from '@meridian/shared/pure';
import type { ServerMessage, Topic } from '@meridian/shared/pure';
import { createDemo, createTestApp, MODES } from './helpers';
import type { TestApp } from './helpers';
import { dayQuote, klineUpdate, orderView } from './support/payloads';
import { REDIS_URL, redisReachable } from './support/redis';

type Client = {
  ws: WebSocket;
  messages: ServerMessage[];
  next: (pred: (m: ServerMessage) => boolean, ms?: number) => Promise<ServerMessage>;
  send: (m: unknown) => void;
  /** Subscribe and wait for the server's acknowledgement: from then on, every message of the topic arrives. */
  subscribe: (topic: Topic) => Promise<void>;
  /** Resolves once everything the server sent before it has arrived (a ping answered in order). */
  barrier: () => Promise<void>;
  closed: Promise<number>;
};

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/v1/ws`;
}

function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: ServerMessage[] = [];
    const waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString()) as ServerMessage;
      messages.push(m);
      for (const w of [...waiters]) {
        if (w.pred(m)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
    });
    let pings = 1_000_000;
    const client: Client = {
      ws,
      messages,
      closed,
      send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
      subscribe: async (topic) => {
        client.send({ type: 'subscribe', topic });
        await client.next((m) => m.type === 'subscribed' && m.topic === topic);
      },
      barrier: async () => {
        const id = ++pings;
        client.send({ type: 'ping', id });
        await client.next((m) => m.type === 'pong' && m.id === id);
      },
      next: (pred, ms = 3000) =>
        new Promise((res, rej) => {
          const found = messages.find(pred);
          if (found) return res(found);
          const timer = setTimeout(() => rej(new Error('no matching message')), ms);
          waiters.push({
            pred,
            resolve: (m) => {
              clearTimeout(timer);
              res(m);
            },
          });
        }),
    };
    ws.on('open', () => resolve(client));
    ws.on('error', reject);
  });
}

describe.each(MODES)('realtime gateway (%s)', (mode) => {
  let t: TestApp;
  let url: string;
  const clients: Client[] = [];
  const open = async (headers?: Record<string, string>) => {
    const c = await connect(url, headers);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await createTestApp(mode);
    url = await listen(t);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.ws.terminate();
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs in with a session token, refuses a bad one, answers pings', async () => {
    const demo = await createDemo(t.app);
    const c = await open();
    c.send({ type: 'login', token: demo.token, version: 1 });
    expect(await c.next((m) => m.type === 'login_result')).toMatchObject({ type: 'login_result', code: 1 });

    const bad = await open();
    bad.send({ type: 'login', token: 'f'.repeat(64), version: 1 });
    expect(await bad.next((m) => m.type === 'login_result')).toMatchObject({
      code: 999,
      msg: '登入已過期，請重新登入。',
    });
    // The login carries the reader's language: the socket's messages follow it from then on.
    bad.messages.length = 0;
    bad.send({ type: 'login', token: 'f'.repeat(64), version: 1, lang: 'ar' });
    expect(await bad.next((m) => m.type === 'login_result')).toMatchObject({
      code: 999,
      msg: 'انتهت صلاحية الجلسة. يرجى تسجيل الدخول مرة أخرى.',
    });

    c.send({ type: 'ping', id: 42 });
    expect(await c.next((m) => m.type === 'pong')).toEqual({ type: 'pong', id: 42 });
  });

  it('coalesces market data: one frame with the latest quote per instrument', async () => {
    const c = await open();
    await c.subscribe(TOPICS.dayMarket);
    const bus = t.app.ctx.bus;
    bus.publish({ topic: TOPICS.dayMarket, data: [dayQuote('EURUSD', 1.1)] });
    bus.publish({ topic: TOPICS.dayMarket, data: [dayQuote('EURUSD', 1.2)] });
    bus.publish({ topic: TOPICS.dayMarket, data: [dayQuote('XAUUSD', 2400)] });
    const m = await c.next((x) => x.type === 'message');
    expect(m).toEqual({
      type: 'message',
      topic: 'DAY_MARKET',
      data: expect.arrayContaining([dayQuote('EURUSD', 1.2), dayQuote('XAUUSD', 2400)]),
    });
    expect((m as { data: unknown[] }).data).toHaveLength(2);
  });

  it('sends nothing on a topic the client did not subscribe to', async () => {
    const c = await open();
    await c.subscribe('KLINE.EURUSD');
    t.app.ctx.bus.publish({ topic: TOPICS.dayMarket, data: [dayQuote('EURUSD', 1)] });
    t.app.ctx.bus.publish({ topic: 'KLINE.EURUSD', data: [klineUpdate('EURUSD', 1)] });
    const m = await c.next((x) => x.type === 'message');
    expect(m).toMatchObject({ topic: 'KLINE.EURUSD' });
    // Both went out in the same flush: anything sent for DAY_MARKET has arrived by the pong.
    await c.barrier();
    expect(c.messages.filter((x) => x.type === 'message' && x.topic === 'DAY_MARKET')).toHaveLength(0);
  });

  it('delivers private topics to their user only', async () => {
    const a = await createDemo(t.app);
    const b = await createDemo(t.app);
    const ca = await open();
    const cb = await open();
    const guest = await open();
    for (const [c, token] of [
      [ca, a.token],
      [cb, b.token],
    ] as const) {
      c.send({ type: 'login', token, version: 1 });
      await c.next((m) => m.type === 'login_result');
      await c.subscribe(TOPICS.forexTrade);
    }
    await guest.subscribe(TOPICS.forexTrade);
    const live = [orderView(7, { FactProfits: '1.500000' })];
    t.app.ctx.bus.publish({ topic: TOPICS.forexTrade, data: live, userId: a.user.id });
    expect(await ca.next((m) => m.type === 'message')).toEqual({
      type: 'message',
      topic: 'FOREX_TRADE',
      data: live,
    });
    // Private events go out as they are published: whatever was sent to the others has arrived by their pong.
    await Promise.all([cb.barrier(), guest.barrier()]);
    expect(cb.messages.filter((m) => m.type === 'message')).toHaveLength(0);
    expect(guest.messages.filter((m) => m.type === 'message')).toHaveLength(0);
  });

  it('answers bad input with an error message and keeps the connection', async () => {
    const c = await open();
    c.send('not json');
    expect(await c.next((m) => m.type === 'error')).toMatchObject({ code: 1000 });
    c.send({ type: 'subscribe', topic: 'NOT_A_TOPIC' });
    expect(await c.next((m) => m.type === 'error' && m.code === 1001)).toBeTruthy();
    c.send({ type: 'ping', id: 1 });
    expect(await c.next((m) => m.type === 'pong')).toEqual({ type: 'pong', id: 1 });
  });

  it('refuses messages over 64 KB and foreign origins', async () => {
    const c = await open();
    c.send({ type: 'ping', id: 1, pad: 'x'.repeat(65 * 1024) });
    expect(await c.closed).toBe(1009);

    // A foreign Origin is refused at the upgrade: no socket is ever opened.
    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { origin: 'https://evil.example.org' } });
      ws.on('open', () => resolve(101));
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', reject);
    });
    expect(status).toBe(403);
  });
});

describe('two API nodes with Redis', () => {
  it('an event published on node A reaches its user connected to node B', async () => {
    if (!(await redisReachable('the two-node test'))) return;
    const a = await createTestApp('sqlite', {}, { redisUrl: REDIS_URL });
    // Node B shares node A's database file, as two API nodes share one database.
    const b = await createTestApp('sqlite', {}, { redisUrl: REDIS_URL, dataDir: a.config.dataDir });
    try {
      await (a.app.ctx.bus as { whenReady?: () => Promise<unknown> }).whenReady?.();
      await (b.app.ctx.bus as { whenReady?: () => Promise<unknown> }).whenReady?.();
      const demo = await createDemo(a.app);
      const c = await connect(await listen(b));
      c.send({ type: 'login', token: demo.token, version: 1 });
      expect(await c.next((m) => m.type === 'login_result')).toMatchObject({ code: 1 });
      await c.subscribe(TOPICS.forexClosed);
      const closed = orderView(99, { Status: 3, CloseReason: 'manual' });
      a.app.ctx.bus.publish({ topic: TOPICS.forexClosed, data: closed, userId: demo.user.id });
      expect(await c.next((m) => m.type === 'message')).toEqual({
        type: 'message',
        topic: 'FOREX_CLOSED',
        data: closed,
      });
      c.ws.terminate();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
