/**
 * One handler per client chat frame (`chat.agent`, `chat.join`, `chat.send`, `chat.typing`, `chat.read`,
 * `chat.history`), and the dispatch that runs them: every frame but the agent sign-in acts as the identity the gate
 * finds live now, and as nothing else.
 */
import {
  CHAT_CLIENT_ID_PATTERN,
  CHAT_MAX_TEXT,
  ERROR_CODES,
  VISITOR_ID_PATTERN,
} from '@meridian/shared/pure';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import type { SocketHandle } from '../../../realtime/gateway';
import type { OpsActor } from '../../ops';
import * as repo from '../repository';
import type { ChatIdentity } from './identity';
import type { JoinRegistry } from './join-registry';
import type { ChatMessages } from './messages';
import { relayOf } from './relay';
import { ChatError, isSupportAgent } from './types';
import type { AgentJoin, ChatDeps, ChatJoin, Relay, TraderJoin } from './types';

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

export type ClientFrame = { type: string } & Record<string, unknown>;

/** A frame from a socket, with the identity the gate found live for it (none, a trader, or an agent). */
type Frame = {
  h: SocketHandle;
  msg: ClientFrame;
  who: ChatJoin | undefined;
  agent: AgentJoin | undefined;
  trader: TraderJoin | undefined;
};

const auditActor = (a: OpsActor) => ({ id: a.id, email: a.email, roles: a.roles.join(',') });

