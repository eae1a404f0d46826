/**
 * The agent's side of the support chat, without React: signs in on the socket with the ops token whenever it is
 * ready (again), watches the selected conversation, and keeps which conversation is selected with its thread (the
 * rules of `selection.ts`), the customer's typing, the agent's read marks and when the list should load again.
 *
 * A reply gets its client id when written and keeps it: it goes out on the socket, or, with the socket down, by the
 * reply call with the same id (the server stores a client id once, so a reply that went both ways shows once). A
 * change made by a call (resolve, reopen, assign) comes back as the conversation's new row.
 */
import type { ServerChatMessage, SupportConversationRow, SupportThread } from '@meridian/shared/pure';
import { newClientId } from '../../../lib/chat-channel';
import type { ChatBinding } from '../../../lib/chat-channel';
import { inboxReducer, initialSelection, mergeMessages } from './selection';
import type { InboxAction, InboxSelection, InboxView } from './selection';

export type AgentChatSnapshot = {
  /** Signed in as an agent on the socket now (the page says "live"). */
  ready: boolean;
  /** The selected conversation and its thread (never another conversation's). */
  selection: InboxSelection;
  /** The customer of the selected conversation is typing. */
  userTyping: boolean;
  /** Moves whenever the conversation list should load again. */
  listVersion: number;
};

export type AgentChatSessionOptions = {
  bind: (handlers: { onMessage: (m: ServerChatMessage) => void; onReady: () => void }) => ChatBinding;
  /** The ops session's token: the agent signs in on the socket with it. */
  token: () => string | null;
  view: InboxView;
  fetchThread: (id: number, passive: boolean) => Promise<SupportThread>;
  /** The reply call, used while the socket is down. */
  reply: (id: number, clientId: string, text: string) => Promise<unknown>;
  /** A refusal the socket sent (`chat.error`). */
  onError: (msg: string) => void;
  /** The reply call failed. */
  onReplyFailed: (err: unknown) => void;
  now?: () => number;
  random?: () => string;
  /** How long socket events are gathered before the list loads again. */
  reloadDelayMs?: number;
};

/** Typing is sent at most this often while the agent writes. */
const TYPING_EVERY_MS = 3000;

export class AgentChatSession {
  private snap: AgentChatSnapshot;
  private channel: ChatBinding | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly random: () => string;
  private readonly reloadDelayMs: number;
  private reloadTimer: ReturnType<typeof setTimeout> | null = null;
  /** The next list load was asked by the socket, not the agent (it does not keep an idle session alive). */
  private passiveNext = false;
  private typingAt = 0;
  private live = false;

  constructor(private readonly opts: AgentChatSessionOptions) {
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? (() => newClientId('a'));
    this.reloadDelayMs = opts.reloadDelayMs ?? 300;
    this.snap = { ready: false, selection: initialSelection(opts.view), userTyping: false, listVersion: 0 };
  }

  start(): void {
    if (this.channel) return;
    this.live = true;
    this.channel = this.opts.bind({
      onMessage: (m) => this.onMessage(m),
      onReady: () => this.onReady(),
    });
  }

  stop(): void {
    this.live = false;
    this.channel?.release();
    this.channel = null;
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    this.reloadTimer = null;
  }

  getSnapshot = (): AgentChatSnapshot => this.snap;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  // ---- the list and the selection ----

  /** The tab or the "mine" filter changed. */
  setView(view: InboxView): void {
    this.dispatch({ type: 'view', view });
  }

  /** The rows of `view` loaded. */
  rowsLoaded(view: InboxView, ids: readonly number[]): void {
    this.dispatch({ type: 'rows', view, ids });
  }

  select(id: number): void {
    this.dispatch({ type: 'select', id });
  }

  /** The next (1) or previous (-1) row. */
  move(step: number): void {
    this.dispatch({ type: 'move', step });
  }

  /** The agent asked for the list again. */
  reloadList(): void {
    this.update({ listVersion: this.snap.listVersion + 1 });
  }

  /** Whether the list load starting now was asked by the socket (and clears it). */
  takePassive(): boolean {
    const passive = this.passiveNext;
    this.passiveNext = false;
    return passive;
  }

  /** A call changed the conversation (status, assignee): its new row, and the list loads again. */
  changed(row: SupportConversationRow): void {
    this.dispatch({ type: 'changed', row }, { listVersion: this.snap.listVersion + 1 });
  }

  // ---- the thread ----

  /** Send a reply to the selected conversation (trimmed); false when there is nothing to send. */
  reply(text: string): boolean {
    const thread = this.snap.selection.thread;
    const body = text.trim();
    if (!thread || !body) return false;
    const id = thread.conversation.id;
    const clientId = this.random();
    if (!this.send({ type: 'chat.send', client_id: clientId, text: body, conversation: id })) {
      // The socket is down: the call does the same (and is deduped by the same client id).
      void this.opts.reply(id, clientId, body).catch((err: unknown) => this.opts.onReplyFailed(err));
    }
    this.send({ type: 'chat.typing', typing: false, conversation: id });
    return true;
  }

