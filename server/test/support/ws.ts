/** A WebSocket test client for the realtime gateway: collects every frame, waits for the one a test expects. */
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { ServerMessage } from '@meridian/shared/pure';
import type { TestApp } from '../helpers';

export type WsClient = {
  ws: WebSocket;
  messages: ServerMessage[];
  send: (m: unknown) => void;
  next: (pred: (m: ServerMessage) => boolean, ms?: number) => Promise<ServerMessage>;
  /** Resolves once everything the server sent before it has arrived (a ping answered in order). */
  barrier: () => Promise<void>;
  closed: Promise<number>;
};

export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/v1/ws`;
}

export function connect(url: string): Promise<WsClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: ServerMessage[] = [];
    const waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('message', (raw) => {
      let m = JSON.parse(raw.toString()) as ServerMessage;
      // The chat's messages travel on the CHAT topic: the tests read them as they are.
      if (m.type === 'message' && m.topic === 'CHAT') m = m.data as ServerMessage;
      messages.push(m);
      for (const w of [...waiters]) {
        if (w.pred(m)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
    });
    let pings = 1_000_000;
    const client: WsClient = {
      ws,
      messages,
      closed,
      send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
      barrier: async () => {
        const id = ++pings;
        client.send({ type: 'ping', id });
        await client.next((m) => m.type === 'pong' && m.id === id);
      },
      next: (pred, ms = 4000) =>
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
