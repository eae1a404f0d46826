/** Talking to the scale cluster of tools/scale.mjs: its drill controls, the nodes' calls and sockets, PostgreSQL. */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Health, ServerMessage } from '@meridian/shared/pure';

// The server's own clients (ws, pg): the e2e package has no dependency of its own for them.
const serverRequire = createRequire(path.join(__dirname, '..', '..', 'server', 'package.json'));
type WsLike = {
  on(ev: 'message', cb: (raw: Buffer) => void): void;
  on(ev: 'open' | 'close', cb: () => void): void;
  on(ev: 'error', cb: (e: Error) => void): void;
  send(data: string): void;
  terminate(): void;
};
const WebSocketCtor = serverRequire('ws') as new (url: string) => WsLike;
export const pg = serverRequire('pg') as {
  Client: new (o: { connectionString: string; options?: string }) => {
    connect(): Promise<void>;
    query<R>(q: string, v?: unknown[]): Promise<{ rows: R[] }>;
    end(): Promise<void>;
  };
};

export const PROXY = process.env.SCALE_URL ?? 'http://127.0.0.1:8090';

export type ScaleState = {
  nodes: { name: 'a' | 'b'; port: number; alive: boolean }[];
  redis: { port: number; alive: boolean };
  schema: string;
  databaseUrl: string;
  figures: string;
  leaseTtlMs: number;
};

export async function state(): Promise<ScaleState> {
  return (await (await fetch(`${PROXY}/__scale/state`)).json()) as ScaleState;
}

export async function control(action: string): Promise<void> {
  const r = await fetch(`${PROXY}/__scale/${action}`, { method: 'POST' });
  if (!r.ok) throw new Error(`control ${action}: ${r.status} ${await r.text()}`);
}

export const nodeUrl = (port: number) => `http://127.0.0.1:${port}`;

export async function health(port: number): Promise<Health | null> {
  try {
    const r = await fetch(`${nodeUrl(port)}/healthz`, { headers: { connection: 'close' } });
    return ((await r.json()) as { data: Health }).data;
  } catch {
    return null;
  }
}

export type Env<T> = { code: number; msg: string; data: T };

export async function get<T>(base: string, url: string, token?: string, query: Record<string, unknown> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const r = await fetch(`${base}${url}${qs.size ? `?${qs.toString()}` : ''}`, {
    headers: { lang: 'en', ...(token ? { authorization: token } : {}) },
  });
  return (await r.json()) as Env<T>;
}

/** Poll until `pred` gives a value; fails after `ms` naming `what`. */
export async function until<T>(pred: () => Promise<T | null | undefined | false>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await pred();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export type Socket = {
  messages: { at: number; m: ServerMessage }[];
  send: (m: unknown) => void;
  next: (pred: (m: ServerMessage) => boolean, ms?: number) => Promise<{ at: number; m: ServerMessage }>;
  close: () => void;
};

export function socket(url: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocketCtor(url);
    const messages: { at: number; m: ServerMessage }[] = [];
    ws.on('message', (raw) =>
      messages.push({ at: Date.now(), m: JSON.parse(raw.toString()) as ServerMessage }),
    );
    ws.on('error', reject);
    const s: Socket = {
      messages,
      send: (m) => ws.send(JSON.stringify(m)),
      next: (pred, ms = 30_000) => until(async () => messages.find((x) => pred(x.m)), 'a socket message', ms),
      close: () => ws.terminate(),
    };
    ws.on('open', () => resolve(s));
  });
}

export async function loggedInSocket(url: string, token: string, topics: string[]): Promise<Socket> {
  const s = await socket(url);
  s.send({ type: 'login', token, version: 1 });
  const r = await s.next((m) => m.type === 'login_result');
  if (r.m.type !== 'login_result' || r.m.code !== 1) throw new Error(`socket login: ${JSON.stringify(r.m)}`);
  for (const topic of topics) {
    s.send({ type: 'subscribe', topic });
    await s.next((m) => m.type === 'subscribed' && m.topic === topic);
  }
  return s;
}
