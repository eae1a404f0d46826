/** A WebSocket test client over a real socket: waits for messages by predicate, barriers with ping/pong. */
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { ServerMessage, Topic } from '@meridian/shared/pure';
import type { FastifyInstance } from 'fastify';

export type WsClient = {
  ws: WebSocket;
  messages: ServerMessage[];
  next: (pred: (m: ServerMessage) => boolean, ms?: number) => Promise<ServerMessage>;
  send: (m: unknown) => void;
  subscribe: (topic: Topic) => Promise<void>;
  /** Resolves once everything the server sent before it has arrived (a ping answered in order). */
  barrier: () => Promise<void>;
  login: (token: string) => Promise<ServerMessage>;
  closed: Promise<number>;
};

export async function wsUrl(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/v1/ws`;
}

/** Open a socket; rejects with the HTTP status when the upgrade is refused. */
export function wsConnect(url: string, headers: Record<string, string> = {}): Promise<WsClient> {
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
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    let pings = 1_000_000;
    const client: WsClient = {
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
      login: async (token) => {
        const before = messages.length;
        client.send({ type: 'login', token, version: 1 });
        return client.next((m) => m.type === 'login_result' && messages.indexOf(m) >= before);
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
