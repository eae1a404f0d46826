/**
 * The offline e-mail: an agent's reply the trader has not read after a delay is e-mailed to them (logged-in traders
 * with an e-mail), once per message. The read mark is looked at when the delay is over, so a reply read meanwhile,
 * on any node, sends nothing; `close()` drops every reply still waiting.
 */
import { DEFAULT_LANGUAGE } from '@meridian/shared/pure';
import type { AppContext } from '../../../context';
import * as repo from '../repository';

/** An agent message still unread after this long is e-mailed to the trader (logged-in traders with an e-mail). */
export const OFFLINE_MAIL_DELAY_MS = 2 * 60_000;

/** The timer functions the scheduler uses (the global ones unless a test brings its own). */
export type Timers = {
  set: (run: () => void, ms: number) => unknown;
  clear: (timer: unknown) => void;
};

const globalTimers: Timers = {
  set: (run, ms) => {
    const timer = setTimeout(run, ms);
    timer.unref?.();
    return timer;
  },
  clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export type OfflineMailScheduler = {
  /** The agent's message `messageId` was stored in `conversationId`: mail it unless read after the delay. */
  schedule: (conversationId: number, messageId: number) => void;
  /** How many replies wait for their delay. */
  readonly pending: number;
  close: () => void;
};

export function createOfflineMailScheduler(deps: {
  delayMs: number;
  /** Mail one reply if it is still unread (a failure is dropped: the reply stays in the chat). */
  mail: (conversationId: number, messageId: number) => Promise<void>;
  timers?: Timers;
}): OfflineMailScheduler {
  const timers = deps.timers ?? globalTimers;
  const waiting = new Set<unknown>();
  return {
    schedule: (conversationId, messageId) => {
      const timer = timers.set(() => {
        waiting.delete(timer);
        void deps.mail(conversationId, messageId).catch(() => undefined);
      }, deps.delayMs);
      waiting.add(timer);
    },
    get pending() {
      return waiting.size;
    },
    close: () => {
      for (const timer of waiting) timers.clear(timer);
      waiting.clear();
    },
  };
}

/** What mailing one reply reads and writes. */
export type OfflineMailStore = {
  /** The trader's read mark in the conversation and their user id (null: a visitor's), or undefined if gone. */
  conversation: (id: number) => Promise<{ userId: number | null; userReadId: number } | undefined>;
  userEmail: (userId: number) => Promise<string | null>;
  /** Mark the message mailed; false if it already was (another node got there first). */
  markMailed: (messageId: number) => Promise<boolean>;
  message: (messageId: number) => Promise<{ text: string; agent_name: string | null } | undefined>;
};

/** Mail one agent reply to its trader unless the trader read it, has no e-mail, or it was mailed already. */
export function offlineMailer(deps: {
  store: OfflineMailStore;
  send: (mail: { to: string; subject: string; text: string }) => Promise<unknown>;
  t: AppContext['i18n']['t'];
  siteTitle: string;
}) {
  const { store, t } = deps;
  return async (conversationId: number, messageId: number): Promise<void> => {
    const c = await store.conversation(conversationId);
    if (!c || c.userId === null || c.userReadId >= messageId) return;
    const email = await store.userEmail(c.userId);
    if (!email) return;
    if (!(await store.markMailed(messageId))) return;
    const m = await store.message(messageId);
    if (!m) return;
    const lang = DEFAULT_LANGUAGE;
    const site = deps.siteTitle;
    await deps.send({
      to: email,
      subject: t(lang, 'mail.supportReplySubject', { site }),
      text: t(lang, 'mail.supportReplyBody', {
        site,
        name: m.agent_name ?? '',
        text: m.text || '[image]',
      }),
    });
  };
}

/** The offline mail's store over the app's database. */
export function offlineMailStore(ctx: AppContext): OfflineMailStore {
  const db = ctx.db;
  return {
    conversation: async (id) => {
      const c = await repo.findConversation(db, id);
      return c
        ? { userId: c.user_id === null ? null : Number(c.user_id), userReadId: Number(c.user_read_id) }
        : undefined;
    },
    userEmail: async (userId) => {
      const user = await db
        .selectFrom('users')
        .select(['email', 'is_demo'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return user?.email || null;
    },
    markMailed: async (messageId) => {
      const msg = await db
        .updateTable('support_messages')
        .set({ mailed_at: ctx.now() })
        .where('id', '=', messageId)
        .where('mailed_at', 'is', null)
        .executeTakeFirst();
      return Number(msg.numUpdatedRows) === 1;
    },
    message: (messageId) => repo.findMessage(db, messageId),
  };
}
