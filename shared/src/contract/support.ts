/**
 * The support wire contract: live chat between a trader (or a guest, as a visitor) and the agents, the agent inbox
 * calls, and the feedback form. The chat itself travels over the one realtime socket (`chat.*` messages of
 * `protocol/chat.ts`); the inbox lists and actions are ops calls. See docs/realtime.md#chat and docs/ops.md.
 */

/** The private topic of the trader's unread support messages (`{ unread }`), docs/realtime.md#support_unread. */
export const SUPPORT_UNREAD_TOPIC = 'SUPPORT_UNREAD' as const;
/** The topic the server's chat messages travel on (`message` frames whose `data` is a `chat.*` message). */
export const CHAT_TOPIC = 'CHAT' as const;

/** Longest text of one chat message, in characters (UTF-16 units, as the input counts them). */
export const CHAT_MAX_TEXT = 2000;
/** Messages per page of history (the newest page comes with `chat.state`). */
export const CHAT_PAGE_SIZE = 30;
/** A client message id: chosen by the sender, unique per conversation, so a resent message is stored once. */
export const CHAT_CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** A visitor id: random, kept on the device (`v_` + 22 or more URL-safe characters). */
export const VISITOR_ID_PATTERN = /^v_[A-Za-z0-9_-]{22,64}$/;
/** Topics of the feedback form. */
export const FEEDBACK_TOPICS = ['bug', 'idea', 'account', 'other'] as const;
export type FeedbackTopic = (typeof FEEDBACK_TOPICS)[number];

/** open: waits for an agent; pending: an agent answered, waits for the trader; resolved: closed (a new trader message reopens). */
export const CHAT_STATUSES = ['open', 'pending', 'resolved'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];
export type ChatSender = 'user' | 'agent';
/** `chat`: the live chat of a trader or visitor; `feedback`: one entry of the feedback form. */
export type ChatChannel = 'chat' | 'feedback';

export type ChatMessage = {
  id: number;
  conversation_id: number;
  sender: ChatSender;
  /** The agent's display name on agent messages, else null. */
  agent_name: string | null;
  /** The sender's message id (dedupe); null for messages made by the server. */
  client_id: string | null;
  /** Plain text, never HTML. */
  text: string;
  /** `/api/common/upload/<name>` of an image, or null. */
  image: string | null;
  /** Epoch ms. */
  created_at: number;
};

/** What the trader's side knows of its conversation. */
export type ChatConversation = {
  id: number;
  status: ChatStatus;
  /** The assigned agent's display name, or null. */
  agent_name: string | null;
  /** Highest message id the trader has read; the agent's messages up to it show as read. */
  user_read_id: number;
  /** Highest message id an agent has read: the trader's messages up to it show "read". */
  agent_read_id: number;
};

/** Business hours of the support team, in UTC (setting `support_hours`): days 0 (Sunday) to 6, `HH:mm` bounds. */
export type SupportHours = { days: number[]; from: string; to: string };

const minutesOf = (hhmm: string): number => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : -1;
};

/** Whether `now` (epoch ms) falls in the hours; no hours configured means always staffed. */
export function withinSupportHours(hours: SupportHours | null, now: number): boolean {
  if (!hours) return true;
  const d = new Date(now);
  if (!hours.days.includes(d.getUTCDay())) return false;
  const m = d.getUTCHours() * 60 + d.getUTCMinutes();
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  if (from < 0 || to < 0) return true;
  return from <= to ? m >= from && m < to : m >= from || m < to;
}

/** `GET /api/support/unread` (token): agent messages the trader has not read. */
export type SupportUnread = { unread: number };
/** `POST /api/support/feedback`: the conversation the entry became. */
export type FeedbackResult = { conversation_id: number };

// ---- agent inbox (ops calls, roles support/admin) ----

/** The person behind a conversation, beside the thread. */
export type SupportUserFacts = {
  id: number;
  uid: string;
  email: string;
  account_type: 'real' | 'demo';
  /** Real-name review: 0 never submitted, 1 waiting, 2 approved, 3 rejected. */
  kyc: number;
  /** USD, "0.00". */
  balance: string;
};

export type SupportConversationRow = {
  id: number;
  channel: ChatChannel;
  status: ChatStatus;
  /** The feedback topic, or null for chat. */
  topic: string | null;
  user: { id: number; uid: string; email: string } | null;
  /** True for a guest (no account linked yet). */
  visitor: boolean;
  assignee: { id: number; email: string } | null;
  /** Trader messages no agent has read. */
  unread: number;
  /** Epoch ms since the trader waits for an answer (their oldest unanswered message), or null. */
  waiting_since: number | null;
  last_text: string;
  updated_at: number;
};

/** `GET /api/ops/support/conversations` status, page, limit. */
export type SupportInbox = {
  data: SupportConversationRow[];
  total: number;
  page: number;
  limit: number;
  counts: Record<ChatStatus, number>;
  /** Unread trader messages per status. */
  unread: Record<ChatStatus, number>;
  server_time: number;
};

/** `GET /api/ops/support/conversation?id=`. */
export type SupportThread = {
  conversation: SupportConversationRow;
  facts: SupportUserFacts | null;
  messages: ChatMessage[];
  more: boolean;
  user_read_id: number;
  agent_read_id: number;
};

export type SupportAgent = { id: number; email: string; name: string };
export type SupportCanned = { id: number; title: string; body: string };

// ---- news and announcement editing (ops, roles support/admin) ----

/** 0 draft (not listed), 1 published. */
export type NewsStatus = 0 | 1;
export type OpsNewsRow = {
  id: number;
  category_id: number;
  title: string;
  desc: string;
  logo: string;
  status: NewsStatus;
  /** Epoch ms: publication date shown to traders (set when first published), or when the draft was made. */
  created_at: number;
  updated_at: number | null;
};
/** One article with its sanitized HTML (what traders get). */
export type OpsNewsDetail = OpsNewsRow & { content: string };
/** `POST /api/ops/news/preview`: the HTML as it will be served. */
export type OpsNewsPreview = { content: string };
/**
 * The announcement (`/api/content/announcement`): an edited text, when published, replaces the translated default
 * for every language.
 */
export type OpsAnnouncement = {
  title: string;
  content: string;
  published: boolean;
  updated_at: number | null;
};
