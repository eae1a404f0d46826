/**
 * The one gate of every chat frame: a socket's chat identity is checked against the live session (trader) or the
 * live ops session and its roles (agent) before a frame does anything, and again whenever a session may have ended
 * without the socket saying anything (a revocation event, an agent's idle or absolute limit, the periodic re-check).
 */
import { ERROR_CODES, withinSupportHours } from '@meridian/shared/pure';
import type { SupportHours } from '@meridian/shared/pure';
import type { AppContext } from '../../../context';
import { SESSION_RECHECK_MS } from '../../../realtime/gateway';
import type { SocketHandle } from '../../../realtime/gateway';
import { revokedOpsOf, revokedUserOf } from '../../../realtime/revocation';
import { getSetting } from '../../content';
import * as repo from '../repository';
import type { JoinRegistry } from './join-registry';
import { isSupportAgent } from './types';
import type { AgentJoin, ChatDeps, ChatJoin, TraderJoin } from './types';

/** How often the chat looks for agent sessions past their idle or absolute limit (an in-memory scan). */
export const RECHECK_TICK_MS = 500;

/** The conversation a trader identity sees (its user's, else its visitor's). */
export const traderConversation = async (db: AppContext['db'], j: TraderJoin) => {
  if (j.userId !== null) return repo.findUserChat(db, j.userId);
  if (j.visitorId !== null) return repo.findVisitorChat(db, j.visitorId);
  return undefined;
};

const supportHours = async (db: AppContext['db']): Promise<SupportHours | null> => {
  const raw = await getSetting(db, 'support_hours');
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as SupportHours;
    return Array.isArray(v.days) ? v : null;
  } catch {
    return null;
  }
};

export type ChatIdentity = {
  /** The socket's identity if it still holds now, else none. */
  authorise: (h: SocketHandle) => Promise<ChatJoin | undefined>;
  /** Make `j` the socket's chat identity (or none) and tell the page what it now sees (`chat.state`). */
  settle: (h: SocketHandle, j: TraderJoin | null) => Promise<void>;
  close: () => void;
};

export function createIdentity(deps: {
  ctx: AppContext;
  registry: JoinRegistry;
  sessionAlive: ChatDeps['sessionAlive'];
  agentSession: ChatDeps['agentSession'];
}): ChatIdentity {
  const { ctx, registry } = deps;
  const db = ctx.db;

  const settle: ChatIdentity['settle'] = async (h, j) => {
    const c = j ? await traderConversation(db, j) : undefined;
    if (j) {
      j.conversation = c ? Number(c.id) : null;
      registry.join(h, j);
    } else registry.leave(h);
    const page = c ? await repo.messagesPage(db, Number(c.id)) : { messages: [], more: false };
    h.send({
      type: 'chat.state',
      conversation: c ? repo.conversationView(c) : null,
      ...page,
      away: !withinSupportHours(await supportHours(db), ctx.now()),
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
    if (!registry.holds(h, j)) return false;
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
    // Out of the registry at once, so nothing more is delivered to the old identity while the new state is read.
    registry.leave(h);
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
    if (registry.holds(h, j)) {
      registry.leave(h);
      h.send({
        type: 'chat.agent',
        code: ERROR_CODES.chatAgentRefused,
        msg: ctx.i18n.t(h.lang, 'support.agentRefused'),
      });
    }
    return false;
  };

  const authorise: ChatIdentity['authorise'] = async (h) => {
    const j = registry.get(h);
    if (!j) return undefined;
    const live = j.kind === 'agent' ? await recheckAgent(h, j, true) : await recheckTrader(h, j);
    return live && registry.holds(h, j) ? j : undefined;
  };

  /** Re-check the identities of `filter`'s sockets now (revocation events, deadlines, the periodic re-check). */
  const recheckWhere = (filter: (j: ChatJoin, now: number) => boolean) => {
    const now = ctx.now();
    const checks = registry
      .where((j) => filter(j, now))
      .map(([h, j]) =>
        (j.kind === 'agent' ? recheckAgent(h, j, false) : recheckTrader(h, j)).catch(() => undefined),
      );
    return Promise.all(checks).then(() => undefined);
  };

  const unsubscribe = ctx.bus.subscribe((event) => {
    const user = revokedUserOf(event);
    if (user !== null) {
      void recheckWhere((j) => j.kind === 'trader' && j.userId === user);
      return;
    }
    const ops = revokedOpsOf(event);
    if (ops !== null) void recheckWhere((j) => j.kind === 'agent' && j.actor.id === ops);
  });
  // Sessions that end without an event: an agent's idle or absolute limit is re-checked the second it passes, and
  // every identity every SESSION_RECHECK_MS (an event lost while Redis was away, a change made by the CLI).
  const ticker = setInterval(() => {
    void recheckWhere(
      (j, now) => now - j.checkedAt >= SESSION_RECHECK_MS || (j.kind === 'agent' && now >= j.endsAt),
    );
  }, RECHECK_TICK_MS);
  ticker.unref?.();

  return {
    authorise,
    settle,
    close: () => {
      unsubscribe();
      clearInterval(ticker);
    },
  };
}
