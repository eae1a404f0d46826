/**
 * The realtime gateway `/v1/ws` (spec §4) on the protocol of `@meridian/shared/pure`: login with the session token,
 * ping/pong, subscribe (acknowledged with `subscribed`) and unsubscribe. Topics: DAY_MARKET and KLINE.{code} are public market data, coalesced (one
 * message per flush with the latest value per instrument) and, for a client whose send buffer is full, held back
 * and merged until it drains; FOREX_TRADE and FOREX_CLOSED are private to their user and are never dropped.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { CODE_OK, CODE_SESSION_EXPIRED, ERROR_CODES, isTopic, TOPICS } from '@meridian/shared/pure';
import type { ClientMessage, Language, ServerMessage, Topic } from '@meridian/shared/pure';
import type { AppContext } from '../context';
import { findSessionUser } from '../lib/auth';
import { requestLanguage } from '../lib/i18n';
import type { BusEvent, EventBus } from './bus';

export const MAX_MESSAGE_BYTES = 64 * 1024;
/** Market data is held back for a client with more than this waiting in its send buffer. */
export const HIGH_WATER_BYTES = 256 * 1024;
/** How often coalesced market data goes out. */
export const FLUSH_MS = 100;
/** A client that sends nothing (not even a ping) for this long is gone. */
export const IDLE_TIMEOUT_MS = 30_000;

const PRIVATE_TOPICS: ReadonlySet<string> = new Set([TOPICS.forexTrade, TOPICS.forexClosed]);

/** What a message extension sees of one socket (see {@link RealtimeExtension}). */
export type SocketHandle = {
  /** The user of the accepted login on this socket, or null; read it on every message (a login may change it). */
  readonly userId: number | null;
  readonly lang: Language;
  readonly ip: string;
  send: (msg: ServerMessage) => void;
};

/**
 * A family of client messages handled outside the gateway (the support chat's `chat.*`): the gateway hands every
 * message whose `type` starts with `prefix` to `onMessage`, and tells `onClose` when the socket goes.
 */
export type RealtimeExtension = {
  prefix: string;
  /** Private topics of the extension (delivered like FOREX_CLOSED: to their user only, never dropped). */
  topics?: readonly string[];
  onMessage: (socket: SocketHandle, msg: { type: string } & Record<string, unknown>) => Promise<void> | void;
  onClose?: (socket: SocketHandle) => void;
};

type Conn = {
  socket: WebSocket;
  handle: SocketHandle;
  lang: Language;
  userId: number | null;
  topics: Set<Topic>;
  /** Market data not yet delivered because the client was slow: latest per key. */
  backlog: Map<string, { topic: Topic; item: unknown }>;
  lastSeen: number;
};

/** Same origin, or a sibling subdomain of the same site (www.x.com -> api.x.com); no Origin (non-browser) is fine. */
export function originAllowed(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true;
  if (!host) return false;
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  const reqHost = host.split(':')[0] ?? '';
  if (o.hostname === reqHost) return true;
  const parent = (h: string) => h.split('.').slice(1).join('.');
  const p = parent(reqHost);
  return p.includes('.') && parent(o.hostname) === p;
}

/** Key under which market data coalesces: one value per instrument (and per period for candles). */
function coalesceKey(topic: string, item: unknown): string {
  const x = item as { Code?: string; code?: string; period?: string };
  return `${topic}|${x.Code ?? x.code ?? ''}|${x.period ?? ''}`;
}

export type Gateway = {
  connections: () => number;
  /** Distinct signed-in users with a socket on this node. */
  onlineUsers: () => number;
  close: () => void;
};

