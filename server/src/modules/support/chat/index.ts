/**
 * The chat over the realtime socket (docs/realtime.md#chat), composed of its parts: the join registry (which
 * sockets of this node see which conversation), the identity gate, the relay through the event bus (so a message
 * stored on one API node reaches the trader and the agents connected to any node), storing messages, the offline
 * e-mail of unread replies, and one handler per client frame.
 */
import { CHAT_TOPIC, SUPPORT_UNREAD_TOPIC } from '@meridian/shared/pure';
import * as repo from '../repository';
import { createFrameHandlers } from './handlers';
import { createIdentity } from './identity';
import { JoinRegistry } from './join-registry';
import { createMessages } from './messages';
import {
  createOfflineMailScheduler,
  OFFLINE_MAIL_DELAY_MS,
  offlineMailer,
  offlineMailStore,
} from './offline-mail';
import { createRelay, relayOf } from './relay';
import { chatSockets } from './socket';
import type { Chat, ChatDeps } from './types';

export { OFFLINE_MAIL_DELAY_MS } from './offline-mail';
export { SUPPORT_BUS_TOPIC } from './relay';
export { RECHECK_TICK_MS } from './identity';
export { ChatError, isSupportAgent, SUPPORT_ROLES } from './types';
export type { Chat, ChatDeps } from './types';

export function createChat(deps: ChatDeps): Chat {
  const { ctx } = deps;
  const registry = new JoinRegistry();
  const relay = createRelay({ bus: ctx.bus, registry });
  const offlineMail = createOfflineMailScheduler({
    delayMs: deps.offlineMailDelayMs ?? OFFLINE_MAIL_DELAY_MS,
    mail: offlineMailer({
      store: offlineMailStore(ctx),
      send: (mail) => ctx.mailer.send(mail),
      t: ctx.i18n.t,
      siteTitle: ctx.config.siteTitle,
    }),
  });
  const identity = createIdentity({
    ctx,
    registry,
    sessionAlive: deps.sessionAlive,
    agentSession: deps.agentSession,
  });
  const messages = createMessages({
    ctx,
    publish: relay.publish,
    offlineMail,
    chatImage: deps.chatImage,
    ...(deps.notifier ? { notifier: deps.notifier } : {}),
  });
  const sockets = chatSockets(
    createFrameHandlers({
      ctx,
      registry,
      identity,
      messages,
      publish: relay.publish,
      findUser: deps.findUser,
      findAgent: deps.findAgent,
    }),
  );

  return {
    extension: {
      prefix: 'chat.',
      topics: [SUPPORT_UNREAD_TOPIC, CHAT_TOPIC],
      onMessage: sockets.inOrder,
      onClose: (g) => registry.leave(sockets.view(g)),
    },
    publish: relay.publish,
    agentReply: messages.agentReply,
    statusChanged: async (conversationId) => {
      const c = await repo.findConversation(ctx.db, conversationId);
      if (!c) return;
      relay.publish(
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
      relay.publish({
        conversation: conversationId,
        channel: 'feedback',
        userId: null,
        visitorId: null,
        frame: { type: 'chat.inbox', conversation: conversationId },
        inbox: true,
      }),
    close: () => {
      relay.close();
      identity.close();
      offlineMail.close();
      registry.clear();
    },
  };
}
