/**
 * What the chat's parts share: a socket's chat identity (a trader's or an agent's join), the relay frame that
 * travels between nodes, the dependencies the chat is built with, and the refusal a frame or call ends with.
 */
import type { ChatMessage, OpsRole, ServerChatMessage } from '@meridian/shared/pure';
import type { AppContext } from '../../../context';
import type { RealtimeExtension } from '../../../realtime/gateway';
import type { Notifier } from '../../notifications';
import type { OpsActor } from '../../ops';

/** What travels between nodes: one frame for the sockets of one conversation. */
export type Relay = {
  conversation: number;
  channel: 'chat' | 'feedback';
  userId: number | null;
  visitorId: string | null;
  frame: ServerChatMessage;
  /** Agents' inbox lists reload this row. */
  inbox?: boolean;
};

export type TraderJoin = {
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
export type AgentJoin = {
  kind: 'agent';
  actor: OpsActor;
  watching: Set<number>;
  /** When the ops session ends unless used again (idle or absolute limit): re-checked then. */
  endsAt: number;
  checkedAt: number;
};
export type ChatJoin = TraderJoin | AgentJoin;

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
  /** After a reply's commit: its support_reply notification to the trader. */
  notifier?: Notifier;
};

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

export const SUPPORT_ROLES: readonly OpsRole[] = ['support'];

export const isSupportAgent = (roles: readonly OpsRole[]) =>
  roles.includes('admin') || roles.includes('support');

export class ChatError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
  ) {
    super(key);
  }
}
