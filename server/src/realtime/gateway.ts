/**
 * The realtime gateway `/v1/ws` (docs/realtime.md) on the protocol of `@meridian/shared/pure`: login with the session token,
 * ping/pong, subscribe (acknowledged with `subscribed`) and unsubscribe. Topics: DAY_MARKET and KLINE.{code} are public market data, coalesced (one
 * message per flush with the latest value per instrument) and, for a client whose send buffer is full, held back
 * and merged until it drains; FOREX_TRADE, FOREX_CLOSED, PRICE_ALERT and NOTIFICATION are private to their user and are never dropped.
 * A signed-in socket is logged out when its session ends (revocation events, and a re-check every
 * SESSION_RECHECK_MS: docs/realtime.md#revocation). Limits aim at abuse, not at addresses (one address may be a carrier's
 * NAT): socket upgrades per IP per minute, signed-in sockets per session, sockets that are not signed in per IP (all
 * in config, docs/ops.md#realtime-socket-limits); logins are limited per IP like the HTTP login. Every signed-in socket
 * is announced to `ctx.presence` (realtime/presence.ts), which Web Push asks before waking a phone.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { CODE_OK, CODE_SESSION_EXPIRED, ERROR_CODES, isTopic, TOPICS } from '@meridian/shared/pure';
import type { ClientMessage, Language, ServerMessage, Topic } from '@meridian/shared/pure';
import type { AppContext } from '../context';
import { findSessionUser, isTokenShape, sessionAlive } from '../lib/auth';
import { envelope } from '../lib/envelope';
import { AppError } from '../lib/errors';
import { requestLanguage } from '../lib/i18n';
import { enforceLimit } from '../lib/limits';
import { originAllowed } from '../lib/origins';
import { MemoryRateLimiter } from '../lib/rate-limit';
import type { BusEvent, EventBus } from './bus';
import { revokedUserOf } from './revocation';

export const MAX_MESSAGE_BYTES = 64 * 1024;
/** Market data is held back for a client with more than this waiting in its send buffer. */
export const HIGH_WATER_BYTES = 256 * 1024;
/** How often coalesced market data goes out. */
export const FLUSH_MS = 100;
/** A client that sends nothing (not even a ping) for this long is gone. */
export const IDLE_TIMEOUT_MS = 30_000;
/** A signed-in socket re-checks its session this often (revocation events cover the normal case at once). */
export const SESSION_RECHECK_MS = 60_000;

const PRIVATE_TOPICS: ReadonlySet<string> = new Set([
  TOPICS.forexTrade,
  TOPICS.forexClosed,
  TOPICS.priceAlert,
  TOPICS.notification,
]);

/** What a message extension sees of one socket (see {@link RealtimeExtension}). */
export type SocketHandle = {
  /** The user of the accepted login on this socket, or null; read it on every message (a login may change it). */
  readonly userId: number | null;
  /** The session of that login (null when none): an extension that acts for the user re-checks it. */
  readonly sessionId: number | null;
  /** The reader's language: the last accepted `login`'s `lang`, else the socket's `?lang=`. */
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
  /** The session the socket logged in with, re-checked on revocation events and every SESSION_RECHECK_MS. */
  sessionId: number | null;
  checkedAt: number;
  ip: string;
  topics: Set<Topic>;
  /** Market data not yet delivered because the client was slow: latest per key. */
  backlog: Map<string, { topic: Topic; item: unknown }>;
  lastSeen: number;
};

/** Key under which market data coalesces: one value per instrument (and per period for candles). */
function coalesceKey(topic: string, item: unknown): string {
  const x = item as { Code?: string; code?: string; period?: string };
  return `${topic}|${x.Code ?? x.code ?? ''}|${x.period ?? ''}`;
}

/**
 * What a frame carried, for the frames-sent counter (GET /metrics): public market data (DAY_MARKET, KLINE), a
 * private topic (orders, the extensions' topics), or anything else (answers to the client's own messages).
 */
export type FrameKind = 'market' | 'private' | 'other';

