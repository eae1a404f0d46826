/**
 * The chat over the realtime socket (docs/realtime.md#chat): the `chat.*` messages the gateway hands over, the
 * sockets joined to each conversation on this node, and the relay through the event bus so that a message stored
 * on one API node reaches the trader and the agents connected to any node.
 */
import {
  CHAT_CLIENT_ID_PATTERN,
  CHAT_MAX_TEXT,
  CHAT_TOPIC,
  DEFAULT_LANGUAGE,
  ERROR_CODES,
  SUPPORT_UNREAD_TOPIC,
  VISITOR_ID_PATTERN,
  withinSupportHours,
} from '@meridian/shared/pure';
import type { ChatMessage, OpsRole, ServerChatMessage, SupportHours } from '@meridian/shared/pure';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { BusEvent } from '../../realtime/bus';
import { SESSION_RECHECK_MS } from '../../realtime/gateway';
import type { RealtimeExtension, SocketHandle } from '../../realtime/gateway';
import { revokedOpsOf, revokedUserOf } from '../../realtime/revocation';
import { getSetting } from '../content';
import { appendAudit } from '../ops';
import type { OpsActor } from '../ops';
import * as repo from './repository';

export const SUPPORT_BUS_TOPIC = 'internal.support';
/** An agent message still unread after this long is e-mailed to the trader (logged-in traders with an e-mail). */
export const OFFLINE_MAIL_DELAY_MS = 2 * 60_000;
export const SUPPORT_ROLES: readonly OpsRole[] = ['support'];
/** How often the chat looks for agent sessions past their idle or absolute limit (an in-memory scan). */
export const RECHECK_TICK_MS = 500;

/** What travels between nodes: one frame for the sockets of one conversation. */
type Relay = {
  conversation: number;
  channel: 'chat' | 'feedback';
  userId: number | null;
  visitorId: string | null;
  frame: ServerChatMessage;
  /** Agents' inbox lists reload this row. */
  inbox?: boolean;
};

type TraderJoin = {
  kind: 'trader';
  /** Who joined: the user of the join's token, else of the socket's login, else a visitor (null). */
  userId: number | null;
  /** The session that made the socket `userId` (null for a visitor): the chat identity lives as long as it does. */
  sessionId: number | null;
  /** Joined under the socket's login (no token): a later login on the socket needs a new join. */
  fromLogin: boolean;
  visitorId: string | null;
  /** The visitor id the join carried: what the socket falls back to when its session ends. */
  fallbackVisitor: string | null;
  conversation: number | null;
  checkedAt: number;
};
type AgentJoin = {
  kind: 'agent';
  actor: OpsActor;
  watching: Set<number>;
  /** When the ops session ends unless used again (idle or absolute limit): re-checked then. */
  endsAt: number;
  checkedAt: number;
};

export type ChatDeps = {
  ctx: AppContext;
  findUser: (token: string) => Promise<{ id: number; sessionId: number } | null>;
  /** The live session of a trader socket (not revoked, not expired). */
  sessionAlive: (sessionId: number) => Promise<boolean>;
  /** The live ops session of an ops token, and the same by session id (`touch`: a use pushes the idle clock). */
  findAgent: (token: string) => Promise<{ actor: OpsActor; endsAt: number } | null>;
  agentSession: (sessionId: number, touch: boolean) => Promise<{ actor: OpsActor; endsAt: number } | null>;
  /** Use the sender's upload as a chat image (uploads' `claimUpload`): false when it is not theirs or for another use. */
  chatImage: (ownerId: number, url: string) => Promise<boolean>;
  offlineMailDelayMs?: number;
};

const clientId = z.string().regex(CHAT_CLIENT_ID_PATTERN);
const convId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const joinMsg = z.object({
  token: z.string().min(1).max(200).optional(),
  visitor: z.string().regex(VISITOR_ID_PATTERN).optional(),
  conversation: convId.optional(),
});
const sendMsg = z.object({
  client_id: clientId,
  text: z.string().max(CHAT_MAX_TEXT),
  image: z.string().max(200).optional(),
  conversation: convId.optional(),
});
const typingMsg = z.object({ typing: z.boolean(), conversation: convId.optional() });
const readMsg = z.object({ up_to: convId, conversation: convId.optional() });
const historyMsg = z.object({ before: convId, conversation: convId.optional() });
const agentMsg = z.object({ token: z.string().min(1).max(200) });

