/**
 * Support: the live chat between traders (or guests) and agents over the realtime socket, the agent inbox, the
 * feedback form. app.ts builds it once (`createSupport`), hands `chat.extension` to the gateway and registers
 * `supportRoutes` with it.
 */
import type { AppContext } from '../../context';
import { claimUpload } from '../uploads';
import { findSessionUser, sessionAlive } from '../../lib/auth';
import type { Notifier } from '../notifications';
import { liveOpsSession } from '../ops';
import { createChat } from './chat';
import type { Chat } from './chat';

export type { Chat } from './chat';
export { OFFLINE_MAIL_DELAY_MS, SUPPORT_BUS_TOPIC } from './chat';

export type Support = { chat: Chat };

export function createSupport(deps: {
  ctx: AppContext;
  offlineMailDelayMs?: number;
  notifier?: Notifier;
}): Support {
  const { ctx } = deps;
  return {
    chat: createChat({
      ctx,
      findUser: (token) => findSessionUser(ctx, token),
      sessionAlive: (sessionId) => sessionAlive(ctx, sessionId),
      findAgent: (token) => liveOpsSession(ctx, { token }, true),
      agentSession: (sessionId, touch) => liveOpsSession(ctx, { sessionId }, touch),
      chatImage: async (ownerId, url) => (await claimUpload(ctx.db, ownerId, url, 'chat')).ok,
      offlineMailDelayMs: deps.offlineMailDelayMs,
      ...(deps.notifier ? { notifier: deps.notifier } : {}),
    }),
  };
}
