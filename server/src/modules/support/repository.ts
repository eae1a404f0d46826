/** Support storage: conversations, messages, canned replies. The only code touching the support_* tables. */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { ChatConversation, ChatMessage, ChatStatus } from '@meridian/shared/pure';
import { CHAT_PAGE_SIZE } from '@meridian/shared/pure';
import type { Database } from '../../storage/schema';

type Q = Kysely<Database> | Transaction<Database>;
export type ConversationRow = Awaited<ReturnType<typeof findConversation>> & object;
type MessageRow = {
  id: number;
  conversation_id: number;
  sender: 'user' | 'agent';
  ops_id: number | null;
  client_id: string | null;
  body: string;
  image: string | null;
  created_at: number;
  agent_email: string | null;
};

/** The display name of an agent: the part of the e-mail before the @. */
export const agentName = (email: string | null | undefined): string | null =>
  email ? (email.split('@')[0] ?? email).slice(0, 40) : null;

export function messageView(m: MessageRow): ChatMessage {
  return {
    id: Number(m.id),
    conversation_id: Number(m.conversation_id),
    sender: m.sender,
    agent_name: m.sender === 'agent' ? agentName(m.agent_email) : null,
    client_id: m.client_id,
    text: m.body,
    image: m.image,
    created_at: Number(m.created_at),
  };
}

export async function findConversation(db: Q, id: number) {
  return db
    .selectFrom('support_conversations as c')
    .leftJoin('ops_accounts as a', 'a.id', 'c.assignee_id')
    .selectAll('c')
    .select('a.email as assignee_email')
    .where('c.id', '=', id)
    .executeTakeFirst();
}

export async function findUserChat(db: Q, userId: number) {
  const row = await db
    .selectFrom('support_conversations')
    .select('id')
    .where('user_id', '=', userId)
    .where('channel', '=', 'chat')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row ? findConversation(db, Number(row.id)) : undefined;
}

/** A visitor's chat: only while no account is linked to it (then the visitor id no longer opens it). */
export async function findVisitorChat(db: Q, visitorId: string) {
  const row = await db
    .selectFrom('support_conversations')
    .select('id')
    .where('visitor_id', '=', visitorId)
    .where('user_id', 'is', null)
    .where('channel', '=', 'chat')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row ? findConversation(db, Number(row.id)) : undefined;
}

export function conversationView(c: ConversationRow): ChatConversation {
  return {
    id: Number(c.id),
    status: c.status,
    agent_name: agentName(c.assignee_email),
    user_read_id: Number(c.user_read_id),
    agent_read_id: Number(c.agent_read_id),
  };
}

