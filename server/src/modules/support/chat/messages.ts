/**
 * Storing a chat message and telling everyone concerned: a trader's message (which opens the conversation, or
 * reopens it), an agent's reply (from the socket or an ops call, audited, e-mailed later if left unread, and stored
 * as the trader's `support_reply` notification in the same transaction: one unread per conversation, later replies
 * update it), and the trader's unread count.
 */
import { ERROR_CODES, SUPPORT_PREVIEW_MAX, SUPPORT_UNREAD_TOPIC } from '@meridian/shared/pure';
import type { ChatMessage, SupportReply } from '@meridian/shared/pure';
import type { AppContext } from '../../../context';
import type { SocketHandle } from '../../../realtime/gateway';
import { markGroupRead, recordNotification } from '../../notifications';
import type { Notifier } from '../../notifications';
import { appendAudit } from '../../ops';
import * as repo from '../repository';
import { traderConversation } from './identity';
import type { OfflineMailScheduler } from './offline-mail';
import { relayOf } from './relay';
import { ChatError } from './types';
import type { Chat, ChatDeps, Relay, TraderJoin } from './types';

export type TraderMessage = { client_id: string; text: string; image?: string };

export type ChatMessages = {
  traderSend: (h: SocketHandle, j: TraderJoin, body: TraderMessage) => Promise<void>;
  agentReply: Chat['agentReply'];
  /** Tell the trader's sockets (every node) their unread count. */
  publishUnread: (userId: number | null) => Promise<void>;
  /** The trader read the conversation: its support_reply notification is read too. */
  repliesRead: (userId: number | null, conversationId: number) => Promise<void>;
};

/** The notification group of a conversation's replies. */
export const replyGroup = (conversationId: number) => `support:${conversationId}`;

/** The start of a text, at most `max` UTF-16 units, never cutting a character in two. */
function clip(text: string, max: number): string {
  let out = '';
  for (const ch of text) {
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return out;
}

export function createMessages(deps: {
  ctx: AppContext;
  publish: (relay: Relay) => void;
  offlineMail: OfflineMailScheduler;
  chatImage: ChatDeps['chatImage'];
  notifier?: Notifier;
}): ChatMessages {
  const { ctx, publish } = deps;
  const db = ctx.db;

  const publishUnread: ChatMessages['publishUnread'] = async (userId) => {
    if (userId === null) return;
    ctx.bus.publish({
      topic: SUPPORT_UNREAD_TOPIC,
      data: { unread: await repo.unreadForUser(db, userId) },
      userId,
    });
  };

  const traderSend: ChatMessages['traderSend'] = async (h, j, body) => {
    const text = body.text.trim();
    let image: string | null = null;
    if (body.image !== undefined) {
      // One image per message, the sender's own upload for the chat (visitors cannot upload).
      if (j.userId === null || !(await deps.chatImage(j.userId, body.image)))
        throw new ChatError(ERROR_CODES.chatInvalid, 'support.badImage');
      image = body.image;
    }
    if (!text && !image) throw new ChatError(ERROR_CODES.chatInvalid, 'support.empty');
    let c = await traderConversation(db, j);
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

  const agentReply: Chat['agentReply'] = async (actor, ip, conversationId, body) => {
    const text = body.text.trim();
    if (!text) throw new ChatError(ERROR_CODES.chatInvalid, 'support.empty');
    const c = await repo.findConversation(db, conversationId);
    if (!c) throw new ChatError(ERROR_CODES.chatNotFound, 'support.notFound');
    const seen = await repo.findByClientId(db, conversationId, body.client_id);
    if (seen) return seen;
    const now = ctx.now();
    const done = await db.transaction().execute(async (trx) => {
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
      const userId = c.user_id === null ? null : Number(c.user_id);
      const reply: SupportReply = {
        conversation: conversationId,
        count: 1,
        agent: repo.agentName(actor.email),
        preview: clip(repo.summaryOf(text, null), SUPPORT_PREVIEW_MAX),
        time: now,
      };
      const notice =
        userId === null
          ? null
          : await recordNotification(trx, userId, 'support_reply', reply, now, {
              key: replyGroup(conversationId),
              merge: (before) => ({ ...reply, count: before.count + 1 }),
            });
      return { message: await repo.findMessage(trx, id), notice };
    });
    deps.notifier?.deliver(done.notice);
    const stored = done.message;
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
    if (fresh.channel === 'chat' || fresh.user_id !== null)
      deps.offlineMail.schedule(conversationId, stored.id);
    return stored;
  };

  const repliesRead: ChatMessages['repliesRead'] = async (userId, conversationId) => {
    if (userId !== null) await markGroupRead(db, userId, replyGroup(conversationId), ctx.now());
  };

  return { traderSend, agentReply, publishUnread, repliesRead };
}
