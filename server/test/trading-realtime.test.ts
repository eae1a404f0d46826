/**
 * End to end over real HTTP and a real WebSocket: open a position, receive FOREX_TRADE P/L updates, drive the price
 * through the take profit, receive FOREX_CLOSED, and see the ledger rows through forexChange. Another user's socket
 * receives none of it.
 */
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { TOPICS } from '@meridian/shared/pure';
import { MODES } from './helpers';
import { fundedUser, tradingApp } from './support/trading';
import type { TradingApp } from './support/trading';

type Msg = { type: string; topic?: string; data?: unknown; code?: number };

function connect(url: string) {
  const ws = new WebSocket(url);
  const messages: Msg[] = [];
  const waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void }[] = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as Msg;
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const next = (pred: (m: Msg) => boolean, ms = 4000) =>
    new Promise<Msg>((resolve, reject) => {
      const seen = messages.find(pred);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error('no matching message')), ms);
      waiters.push({
        pred,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  const opened = new Promise<void>((r, j) => {
    ws.on('open', () => r());
    ws.on('error', j);
  });
  return { ws, messages, next, opened, send: (m: unknown) => ws.send(JSON.stringify(m)) };
}

async function httpGet(base: string, path: string, token: string) {
  const res = await fetch(`${base}${path}`, { headers: { authorization: token, lang: 'en' } });
  return (await res.json()) as { code: number; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe.each(MODES)('trading over HTTP and WebSocket (%s)', (mode) => {
  let x: TradingApp;
  let base: string;
  beforeAll(async () => {
    x = await tradingApp(mode);
    await x.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = x.app.server.address() as AddressInfo;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await x.t.close();
  });

  it('pushes live P/L, the TP close and shows the ledger', async () => {
    const u = await fundedUser(x.app, 100_000_00);
    const other = await fundedUser(x.app, 100_000_00);
    const url = `${base.replace('http', 'ws')}/v1/ws`;
    const c = connect(url);
    const spy = connect(url);
    await Promise.all([c.opened, spy.opened]);
    for (const [cl, tok] of [
      [c, u.token],
      [spy, other.token],
    ] as const) {
      cl.send({ type: 'login', token: tok, version: 1 });
      await cl.next((m) => m.type === 'login_result' && m.code === 1);
      cl.send({ type: 'subscribe', topic: TOPICS.forexTrade });
      cl.send({ type: 'subscribe', topic: TOPICS.forexClosed });
      await cl.next((m) => m.type === 'subscribed' && m.topic === TOPICS.forexTrade);
      await cl.next((m) => m.type === 'subscribed' && m.topic === TOPICS.forexClosed);
    }

    const open = await httpGet(
      base,
      '/v1/api/forex/submit?type=1&cont=0.1&forex_id=1&status=1&multiple=100&target_profit_price=1.11',
      u.token,
    );
    expect(open.code).toBe(1);
    const id = open.data.Id as number;

    x.market.setPrice('EURUSD', 1.105, 1.1052);
    const upd = await c.next(
      (m) =>
        m.type === 'message' &&
        m.topic === TOPICS.forexTrade &&
        Array.isArray(m.data) &&
        (m.data as { Id: number; FactProfits: string }[]).some(
          (o) => o.Id === id && o.FactProfits === '48.000000',
        ),
    );
    expect(upd.type).toBe('message');
    x.market.setPrice('EURUSD', 1.107, 1.1072);
    await c.next(
      (m) =>
        m.type === 'message' &&
        m.topic === TOPICS.forexTrade &&
        Array.isArray(m.data) &&
        (m.data as { Id: number; FactProfits: string }[]).some(
          (o) => o.Id === id && o.FactProfits === '68.000000',
        ),
    );

    x.market.setPrice('EURUSD', 1.1101, 1.1103);
    const closed = await c.next((m) => m.type === 'message' && m.topic === TOPICS.forexClosed);
    expect(closed.data).toMatchObject({
      Id: id,
      Status: 3,
      CloseReason: 'tp',
      ClosePrice: '1.11010',
      FactProfits: '99.000000',
    });

    const log = await httpGet(base, '/v1/api/main/accountLog/forexChange?page=1', u.token);
    expect(log.data.list.slice(0, 2)).toEqual([
      expect.objectContaining({ Type: 6, Value: '99.00', MemoTran: `Profit/loss of order ${id}` }),
      expect.objectContaining({ Type: 4, Value: '110.02' }),
    ]);
    const bal = await httpGet(base, '/v1/api/main/wallet/getBalance', u.token);
    expect(bal.data).toEqual({ balance: '100098.95', lock_balance: '0.00' });

    expect(spy.messages.filter((m) => m.type === 'message')).toEqual([]);
    c.ws.close();
    spy.ws.close();
    expect(x.engine.errors).toEqual([]);
  });
});