export type Gateway = {
  connections: () => number;
  /** Frames written to sockets on this node since start, by kind (a counter: it only grows). */
  framesSent: () => Readonly<Record<FrameKind, number>>;
  /** Re-check every signed-in socket's session now (tests; the timer does it every SESSION_RECHECK_MS). */
  recheckSessions: () => Promise<void>;
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

  const sent: Record<FrameKind, number> = { market: 0, private: 0, other: 0 };
  const send = (c: Conn, msg: ServerMessage | string, kind: FrameKind = 'other') => {
    if (c.socket.readyState !== c.socket.OPEN) return;
    c.socket.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
    sent[kind] += 1;
  };

  /** Sockets not signed in, per client IP (the cap of WS_ANONYMOUS_SOCKETS_PER_IP). */
  const anonymousPerIp = new Map<string, number>();
  /** Signed-in sockets per session (the cap of WS_SOCKETS_PER_SESSION: one trader's tabs). */
  const perSession = new Map<number, number>();
  /** Upgrades per IP and minute, counted on this node (a Redis outage must not close the door to every socket). */
  const upgrades = new MemoryRateLimiter(ctx.now);
  const limits = {
    connectsPerMinute: Math.max(
      1,
      Math.round(ctx.config.wsConnectsPerIpPerMinute * ctx.config.rateLimitScale),
    ),
    perSession: ctx.config.wsSocketsPerSession,
    anonymousPerIp: ctx.config.wsAnonymousSocketsPerIp,
  };
  const bump = <K>(m: Map<K, number>, k: K, by: number) => {
    const n = (m.get(k) ?? 0) + by;
    if (n <= 0) m.delete(k);
    else m.set(k, n);
  };
  /** Every change of a socket's login goes through here, so the counts above always match the sockets. */
  const setSession = (c: Conn, userId: number | null, sessionId: number | null) => {
    if (!conns.has(c)) {
      // Closed meanwhile (a login answered after the close): nothing is counted for it any more.
      c.userId = sessionId === null ? null : userId;
      c.sessionId = sessionId;
      return;
    }
    if (c.sessionId === null) bump(anonymousPerIp, c.ip, -1);
    else {
      bump(perSession, c.sessionId, -1);
      if (c.userId !== null) ctx.presence.leave(c.userId);
    }
    c.userId = sessionId === null ? null : userId;
    c.sessionId = sessionId;
    if (c.sessionId === null) bump(anonymousPerIp, c.ip, 1);
    else {
      bump(perSession, c.sessionId, 1);
      if (c.userId !== null) ctx.presence.join(c.userId);
    }
  };

  const logOut = (c: Conn) => {
    setSession(c, null, null);
    send(c, { type: 'login_result', code: CODE_SESSION_EXPIRED, msg: ctx.i18n.t(c.lang, 'session.expired') });
  };

  /** Log out every socket (of `userId`, or all) whose session is no longer live. */
  const recheck = async (userId: number | null) => {
    const now = ctx.now();
    const checks: Promise<void>[] = [];
    for (const c of conns) {
      const sessionId = c.sessionId;
      if (sessionId === null || (userId !== null && c.userId !== userId)) continue;
      c.checkedAt = now;
      checks.push(
        sessionAlive(ctx, sessionId).then(
          (alive) => {
            // Still the same login (the client may have logged in again meanwhile).
            if (!alive && c.sessionId === sessionId) logOut(c);
          },
          () => undefined,
        ),
      );
    }
    await Promise.all(checks);
  };

  const unsubscribeBus = bus.subscribe((event: BusEvent) => {
    const revoked = revokedUserOf(event);
    if (revoked !== null) {
      void recheck(revoked);
      return;
    }
    if (isPrivate(event.topic)) {
      if (event.userId == null) return;
      // Serialised only when this node holds a socket of that user: most private events have no reader here.
      let frame: string | undefined;
      for (const c of conns) {
        if (c.userId !== event.userId || !c.topics.has(event.topic as Topic)) continue;
        frame ??= JSON.stringify({ type: 'message', topic: event.topic, data: event.data });
        send(c, frame, 'private');
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
      else if (c.sessionId !== null && now - c.checkedAt >= SESSION_RECHECK_MS) {
        const sessionId = c.sessionId;
        c.checkedAt = now;
        void sessionAlive(ctx, sessionId).then(
          (alive) => {
            if (!alive && c.sessionId === sessionId) logOut(c);
          },
          () => undefined,
        );
      }
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
        for (const [topic, data] of frames(merged.values()))
          send(c, { type: 'message', topic, data }, 'market');
        continue;
      }
      for (const [topic, frame] of shared) if (c.topics.has(topic)) send(c, frame, 'market');
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
        // As the HTTP login: a per-IP limit (its own bucket), and no lookup for what cannot be a token.
        try {
          await enforceLimit(ctx, 'loginPerIp', `ws:${c.ip}`);
        } catch (err) {
          const e = err instanceof AppError ? err : null;
          setSession(c, null, null);
          send(c, {
            type: 'error',
            code: e?.code ?? ERROR_CODES.unavailable,
            msg: ctx.i18n.t(c.lang, e?.key ?? 'error.unavailable', e?.params ?? {}),
          });
          return;
        }
        // The reader's language from now on (a login is sent again when it changes).
        if (typeof msg.lang === 'string') c.lang = requestLanguage(msg.lang);
        const user = isTokenShape(msg.token) ? await findSessionUser(ctx, msg.token).catch(() => null) : null;
        if (
          user &&
          user.sessionId !== c.sessionId &&
          (perSession.get(user.sessionId) ?? 0) >= limits.perSession
        ) {
          // One session's tabs: the socket stays as it was (signed out) and the page is told why.
          setSession(c, null, null);
          send(c, {
            type: 'error',
            code: ERROR_CODES.rateLimited,
            msg: ctx.i18n.t(c.lang, 'error.tooManyTabs'),
          });
          return;
        }
        setSession(c, user?.id ?? null, user?.sessionId ?? null);
        c.checkedAt = ctx.now();
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

  // Refused before the upgrade (HTTP 429): an IP over its upgrades a minute, or with its cap of sockets that are
  // not signed in open on this node.
  const admit = async (req: FastifyRequest, reply: FastifyReply) => {
    const hit = await upgrades.hit(req.ip, limits.connectsPerMinute, 60_000);
    const seconds = hit.allowed ? 60 : hit.retryAfterSec;
    if (!hit.allowed || (anonymousPerIp.get(req.ip) ?? 0) >= limits.anonymousPerIp) {
      const lang = requestLanguage(req.headers.lang as string | undefined);
      return reply
        .code(429)
        .header('Retry-After', String(seconds))
        .send(envelope(ERROR_CODES.rateLimited, ctx.i18n.t(lang, 'error.rateLimited', { seconds }), null));
    }
    return undefined;
  };

  const wsHandler = (socket: WebSocket, req: FastifyRequest) => {
    const ip = req.ip;
    let counted = true;
    const release = () => {
      conns.delete(c);
      if (!counted) return;
      counted = false;
      if (c.sessionId === null) bump(anonymousPerIp, c.ip, -1);
      else {
        bump(perSession, c.sessionId, -1);
        if (c.userId !== null) ctx.presence.leave(c.userId);
      }
    };
    const lang = requestLanguage(
      (req.query as { lang?: string } | undefined)?.lang ?? (req.headers.lang as string | undefined),
    );
    const c: Conn = {
      socket,
      handle: {
        get userId() {
          return c.userId;
        },
        get sessionId() {
          return c.sessionId;
        },
        get lang() {
          return c.lang;
        },
        ip: req.ip,
        send: (m) => send(c, m),
      },
      lang,
      userId: null,
      sessionId: null,
      checkedAt: ctx.now(),
      ip,
      topics: new Set(),
      backlog: new Map(),
      lastSeen: ctx.now(),
    };
    conns.add(c);
    bump(anonymousPerIp, ip, 1);
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        send(c, { type: 'error', code: ERROR_CODES.badRequest, msg: ctx.i18n.t(c.lang, 'error.badRequest') });
        return;
      }
      onMessage(c, data.toString()).catch(() =>
        send(c, { type: 'error', code: ERROR_CODES.internal, msg: ctx.i18n.t(c.lang, 'error.internal') }),
      );
    });
    let closed = false;
    const gone = () => {
      if (closed) return;
      closed = true;
      release();
      for (const e of extensions) e.onClose?.(c.handle);
    };
    socket.on('close', gone);
    socket.on('error', gone);
  };

  app.route({
    method: 'GET',
    url: '/v1/ws',
    // Refused at the upgrade, before any socket exists: a foreign Origin (HTTP 403), then the per-IP limits (429).
    preValidation: async (req, reply) => {
      if (!originAllowed(req.headers.origin, req.headers.host, ctx.config.allowedOrigins)) {
        return reply
          .code(403)
          .send(envelope(ERROR_CODES.forbidden, ctx.i18n.t(req.lang, 'error.forbidden'), null));
      }
      return admit(req, reply);
    },
    // A plain HTTP request (no upgrade) answers the envelope too.
    handler: async (req, reply) =>
      reply.code(426).send(envelope(ERROR_CODES.badRequest, ctx.i18n.t(req.lang, 'error.badRequest'), null)),
    wsHandler,
  });

  const gateway: Gateway = {
    connections: () => conns.size,
    framesSent: () => sent,
    recheckSessions: () => recheck(null),
    onlineUsers: () => new Set([...conns].map((c) => c.userId).filter((id) => id !== null)).size,
    close: () => {
      clearInterval(timer);
      unsubscribeBus();
      for (const c of conns) c.socket.close(1001, 'server shutting down');
      conns.clear();
      anonymousPerIp.clear();
      perSession.clear();
      void upgrades.close();
    },
  };
  app.addHook('onClose', async () => gateway.close());
  return gateway;
}
