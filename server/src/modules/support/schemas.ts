/** Input and answer shapes of the support calls, tied to the contract of @meridian/shared/pure. */
import { z } from 'zod';
import {
  CHAT_CLIENT_ID_PATTERN,
  CHAT_MAX_TEXT,
  FEEDBACK_TOPICS,
  VISITOR_ID_PATTERN,
} from '@meridian/shared/pure';
import type {
  ChatMessage,
  FeedbackResult,
  SupportAgent,
  SupportCanned,
  SupportConversationRow,
  SupportInbox,
  SupportThread,
  SupportUnread,
  SupportUserFacts,
} from '@meridian/shared/pure';
import { contract, wire } from '../../lib/contract';
import { id, int, optInt, str } from '../../lib/validate';

const status = z.enum(['open', 'pending', 'resolved']);

export const unreadSchema = contract<SupportUnread>()(z.strictObject({ unread: z.number().int().min(0) }));
export const feedbackResultSchema = contract<FeedbackResult>()(
  z.strictObject({ conversation_id: z.number().int() }),
);
const messageSchema = contract<ChatMessage>()(
  z.strictObject({
    id: z.number().int(),
    conversation_id: z.number().int(),
    sender: z.enum(['user', 'agent']),
    agent_name: z.string().nullable(),
    client_id: z.string().nullable(),
    text: z.string(),
    image: z.string().nullable(),
    created_at: z.number().int(),
  }),
);
export { messageSchema };
const rowSchema = contract<SupportConversationRow>()(
  z.strictObject({
    id: z.number().int(),
    channel: z.enum(['chat', 'feedback']),
    status,
    topic: z.string().nullable(),
    user: z.strictObject({ id: z.number().int(), uid: z.string(), email: z.string() }).nullable(),
    visitor: z.boolean(),
    assignee: z.strictObject({ id: z.number().int(), email: z.string() }).nullable(),
    unread: z.number().int().min(0),
    waiting_since: z.number().int().nullable(),
    last_text: z.string(),
    updated_at: z.number().int(),
  }),
);
const perStatus = z.strictObject({
  open: z.number().int(),
  pending: z.number().int(),
  resolved: z.number().int(),
});
export const inboxSchema = contract<SupportInbox>()(
  z.strictObject({
    data: z.array(rowSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    counts: perStatus,
    unread: perStatus,
    server_time: z.number().int(),
  }),
);
const factsSchema = contract<SupportUserFacts>()(
  z.strictObject({
    id: z.number().int(),
    uid: z.string(),
    email: z.string(),
    account_type: z.enum(['real', 'demo']),
    kyc: z.number().int(),
    balance: wire.cents,
  }),
);
export const threadSchema = contract<SupportThread>()(
  z.strictObject({
    conversation: rowSchema,
    facts: factsSchema.nullable(),
    messages: z.array(messageSchema),
    more: z.boolean(),
    user_read_id: z.number().int(),
    agent_read_id: z.number().int(),
  }),
);
export const agentsSchema = z.array(
  contract<SupportAgent>()(z.strictObject({ id: z.number().int(), email: z.string(), name: z.string() })),
);
export const cannedSchema = contract<SupportCanned>()(
  z.strictObject({ id: z.number().int(), title: z.string(), body: z.string() }),
);

// ---- inputs ----
export const feedbackBody = z.object({
  topic: str(16).pipe(z.enum(FEEDBACK_TOPICS, { message: 'v.oneOf' })),
  text: str(CHAT_MAX_TEXT),
  image: z.string().max(200).optional(),
  visitor: z.string().regex(VISITOR_ID_PATTERN).optional(),
});
export const inboxQuery = z.object({
  status: status.optional(),
  mine: z.enum(['0', '1']).optional(),
  page: optInt(1, 100_000),
  limit: optInt(1, 100),
});
export const idQuery = z.object({ id: id() });
export const assignBody = z.object({
  id: id(),
  ops_id: int(0, Number.MAX_SAFE_INTEGER),
});
export const statusBody = z.object({
  id: id(),
  status: z.enum(['open', 'resolved']),
});
export const replyBody = z.object({
  id: id(),
  client_id: z.string().regex(CHAT_CLIENT_ID_PATTERN),
  text: str(CHAT_MAX_TEXT),
});
export const cannedBody = z.object({ title: str(80), body: str(CHAT_MAX_TEXT) });