export function createFrameHandlers(deps: {
  ctx: AppContext;
  registry: JoinRegistry;
  identity: ChatIdentity;
  messages: ChatMessages;
  publish: (relay: Relay) => void;
  findUser: ChatDeps['findUser'];
  findAgent: ChatDeps['findAgent'];
}) {
  const { ctx, registry, identity, messages, publish } = deps;
  const db = ctx.db;
  const t = ctx.i18n.t;

  const fail = (h: SocketHandle, code: number, key: string, client?: string) =>
    h.send({ type: 'chat.error', code, msg: t(h.lang, key), ...(client ? { client_id: client } : {}) });

  /** `chat.agent`: sign the socket in as a support agent with an ops token (or refuse and drop a former sign-in). */
  const agentSignIn = async (h: SocketHandle, msg: ClientFrame) => {
    const m = agentMsg.safeParse(msg);
    const live = m.success ? await deps.findAgent(m.data.token) : null;
    if (!live || !isSupportAgent(live.actor.roles)) {
      if (registry.get(h)?.kind === 'agent') registry.leave(h);
      h.send({
        type: 'chat.agent',
        code: ERROR_CODES.chatAgentRefused,
        msg: t(h.lang, 'support.agentRefused'),
      });
      return;
    }
    registry.join(h, {
      kind: 'agent',
      actor: live.actor,
      watching: new Set(),
      endsAt: live.endsAt,
      checkedAt: ctx.now(),
    });
    h.send({ type: 'chat.agent', code: 1, msg: 'ok' });
  };

  /** `chat.join`: an agent watches a conversation; a trader (token, login or visitor id) joins their own. */
  const join = async ({ h, msg, who }: Frame) => {
    const m = joinMsg.safeParse(msg);
    if (!m.success) return fail(h, ERROR_CODES.chatInvalid, 'support.invalid');
    if (who?.kind === 'agent') {
      if (m.data.conversation === undefined) return fail(h, ERROR_CODES.chatInvalid, 'support.invalid');
      const c = await repo.findConversation(db, m.data.conversation);
      if (!c) return fail(h, ERROR_CODES.chatNotFound, 'support.notFound');
      who.watching.add(Number(c.id));
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
    await identity.settle(h, {
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

  /** `chat.send`: a trader's message or an agent's reply, acknowledged with the stored copy. */
  const send = async ({ h, msg, agent, trader }: Frame) => {
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
        const stored = await messages.agentReply(auditActor(agent.actor), h.ip, m.data.conversation, m.data);
        if (stored.client_id === m.data.client_id) h.send({ type: 'chat.message', message: stored });
        return;
      }
      if (!trader) throw new ChatError(ERROR_CODES.chatNotJoined, 'support.notJoined');
      await messages.traderSend(h, trader, m.data);
    } catch (err) {
      if (err instanceof ChatError) return fail(h, err.code, err.key, m.data.client_id);
      throw err;
    }
  };

  /** `chat.typing`: relayed to the other side of the conversation. */
  const typing = async ({ h, msg, agent, trader }: Frame) => {
    const m = typingMsg.safeParse(msg);
    if (!m.success) return fail(h, ERROR_CODES.chatInvalid, 'support.invalid');
    const conversation = agent ? m.data.conversation : trader?.conversation;
    if (!conversation) return;
    const c = await repo.findConversation(db, conversation);
    if (!c) return fail(h, ERROR_CODES.chatNotFound, 'support.notFound');
    publish(
      relayOf(c, {
        type: 'chat.typing',
        conversation,
        sender: agent ? 'agent' : 'user',
        name: agent ? repo.agentName(agent.actor.email) : null,
        typing: m.data.typing,
      }),
    );
  };

  /** `chat.read`: move this side's read mark (never back) and tell both sides, and the trader their unread count. */
  const read = async ({ h, msg, agent, trader }: Frame) => {
    const m = readMsg.safeParse(msg);
    if (!m.success) return fail(h, ERROR_CODES.chatInvalid, 'support.invalid');
    const conversation = agent ? m.data.conversation : trader?.conversation;
    if (!conversation) return fail(h, ERROR_CODES.chatNotJoined, 'support.notJoined');
    const c = await repo.findConversation(db, conversation);
    if (!c) return fail(h, ERROR_CODES.chatNotFound, 'support.notFound');
    const side = agent ? 'agent' : 'user';
    const upTo = await repo.markRead(db, conversation, side, m.data.up_to);
    publish(relayOf(c, { type: 'chat.read', conversation, reader: side, up_to: upTo }, !!agent));
    if (!agent) {
      const userId = c.user_id === null ? null : Number(c.user_id);
      await messages.repliesRead(userId, conversation);
      await messages.publishUnread(userId);
    }
  };

  /** `chat.history`: the page of messages before one. */
  const history = async ({ h, msg, agent, trader }: Frame) => {
    const m = historyMsg.safeParse(msg);
    if (!m.success) return fail(h, ERROR_CODES.chatInvalid, 'support.invalid');
    const conversation = agent ? m.data.conversation : trader?.conversation;
    if (!conversation) return fail(h, ERROR_CODES.chatNotJoined, 'support.notJoined');
    if (agent && !(await repo.findConversation(db, conversation)))
      return fail(h, ERROR_CODES.chatNotFound, 'support.notFound');
    const page = await repo.messagesPage(db, conversation, m.data.before);
    h.send({ type: 'chat.history', conversation, ...page });
  };

  const byType: Record<string, (frame: Frame) => Promise<void>> = {
    'chat.join': join,
    'chat.send': send,
    'chat.typing': typing,
    'chat.read': read,
    'chat.history': history,
  };

  /** Handle one frame of a socket (the caller keeps one socket's frames in order). */
  return async (h: SocketHandle, msg: ClientFrame): Promise<void> => {
    try {
      if (msg.type === 'chat.agent') return await agentSignIn(h, msg);
      // Every other frame acts as the identity `authorise` finds live now, and as nothing else.
      const who = await identity.authorise(h);
      const handler = Object.hasOwn(byType, msg.type) ? byType[msg.type] : undefined;
      if (!handler) return fail(h, ERROR_CODES.badRequest, 'error.badRequest');
      await handler({
        h,
        msg,
        who,
        agent: who?.kind === 'agent' ? who : undefined,
        trader: who?.kind === 'trader' ? who : undefined,
      });
    } catch (err) {
      if (err instanceof ChatError) return fail(h, err.code, err.key);
      throw err;
    }
  };
}