  /** The reply box now holds `text`: the customer sees the agent typing (sent at most every 3 s). */
  typing(text: string): void {
    const thread = this.snap.selection.thread;
    if (!thread || !text) return;
    const now = this.now();
    if (now - this.typingAt <= TYPING_EVERY_MS) return;
    this.typingAt = now;
    this.send({ type: 'chat.typing', typing: true, conversation: thread.conversation.id });
  }

  /** The page before the oldest message shown. */
  loadOlder(): void {
    const thread = this.snap.selection.thread;
    const first = thread?.messages[0];
    if (!thread || !first) return;
    this.send({ type: 'chat.history', before: first.id, conversation: thread.conversation.id });
  }

  // ---- internals ----

  private send(m: Parameters<ChatBinding['send']>[0]): boolean {
    return this.channel?.send(m) ?? false;
  }

  private onReady(): void {
    this.update({ ready: false });
    const token = this.opts.token();
    if (token) this.send({ type: 'chat.agent', token });
  }

  private onMessage(m: ServerChatMessage): void {
    const selected = this.snap.selection.selected;
    switch (m.type) {
      case 'chat.agent':
        this.update({ ready: m.code === 1 });
        if (m.code === 1 && selected !== null) this.send({ type: 'chat.join', conversation: selected });
        return;
      case 'chat.inbox':
        this.softReload();
        if (m.conversation === selected) this.loadThread(m.conversation, true);
        return;
      case 'chat.error':
        this.opts.onError(m.msg);
        return;
      case 'chat.history':
        this.dispatch({
          type: 'live',
          conversation: m.conversation,
          update: (cur) => ({ ...cur, messages: mergeMessages(cur.messages, m.messages), more: m.more }),
        });
        return;
      case 'chat.message':
        if (m.message.conversation_id !== selected) return;
        this.dispatch(
          {
            type: 'live',
            conversation: m.message.conversation_id,
            update: (cur) => ({ ...cur, messages: mergeMessages(cur.messages, [m.message]) }),
          },
          { userTyping: false },
        );
        return;
      case 'chat.typing':
        if (m.conversation === selected && m.sender === 'user') this.update({ userTyping: m.typing });
        return;
      case 'chat.read':
        if (m.reader === 'user')
          this.dispatch({
            type: 'live',
            conversation: m.conversation,
            update: (cur) => ({ ...cur, user_read_id: Math.max(cur.user_read_id, m.up_to) }),
          });
        return;
      default:
    }
  }

  private loadThread(id: number, passive = false): void {
    this.opts.fetchThread(id, passive).then(
      (thread) => {
        if (this.live) this.dispatch({ type: 'thread', thread });
      },
      () => {
        if (this.live) this.dispatch({ type: 'threadFailed', id });
      },
    );
  }

  /** Socket events reload the list once they pause (a burst of messages is one reload), as the page's own load. */
  private softReload(): void {
    if (this.reloadTimer) return;
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = null;
      this.passiveNext = true;
      this.update({ listVersion: this.snap.listVersion + 1 });
    }, this.reloadDelayMs);
  }

  private dispatch(action: InboxAction, patch: Partial<AgentChatSnapshot> = {}): void {
    const before = this.snap.selection.selected;
    const selection = inboxReducer(this.snap.selection, action);
    const after = selection.selected;
    if (after === before) {
      this.update({ ...patch, selection });
      return;
    }
    // Another conversation: nobody is typing in it yet; load its thread and watch it live.
    this.typingAt = 0;
    this.update({ ...patch, selection, userTyping: false });
    if (after === null) return;
    this.loadThread(after);
    if (this.snap.ready) this.send({ type: 'chat.join', conversation: after });
  }

  private update(patch: Partial<AgentChatSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    this.readShown();
    for (const l of [...this.listeners]) l();
  }

  /** The agent reads what is shown: the read mark moves to the newest customer message of the thread. */
  private readShown(): void {
    const thread = this.snap.selection.thread;
    if (!thread || !this.snap.ready) return;
    const lastUser = [...thread.messages].reverse().find((m) => m.sender === 'user');
    if (!lastUser || lastUser.id <= thread.agent_read_id) return;
    // The mark moves whether or not the frame went out (a dropped socket stays signed in until it is ready again).
    this.send({ type: 'chat.read', up_to: lastUser.id, conversation: thread.conversation.id });
    const selection = inboxReducer(this.snap.selection, {
      type: 'live',
      conversation: thread.conversation.id,
      update: (cur) => ({ ...cur, agent_read_id: Math.max(cur.agent_read_id, lastUser.id) }),
    });
    this.snap = { ...this.snap, selection };
    this.softReload();
  }
}
