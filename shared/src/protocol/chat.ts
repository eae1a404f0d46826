/**
 * The chat messages of the realtime socket (`chat.*`, docs/realtime.md#chat). Traders and visitors join their own
 * conversation; agents sign in with their ops token (`chat.agent`) and watch the conversations they open. Every
 * send carries a client message id: the server stores it once however often it arrives, and answers with the
 * stored `chat.message` (the sender's acknowledgement).
 */
import type { ChatConversation, ChatMessage, ChatSender, ChatStatus } from '../contract/support';

// ---- client -> server ----

/**
 * Join one's own conversation: `token` (the session token) names the user — without it the socket's login does —
 * a visitor names its device id; an agent names the conversation to watch.
 */
export type ClientChatJoin = { type: 'chat.join'; token?: string; visitor?: string; conversation?: number };
/** An agent's socket: the ops session token (roles support or admin). */
export type ClientChatAgent = { type: 'chat.agent'; token: string };
export type ClientChatSend = {
  type: 'chat.send';
  client_id: string;
  text: string;
  image?: string;
  /** Agents only: the conversation answered. */
  conversation?: number;
};
export type ClientChatTyping = { type: 'chat.typing'; typing: boolean; conversation?: number };
export type ClientChatRead = { type: 'chat.read'; up_to: number; conversation?: number };
/** Older messages than `before` (a message id). */
export type ClientChatHistory = { type: 'chat.history'; before: number; conversation?: number };
export type ClientChatMessage =
  ClientChatJoin | ClientChatAgent | ClientChatSend | ClientChatTyping | ClientChatRead | ClientChatHistory;

// ---- server -> client ----
/** Answer to `chat.join`: the conversation (null until the first message), its newest page, the away state. */
export type ServerChatState = {
  type: 'chat.state';
  conversation: ChatConversation | null;
  messages: ChatMessage[];
  more: boolean;
  /** Outside the support team's business hours. */
  away: boolean;
};
/** A new message of a joined conversation; to its sender it is also the acknowledgement (same `client_id`). */
export type ServerChatNew = { type: 'chat.message'; message: ChatMessage };
export type ServerChatTyping = {
  type: 'chat.typing';
  conversation: number;
  sender: ChatSender;
  name: string | null;
  typing: boolean;
};
export type ServerChatRead = { type: 'chat.read'; conversation: number; reader: ChatSender; up_to: number };
export type ServerChatStatus = {
  type: 'chat.status';
  conversation: number;
  status: ChatStatus;
  agent_name: string | null;
};
export type ServerChatHistory = {
  type: 'chat.history';
  conversation: number;
  messages: ChatMessage[];
  more: boolean;
};
/** Agents: a conversation of the inbox changed (new message, status, assignment); reload that row. */
export type ServerChatInbox = { type: 'chat.inbox'; conversation: number };
/** `chat.agent` answered: code 1 signed in as agent. */
export type ServerChatAgent = { type: 'chat.agent'; code: number; msg: string };
/** A refused chat message; `client_id` names the send that failed (the client offers a retry). */
export type ServerChatError = { type: 'chat.error'; code: number; msg: string; client_id?: string };
export type ServerChatMessage =
  | ServerChatState
  | ServerChatNew
  | ServerChatTyping
  | ServerChatRead
  | ServerChatStatus
  | ServerChatHistory
  | ServerChatInbox
  | ServerChatAgent
  | ServerChatError;

/** True for a message of the chat family (`chat.*`). */
export const isChatType = (type: string): boolean => type.startsWith('chat.');