export async function createConversation(
  db: Q,
  c: {
    channel: 'chat' | 'feedback';
    userId: number | null;
    visitorId: string | null;
    topic?: string | null;
    now: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('support_conversations')
    .values({
      channel: c.channel,
      user_id: c.userId,
      visitor_id: c.visitorId,
      status: 'open',
      topic: c.topic ?? null,
      assignee_id: null,
      user_read_id: 0,
      agent_read_id: 0,
      waiting_since: null,
      last_text: '',
      created_at: c.now,
      updated_at: c.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const messageSelect = (db: Q) =>
  db
    .selectFrom('support_messages as m')
    .leftJoin('ops_accounts as a', 'a.id', 'm.ops_id')
    .select([
      'm.id',
      'm.conversation_id',
      'm.sender',
      'm.ops_id',
      'm.client_id',
      'm.body',
      'm.image',
      'm.created_at',
      'a.email as agent_email',
    ]);

export async function findByClientId(db: Q, conversationId: number, clientId: string) {
  const m = await messageSelect(db)
    .where('m.conversation_id', '=', conversationId)
    .where('m.client_id', '=', clientId)
    .executeTakeFirst();
  return m ? messageView(m as MessageRow) : undefined;
}

export async function findMessage(db: Q, id: number) {
  const m = await messageSelect(db).where('m.id', '=', id).executeTakeFirst();
  return m ? messageView(m as MessageRow) : undefined;
}

/** A page of messages, oldest first: the newest page, or the one before message `before`. */
export async function messagesPage(
  db: Q,
  conversationId: number,
  before?: number,
  limit = CHAT_PAGE_SIZE,
): Promise<{ messages: ChatMessage[]; more: boolean }> {
  let q = messageSelect(db).where('m.conversation_id', '=', conversationId);
  if (before !== undefined) q = q.where('m.id', '<', before);
  const rows = await q
    .orderBy('m.id', 'desc')
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  return {
    messages: rows
      .slice(0, limit)
      .reverse()
      .map((r) => messageView(r as MessageRow)),
    more,
  };
}

export async function insertMessage(
  db: Q,
  m: {
    conversationId: number;
    sender: 'user' | 'agent';
    opsId: number | null;
    clientId: string | null;
    text: string;
    image: string | null;
    now: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('support_messages')
    .values({
      conversation_id: m.conversationId,
      sender: m.sender,
      ops_id: m.opsId,
      client_id: m.clientId,
      body: m.text,
      image: m.image,
      created_at: m.now,
      mailed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Summary text of a message for the inbox row. */
export const summaryOf = (text: string, image: string | null): string =>
  (text.trim() || (image ? '[image]' : '')).slice(0, 200);

export async function afterUserMessage(db: Q, conversationId: number, text: string, now: number) {
  await db
    .updateTable('support_conversations')
    .set({
      status: 'open',
      waiting_since: sql<number>`coalesce(waiting_since, ${now})`,
      last_text: text,
      updated_at: now,
    })
    .where('id', '=', conversationId)
    .execute();
}

export async function afterAgentMessage(
  db: Q,
  conversationId: number,
  opsId: number,
  messageId: number,
  text: string,
  now: number,
) {
  await db
    .updateTable('support_conversations')
    .set({
      status: 'pending',
      waiting_since: null,
      last_text: text,
      updated_at: now,
      assignee_id: sql<number>`coalesce(assignee_id, ${opsId})`,
      agent_read_id: sql<number>`case when agent_read_id < ${messageId} then ${messageId} else agent_read_id end`,
    })
    .where('id', '=', conversationId)
    .execute();
}

/** Move the read mark of one side forward (never back, never past the last message). */
export async function markRead(
  db: Q,
  conversationId: number,
  side: 'user' | 'agent',
  upTo: number,
): Promise<number> {
  const last = await db
    .selectFrom('support_messages')
    .select((eb) => eb.fn.max('id').as('max'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  const bound = Math.min(upTo, Number(last?.max ?? 0));
  const col = side === 'user' ? 'user_read_id' : 'agent_read_id';
  await db
    .updateTable('support_conversations')
    .set({ [col]: sql<number>`case when ${sql.ref(col)} < ${bound} then ${bound} else ${sql.ref(col)} end` })
    .where('id', '=', conversationId)
    .execute();
  const c = await db
    .selectFrom('support_conversations')
    .select(['user_read_id', 'agent_read_id'])
    .where('id', '=', conversationId)
    .executeTakeFirstOrThrow();
  return Number(side === 'user' ? c.user_read_id : c.agent_read_id);
}

/** Agent messages after the trader's read mark, over the trader's chat conversations. */
export async function unreadForUser(db: Q, userId: number): Promise<number> {
  const r = await db
    .selectFrom('support_messages as m')
    .innerJoin('support_conversations as c', 'c.id', 'm.conversation_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.user_id', '=', userId)
    .where('c.channel', '=', 'chat')
    .where('m.sender', '=', 'agent')
    .whereRef('m.id', '>', 'c.user_read_id')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function setStatus(db: Q, id: number, status: ChatStatus, now: number) {
  await db
    .updateTable('support_conversations')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setAssignee(db: Q, id: number, opsId: number | null, now: number) {
  await db
    .updateTable('support_conversations')
    .set({ assignee_id: opsId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Link a visitor's chat to the account that just logged in on that device: the visitor's conversation becomes the
 * user's, or, when the user already has one, its messages move there. Either way the visitor id no longer opens it.
 */
export async function linkVisitor(db: Kysely<Database>, visitorId: string, userId: number, now: number) {
  return db.transaction().execute(async (trx) => {
    const v = await findVisitorChat(trx, visitorId);
    if (!v) return null;
    const mine = await findUserChat(trx, userId);
    if (!mine) {
      await trx
        .updateTable('support_conversations')
        .set({ user_id: userId, updated_at: now })
        .where('id', '=', v.id)
        .execute();
      return Number(v.id);
    }
    await trx
      .updateTable('support_messages')
      .set({ conversation_id: mine.id })
      .where('conversation_id', '=', v.id)
      .execute();
    await trx
      .updateTable('support_conversations')
      .set({
        user_id: userId,
        status: 'resolved',
        last_text: '',
        waiting_since: null,
        updated_at: now,
      })
      .where('id', '=', v.id)
      .execute();
    await trx
      .updateTable('support_conversations')
      .set({
        status: 'open',
        updated_at: now,
        waiting_since: v.waiting_since ?? mine.waiting_since,
        last_text: v.last_text || mine.last_text,
      })
      .where('id', '=', mine.id)
      .execute();
    return Number(mine.id);
  });
}