export const isSupportAgent = (roles: readonly OpsRole[]) =>
  roles.includes('admin') || roles.includes('support');

export type Chat = {
  extension: RealtimeExtension;
  /** Tell every node's sockets of a conversation (and the agents' inbox) what changed. */
  publish: (relay: Relay) => void;
  /** A status or assignment change made by an ops call. */
  statusChanged: (conversationId: number) => Promise<void>;
  /** Store and deliver an agent's reply (from the socket or an ops call). */
  agentReply: (
    actor: { id: number; email: string; roles: string },
    ip: string,
    conversationId: number,
    body: { client_id: string; text: string },
  ) => Promise<ChatMessage>;
  /** A message stored by a call (feedback): let the inbox know. */
  newConversation: (conversationId: number) => void;
  close: () => void;
};

class ChatError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
  ) {
    super(key);
  }
}

export function createChat(deps: ChatDeps): Chat {
  const { ctx } = deps;
  const db = ctx.db;
  const t = ctx.i18n.t;
  const joins = new Map<SocketHandle, TraderJoin | AgentJoin>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const mailDelay = deps.offlineMailDelayMs ?? OFFLINE_MAIL_DELAY_MS;

  const publish = (relay: Relay) => ctx.bus.publish({ topic: SUPPORT_BUS_TOPIC, data: relay });

  const deliver = (relay: Relay) => {
    for (const [h, j] of joins) {
      if (j.kind === 'agent') {
        if (j.watching.has(relay.conversation)) h.send(relay.frame);
        if (relay.inbox) h.send({ type: 'chat.inbox', conversation: relay.conversation });
        continue;
      }
      if (j.fromLogin && j.userId !== h.userId) continue;
      if (j.conversation === null) {
        // A socket that joined before the conversation existed adopts it when its first message is stored.
        const mine =
          (relay.userId !== null && j.userId === relay.userId) ||
          (relay.userId === null &&
            j.userId === null &&
            j.visitorId !== null &&
            j.visitorId === relay.visitorId);
        if (!mine || relay.channel !== 'chat') continue;
        j.conversation = relay.conversation;
      }
      if (j.conversation === relay.conversation) h.send(relay.frame);
    }
  };

  const unsubscribe = ctx.bus.subscribe((event: BusEvent) => {
    const user = revokedUserOf(event);
    if (user !== null) {
      void recheckWhere((j) => j.kind === 'trader' && j.userId === user);
      return;
    }
    const ops = revokedOpsOf(event);
    if (ops !== null) {
      void recheckWhere((j) => j.kind === 'agent' && j.actor.id === ops);
      return;
    }
    if (event.topic !== SUPPORT_BUS_TOPIC) return;
    deliver(event.data as Relay);
  });
  // Sessions that end without an event: an agent's idle or absolute limit is re-checked the second it passes, and
  // every identity every SESSION_RECHECK_MS (an event lost while Redis was away, a change made by the CLI).
  const ticker = setInterval(() => {
    void recheckWhere(
      (j, now) => now - j.checkedAt >= SESSION_RECHECK_MS || (j.kind === 'agent' && now >= j.endsAt),
    );
  }, RECHECK_TICK_MS);
  ticker.unref?.();

  const fail = (h: SocketHandle, code: number, key: string, client?: string) =>
    h.send({ type: 'chat.error', code, msg: t(h.lang, key), ...(client ? { client_id: client } : {}) });

  const hours = async (): Promise<SupportHours | null> => {
    const raw = await getSetting(db, 'support_hours');
    if (!raw) return null;
    try {
      const v = JSON.parse(raw) as SupportHours;
      return Array.isArray(v.days) ? v : null;
    } catch {
      return null;
    }
  };

  const publishUnread = async (userId: number | null) => {
    if (userId === null) return;
    ctx.bus.publish({
      topic: SUPPORT_UNREAD_TOPIC,
      data: { unread: await repo.unreadForUser(db, userId) },
      userId,
    });
  };

  const relayOf = (c: repo.ConversationRow, frame: ServerChatMessage, inbox = false): Relay => ({
    conversation: Number(c.id),
    channel: c.channel,
    userId: c.user_id === null ? null : Number(c.user_id),
    visitorId: c.visitor_id,
    frame,
    inbox,
  });

  const traderConversation = async (j: TraderJoin) => {
    if (j.userId !== null) return repo.findUserChat(db, j.userId);
    if (j.visitorId !== null) return repo.findVisitorChat(db, j.visitorId);
    return undefined;
  };

  const join = async (h: SocketHandle, raw: unknown, current: TraderJoin | AgentJoin | undefined) => {
    const m = joinMsg.safeParse(raw);
    if (!m.success) return fail(h, ERROR_CODES.chatInvalid, 'support.invalid');
    if (current?.kind === 'agent') {
      if (m.data.conversation === undefined) return fail(h, ERROR_CODES.chatInvalid, 'support.invalid');
      const c = await repo.findConversation(db, m.data.conversation);
      if (!c) return fail(h, ERROR_CODES.chatNotFound, 'support.notFound');
      current.watching.add(Number(c.id));
      const page = await repo.messagesPage(db, Number(c.id));
      h.send({
        type: 'chat.state',
        conversation: repo.conversationView(c),
        ...page,
        away: false,
      });
      return;
    }
    const fromLogin = m.data.token === undefined;
    const session = fromLogin
      ? h.userId === null || h.sessionId === null
        ? null
        : { id: h.userId, sessionId: h.sessionId }
      : await deps.findUser(m.data.token ?? '').catch(() => null);
    const userId = session?.id ?? null;
    const visitorId = m.data.visitor ?? null;
    if (userId === null && visitorId === null) return fail(h, ERROR_CODES.chatNotJoined, 'support.notJoined');
    if (userId !== null && visitorId !== null) {
      const linked = await repo.linkVisitor(db, visitorId, userId, ctx.now());
      if (linked !== null) {
        const c = await repo.findConversation(db, linked);
        if (c) publish(relayOf(c, { type: 'chat.inbox', conversation: linked }, true));
      }
    }
    await settle(h, {
      kind: 'trader',
      userId,
      sessionId: session?.sessionId ?? null,
      fromLogin,
      visitorId: userId === null ? visitorId : null,
      fallbackVisitor: visitorId,
      conversation: null,
      checkedAt: ctx.now(),
    });
  };

  /** Make `j` the socket's chat identity (or none) and tell the page what it now sees (`chat.state`). */
  const settle = async (h: SocketHandle, j: TraderJoin | null) => {
    const c = j ? await traderConversation(j) : undefined;
    if (j) {
      j.conversation = c ? Number(c.id) : null;
      joins.set(h, j);
    } else joins.delete(h);
    const page = c ? await repo.messagesPage(db, Number(c.id)) : { messages: [], more: false };
    h.send({
      type: 'chat.state',
      conversation: c ? repo.conversationView(c) : null,
      ...page,
      away: !withinSupportHours(await hours(), ctx.now()),
    });
  };

  /**
   * Re-check a trader socket's chat identity against its session. A socket whose session ended falls back to the
   * visitor id its join carried (which opens nothing once linked to the account), or to no identity: never to the
   * old user. Returns whether the identity still holds.
   */
  const recheckTrader = async (h: SocketHandle, j: TraderJoin): Promise<boolean> => {
    j.checkedAt = ctx.now();
    // A login join follows the socket's login: another login (or a logout) on the socket ends it.
    const moved = j.fromLogin && (j.userId !== h.userId || j.sessionId !== h.sessionId);
    if (!moved && (j.sessionId === null || (await deps.sessionAlive(j.sessionId).catch(() => true))))
      return true;
    if (joins.get(h) !== j) return false;
    const fallback: TraderJoin | null =
      j.fallbackVisitor === null
        ? null
        : {
            kind: 'trader',
            userId: null,
            sessionId: null,
            fromLogin: false,
            visitorId: j.fallbackVisitor,
            fallbackVisitor: j.fallbackVisitor,
            conversation: null,
            checkedAt: ctx.now(),
          };
    // Out of the map at once, so nothing more is delivered to the old identity while the new state is read.
    joins.delete(h);
    await settle(h, fallback);
    return false;
  };

  /**
   * Re-check an agent socket against its live ops session and the roles it has now (`touch`: the check is a use of
   * the session, as a frame the agent sent is). An ended session or a lost role ends the agent sign-in at once.
   */
  const recheckAgent = async (h: SocketHandle, j: AgentJoin, touch: boolean): Promise<boolean> => {
    j.checkedAt = ctx.now();
    const live = await deps.agentSession(j.actor.sessionId, touch).catch(() => undefined);
    // A failed lookup (database away) keeps the sign-in until the next check; a frame is refused meanwhile.
    if (live === undefined) return !touch;
    if (live && isSupportAgent(live.actor.roles)) {
      j.actor = live.actor;
      j.endsAt = live.endsAt;
      return true;
    }
    if (joins.get(h) === j) {
      joins.delete(h);
      h.send({
        type: 'chat.agent',
        code: ERROR_CODES.chatAgentRefused,
        msg: t(h.lang, 'support.agentRefused'),
      });
    }
    return false;
  };

  /**
   * The one gate of every chat frame: the socket's chat identity, checked against the live session (trader) or the
   * live ops session and its roles (agent) before the frame does anything. A frame from an identity that ended
   * meets no identity.
   */
  const authorise = async (h: SocketHandle): Promise<TraderJoin | AgentJoin | undefined> => {
    const j = joins.get(h);
    if (!j) return undefined;
    const live = j.kind === 'agent' ? await recheckAgent(h, j, true) : await recheckTrader(h, j);
    return live && joins.get(h) === j ? j : undefined;
  };

  /** Re-check the identities of `filter`'s sockets now (revocation events, deadlines, the periodic re-check). */
  const recheckWhere = (filter: (j: TraderJoin | AgentJoin, now: number) => boolean) => {
    const now = ctx.now();
    const checks: Promise<unknown>[] = [];
    for (const [h, j] of joins) {
      if (!filter(j, now)) continue;
      checks.push(
        (j.kind === 'agent' ? recheckAgent(h, j, false) : recheckTrader(h, j)).catch(() => undefined),
      );
    }
    return Promise.all(checks).then(() => undefined);
  };

  const traderSend = async (h: SocketHandle, j: TraderJoin, body: z.infer<typeof sendMsg>) => {
    const text = body.text.trim();
    let image: string | null = null;
    if (body.image !== undefined) {
      // One image per message, the sender's own upload for the chat (visitors cannot upload).
      if (j.userId === null || !(await deps.chatImage(j.userId, body.image)))
        throw new ChatError(ERROR_CODES.chatInvalid, 'support.badImage');
      image = body.image;
    }
    if (!text && !image) throw new ChatError(ERROR_CODES.chatInvalid, 'support.empty');
    let c = await traderConversation(j);
    if (c) {
      const seen = await repo.findByClientId(db, Number(c.id), body.client_id);
      if (seen) {
        h.send({ type: 'chat.message', message: seen });
        return;
      }
    }
    const limit = async (name: keyof AppContext['limits'], key: string) => {
      const [count, windowMs] = ctx.limits[name];
      const hit = await ctx.limiter.hit(`${name}:${key}`, count, windowMs);
      if (!hit.allowed) throw new ChatError(ERROR_CODES.chatRateLimited, 'support.rateLimited');
    };
    if (j.userId !== null) await limit('chatPerUser', String(j.userId));
    else {
      // A visitor id is the client's choice: the source's limits hold whatever ids it makes up.
      await limit('chatVisitorPerIp', h.ip);
      if (!c) await limit('chatVisitorConversationsPerIp', h.ip);
      await limit('chatPerVisitor', j.visitorId ?? h.ip);
    }
    const now = ctx.now();
    let stored: ChatMessage | undefined;
    let duplicate = false;
    try {
      stored = await db.transaction().execute(async (trx) => {
        const conv =
          c ??
          (await repo.findConversation(
            trx,
            await repo.createConversation(trx, {
              channel: 'chat',
              userId: j.userId,
              visitorId: j.visitorId,
              now,
            }),
          ));
        if (!conv) throw new Error('conversation vanished');
        c = conv;
        const id = await repo.insertMessage(trx, {
          conversationId: Number(conv.id),
          sender: 'user',
          opsId: null,
          clientId: body.client_id,
          text,
          image,
          now,
        });
        await repo.afterUserMessage(trx, Number(conv.id), repo.summaryOf(text, image), now);
        return repo.findMessage(trx, id);
      });
    } catch (err) {
      // The same client id raced in on another socket: the stored one is the answer.
      const seen = c ? await repo.findByClientId(db, Number(c.id), body.client_id) : undefined;
      if (!seen) throw err;
      stored = seen;
      duplicate = true;
    }
    if (!stored || !c) return;
    if (duplicate) {
      h.send({ type: 'chat.message', message: stored });
      return;
    }
    j.conversation = Number(c.id);
    const fresh = (await repo.findConversation(db, Number(c.id))) ?? c;
    publish(relayOf(fresh, { type: 'chat.message', message: stored }, true));
    if (c.status !== 'open') {
      publish(
        relayOf(fresh, {
          type: 'chat.status',
          conversation: Number(c.id),
          status: 'open',
          agent_name: repo.agentName(fresh.assignee_email),
        }),
      );
    }
  };

  const scheduleOfflineMail = (conversationId: number, messageId: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void offlineMail(conversationId, messageId).catch(() => undefined);
    }, mailDelay);
    timer.unref?.();
    timers.add(timer);
  };

  const offlineMail = async (conversationId: number, messageId: number) => {
    const c = await repo.findConversation(db, conversationId);
    if (!c || c.user_id === null || Number(c.user_read_id) >= messageId) return;
    const user = await db
      .selectFrom('users')
      .select(['email', 'is_demo'])
      .where('id', '=', Number(c.user_id))
      .executeTakeFirst();
    if (!user?.email) return;
    const msg = await db
      .updateTable('support_messages')
      .set({ mailed_at: ctx.now() })
      .where('id', '=', messageId)
      .where('mailed_at', 'is', null)
      .executeTakeFirst();
    if (Number(msg.numUpdatedRows) !== 1) return;
    const m = await repo.findMessage(db, messageId);
    if (!m) return;
    const lang = DEFAULT_LANGUAGE;
    const site = ctx.config.siteTitle;
    await ctx.mailer.send({
      to: user.email,
      subject: t(lang, 'mail.supportReplySubject', { site }),
      text: t(lang, 'mail.supportReplyBody', {
        site,
        name: m.agent_name ?? '',
        text: m.text || '[image]',
      }),
    });
  };

  const agentReply: Chat['agentReply'] = async (actor, ip, conversationId, body) => {
    const text = body.text.trim();
    if (!text) throw new ChatError(ERROR_CODES.chatInvalid, 'support.empty');
    const c = await repo.findConversation(db, conversationId);
    if (!c) throw new ChatError(ERROR_CODES.chatNotFound, 'support.notFound');
    const seen = await repo.findByClientId(db, conversationId, body.client_id);
    if (seen) return seen;
    const now = ctx.now();
    const stored = await db.transaction().execute(async (trx) => {
      const id = await repo.insertMessage(trx, {
        conversationId,
        sender: 'agent',
        opsId: actor.id,
        clientId: body.client_id,
        text,
        image: null,
        now,
      });
      await repo.afterAgentMessage(trx, conversationId, actor.id, id, repo.summaryOf(text, null), now);
      await appendAudit(trx, {
        actor,
        ip,
        at: now,
        action: 'support.reply',
        objectType: 'conversation',
        objectId: conversationId,
        extra: { message_id: id, length: text.length },
      });
      return repo.findMessage(trx, id);
    });
    if (!stored) throw new Error('message vanished');
    const fresh = (await repo.findConversation(db, conversationId)) ?? c;
    publish(relayOf(fresh, { type: 'chat.message', message: stored }, true));
    publish(
      relayOf(fresh, {
        type: 'chat.status',
        conversation: conversationId,
        status: fresh.status,
        agent_name: repo.agentName(fresh.assignee_email),
      }),
    );
    publish(
      relayOf(fresh, {
        type: 'chat.read',
        conversation: conversationId,
        reader: 'agent',
        up_to: Number(fresh.agent_read_id),
      }),
    );
    await publishUnread(fresh.user_id === null ? null : Number(fresh.user_id));
    if (fresh.channel === 'chat' || fresh.user_id !== null) scheduleOfflineMail(conversationId, stored.id);
    return stored;
  };

  const auditActor = (a: OpsActor) => ({ id: a.id, email: a.email, roles: a.roles.join(',') });

  const onMessage = async (h: SocketHandle, msg: { type: string } & Record<string, unknown>) => {
    try {
      if (msg.type === 'chat.agent') {
        const m = agentMsg.safeParse(msg);
        const live = m.success ? await deps.findAgent(m.data.token) : null;
        if (!live || !isSupportAgent(live.actor.roles)) {
          if (joins.get(h)?.kind === 'agent') joins.delete(h);
          h.send({
            type: 'chat.agent',
            code: ERROR_CODES.chatAgentRefused,
            msg: t(h.lang, 'support.agentRefused'),
          });
          return;
        }
        joins.set(h, {
          kind: 'agent',
          actor: live.actor,
          watching: new Set(),
          endsAt: live.endsAt,
          checkedAt: ctx.now(),
        });
        h.send({ type: 'chat.agent', code: 1, msg: 'ok' });
        return;
      }
      // Every other frame acts as the identity `authorise` finds live now, and as nothing else.
      const who = await authorise(h);
      const agent = who?.kind === 'agent' ? who : undefined;
      const trader = who?.kind === 'trader' ? who : undefined;
      switch (msg.type) {
        case 'chat.join':
          await join(h, msg, who);
          return;
        case 'chat.send': {
          const m = sendMsg.safeParse(msg);
          const client = typeof msg.client_id === 'string' ? msg.client_id.slice(0, 64) : undefined;
          if (!m.success) {
            const tooLong = typeof msg.text === 'string' && msg.text.length > CHAT_MAX_TEXT;
            return fail(h, ERROR_CODES.chatInvalid, tooLong ? 'support.tooLong' : 'support.invalid', client);
          }
          try {
            if (agent) {
              if (m.data.conversation === undefined)
                throw new ChatError(ERROR_CODES.chatInvalid, 'support.invalid');
              const hit = await ctx.limiter.hit(`chatPerAgent:${agent.actor.id}`, 120, 60_000);
              if (!hit.allowed) throw new ChatError(ERROR_CODES.chatRateLimited, 'support.rateLimited');
              agent.watching.add(m.data.conversation);
              const stored = await agentReply(auditActor(agent.actor), h.ip, m.data.conversation, m.data);
              if (stored.client_id === m.data.client_id) h.send({ type: 'chat.message', message: stored });
              return;
            }
            if (!trader) throw new ChatError(ERROR_CODES.chatNotJoined, 'support.notJoined');
            await traderSend(h, trader, m.data);
          } catch (err) {
            if (err instanceof ChatError) return fail(h, err.code, err.key, m.data.client_id);
            throw err;
          }
          return;
        }
        case 'chat.typing': {
          const m = typingMsg.safeParse(msg);
          if (!m.success) return fail(h, ERROR_CODES.chatInvalid, 'support.invalid');
          const convId = agent ? m.data.conversation : trader?.conversation;
          if (!convId) return;
          const c = await repo.findConversation(db, convId);
          if (!c) return fail(h, ERROR_CODES.chatNotFound, 'support.notFound');
          publish(
            relayOf(c, {
              type: 'chat.typing',
              conversation: convId,
              sender: agent ? 'agent' : 'user',
              name: agent ? repo.agentName(agent.actor.email) : null,
              typing: m.data.typing,
            }),
          );
          return;
        }
        case 'chat.read': {
          const m = readMsg.safeParse(msg);
          if (!m.success) return fail(h, ERROR_CODES.chatInvalid, 'support.invalid');
          const convId = agent ? m.data.conversation : trader?.conversation;
          if (!convId) return fail(h, ERROR_CODES.chatNotJoined, 'support.notJoined');
          const c = await repo.findConversation(db, convId);
          if (!c) return fail(h, ERROR_CODES.chatNotFound, 'support.notFound');
          const side = agent ? 'agent' : 'user';
          const upTo = await repo.markRead(db, convId, side, m.data.up_to);
          publish(
            relayOf(c, { type: 'chat.read', conversation: convId, reader: side, up_to: upTo }, !!agent),
          );
          if (!agent) await publishUnread(c.user_id === null ? null : Number(c.user_id));
          return;
        }
        case 'chat.history': {
          const m = historyMsg.safeParse(msg);
          if (!m.success) return fail(h, ERROR_CODES.chatInvalid, 'support.invalid');
          const convId = agent ? m.data.conversation : trader?.conversation;
          if (!convId) return fail(h, ERROR_CODES.chatNotJoined, 'support.notJoined');
          if (agent && !(await repo.findConversation(db, convId)))
            return fail(h, ERROR_CODES.chatNotFound, 'support.notFound');
          const page = await repo.messagesPage(db, convId, m.data.before);
          h.send({ type: 'chat.history', conversation: convId, ...page });
          return;
        }
        default:
          fail(h, ERROR_CODES.badRequest, 'error.badRequest');
      }
    } catch (err) {
      if (err instanceof ChatError) return fail(h, err.code, err.key);
      throw err;
    }
  };

  /** One socket's chat messages are handled one after the other, in the order they arrived. */
  const queues = new WeakMap<SocketHandle, Promise<void>>();
  /** The chat's view of a socket: what it sends travels on the CHAT topic (docs/realtime.md#chat). */
  const chatHandles = new WeakMap<SocketHandle, SocketHandle>();
  const chatHandle = (g: SocketHandle): SocketHandle => {
    let h = chatHandles.get(g);
    if (!h) {
      h = {
        get userId() {
          return g.userId;
        },
        get sessionId() {
          return g.sessionId;
        },
        get lang() {
          return g.lang;
        },
        ip: g.ip,
        send: (frame) => g.send({ type: 'message', topic: CHAT_TOPIC, data: frame }),
      };
      chatHandles.set(g, h);
    }
    return h;
  };
  const inOrder = (g: SocketHandle, msg: { type: string } & Record<string, unknown>) => {
    const h = chatHandle(g);
    const next = (queues.get(h) ?? Promise.resolve()).then(() => onMessage(h, msg));
    const settled = next.catch(() => undefined);
    queues.set(h, settled);
    return next;
  };

  return {
    extension: {
      prefix: 'chat.',
      topics: [SUPPORT_UNREAD_TOPIC, CHAT_TOPIC],
      onMessage: inOrder,
      onClose: (g) => joins.delete(chatHandle(g)),
    },
    publish,
    agentReply,
    statusChanged: async (conversationId) => {
      const c = await repo.findConversation(db, conversationId);
      if (!c) return;
      publish(
        relayOf(
          c,
          {
            type: 'chat.status',
            conversation: conversationId,
            status: c.status,
            agent_name: repo.agentName(c.assignee_email),
          },
          true,
        ),
      );
    },
    newConversation: (conversationId) =>
      publish({
        conversation: conversationId,
        channel: 'feedback',
        userId: null,
        visitorId: null,
        frame: { type: 'chat.inbox', conversation: conversationId },
        inbox: true,
      }),
    close: () => {
      unsubscribe();
      clearInterval(ticker);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      joins.clear();
    },
  };
}

export { ChatError };