export async function registerRealtime(
  app: FastifyInstance,
  ctx: AppContext,
  bus: EventBus,
  extensions: readonly RealtimeExtension[] = [],
): Promise<Gateway> {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  const conns = new Set<Conn>();
  const extensionTopics: ReadonlySet<string> = new Set(extensions.flatMap((e) => e.topics ?? []));
  const isPrivate = (topic: string) => PRIVATE_TOPICS.has(topic) || extensionTopics.has(topic);
  /** Market data gathered since the last flush, by topic: latest per key. */
  let pending = new Map<string, { topic: Topic; item: unknown }>();

  const send = (c: Conn, msg: ServerMessage | string) => {
    if (c.socket.readyState !== c.socket.OPEN) return;
    c.socket.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  };

  const unsubscribeBus = bus.subscribe((event: BusEvent) => {
    if (isPrivate(event.topic)) {
      if (event.userId == null) return;
      // Serialised only when this node holds a socket of that user: most private events have no reader here.
      let frame: string | undefined;
      for (const c of conns) {
        if (c.userId !== event.userId || !c.topics.has(event.topic as Topic)) continue;
        frame ??= JSON.stringify({ type: 'message', topic: event.topic, data: event.data });
        send(c, frame);
      }
      return;
    }
    const items = Array.isArray(event.data) ? event.data : [event.data];
    for (const item of items)
      pending.set(coalesceKey(event.topic, item), { topic: event.topic as Topic, item });
  });

  /** Group entries by topic into one frame per topic. */
  const frames = (entries: Iterable<{ topic: Topic; item: unknown }>): Map<Topic, unknown[]> => {
    const byTopic = new Map<Topic, unknown[]>();
    for (const { topic, item } of entries) {
      const list = byTopic.get(topic);
      if (list) list.push(item);
      else byTopic.set(topic, [item]);
    }
    return byTopic;
  };

  const flush = () => {
    const now = ctx.now();
    for (const c of conns) {
      if (now - c.lastSeen > IDLE_TIMEOUT_MS) c.socket.terminate();
    }
    if (pending.size === 0 && ![...conns].some((c) => c.backlog.size > 0)) return;
    const batch = pending;
    pending = new Map();
    // Serialise each topic's frame once for all the clients that take it as is.
    const shared = new Map<Topic, string>();
    for (const [topic, data] of frames(batch.values())) {
      shared.set(topic, JSON.stringify({ type: 'message', topic, data }));
    }
    for (const c of conns) {
      if (c.socket.bufferedAmount > HIGH_WATER_BYTES) {
        for (const [k, v] of batch) if (c.topics.has(v.topic)) c.backlog.set(k, v);
        continue;
      }
      if (c.backlog.size > 0) {
        for (const [k, v] of batch) if (c.topics.has(v.topic)) c.backlog.set(k, v);
        const merged = c.backlog;
        c.backlog = new Map();
        for (const [topic, data] of frames(merged.values())) send(c, { type: 'message', topic, data });
        continue;
      }
      for (const [topic, frame] of shared) if (c.topics.has(topic)) send(c, frame);
    }
  };
  const timer = setInterval(flush, FLUSH_MS);
  timer.unref();

  const onMessage = async (c: Conn, raw: string) => {
    c.lastSeen = ctx.now();
    let msg: ClientMessage;
    try {
      msg = JSON.parse(raw) as ClientMessage;
    } catch {
      send(c, { type: 'error', code: ERROR_CODES.badRequest, msg: ctx.i18n.t(c.lang, 'error.badRequest') });
      return;
    }
    if (typeof msg !== 'object' || msg === null || typeof msg.type !== 'string') {
      send(c, { type: 'error', code: ERROR_CODES.badRequest, msg: ctx.i18n.t(c.lang, 'error.badRequest') });
      return;
    }
    switch (msg.type) {
      case 'ping':
        send(c, { type: 'pong', id: typeof msg.id === 'number' ? msg.id : 0 });
        return;
      case 'login': {
        const token = typeof msg.token === 'string' ? msg.token : '';
        const user = token ? await findSessionUser(ctx, token).catch(() => null) : null;
        c.userId = user?.id ?? null;
        send(
          c,
          user
            ? { type: 'login_result', code: CODE_OK, msg: 'ok' }
            : {
                type: 'login_result',
                code: CODE_SESSION_EXPIRED,
                msg: ctx.i18n.t(c.lang, 'session.expired'),
              },
        );
        return;
      }
      case 'subscribe':
      case 'unsubscribe': {
        if (!isTopic(msg.topic) && !extensionTopics.has(msg.topic as string)) {
          send(c, {
            type: 'error',
            code: ERROR_CODES.validation,
            msg: ctx.i18n.t(c.lang, 'error.badRequest'),
          });
          return;
        }
        if (msg.type === 'subscribe') {
          c.topics.add(msg.topic);
          // From now on every message of the topic reaches this socket: clients (and tests) can rely on it.
          send(c, { type: 'subscribed', topic: msg.topic });
        } else c.topics.delete(msg.topic);
        return;
      }
      default: {
        const type = (msg as { type: string }).type;
        const ext = extensions.find((e) => type.startsWith(e.prefix));
        if (ext) {
          await ext.onMessage(c.handle, msg as { type: string } & Record<string, unknown>);
          return;
        }
        send(c, { type: 'error', code: ERROR_CODES.badRequest, msg: ctx.i18n.t(c.lang, 'error.badRequest') });
      }
    }
  };

  app.get('/v1/ws', { websocket: true }, (socket: WebSocket, req: FastifyRequest) => {
    if (!originAllowed(req.headers.origin, req.headers.host)) {
      socket.close(1008, 'origin not allowed');
      return;
    }
    const lang = requestLanguage(
      (req.query as { lang?: string } | undefined)?.lang ?? (req.headers.lang as string | undefined),
    );
    const c: Conn = {
      socket,
      handle: {
        get userId() {
          return c.userId;
        },
        lang,
        ip: req.ip,
        send: (m) => send(c, m),
      },
      lang,
      userId: null,
      topics: new Set(),
      backlog: new Map(),
      lastSeen: ctx.now(),
    };
    conns.add(c);
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        send(c, { type: 'error', code: ERROR_CODES.badRequest, msg: ctx.i18n.t(c.lang, 'error.badRequest') });
        return;
      }
      onMessage(c, data.toString()).catch(() =>
        send(c, { type: 'error', code: ERROR_CODES.internal, msg: ctx.i18n.t(c.lang, 'error.internal') }),
      );
    });
    const gone = () => {
      if (!conns.delete(c)) return;
      for (const e of extensions) e.onClose?.(c.handle);
    };
    socket.on('close', gone);
    socket.on('error', gone);
  });

  const gateway: Gateway = {
    connections: () => conns.size,
    onlineUsers: () => new Set([...conns].map((c) => c.userId).filter((id) => id !== null)).size,
    close: () => {
      clearInterval(timer);
      unsubscribeBus();
      for (const c of conns) c.socket.close(1001, 'server shutting down');
      conns.clear();
    },
  };
  app.addHook('onClose', async () => gateway.close());
  return gateway;
}
