/**
 * The trader's side of the support chat, without React: joins on every ready socket, keeps the stored messages and
 * the ones still on their way. A message gets its client id when written and keeps it: while the socket is down it
 * waits here and goes out when the socket is ready again, and if it went out just before a drop it goes out again —
 * the server stores a client id once and acknowledges with the stored copy, so it shows exactly once.
 */
import type { ChatConversation, ChatMessage, ServerChatMessage } from '@meridian/shared/pure';
import { newClientId } from '../../../lib/chat-channel';
import type { ChatBinding } from '../../../lib/chat-channel';

export type PendingMessage = {
  client_id: string;
  text: string;
  image: string | null;
  state: 'sending' | 'failed';
  error: string | null;
  created_at: number;
};

export type ChatSnapshot = {
  /** The first `chat.state` arrived. */
  joined: boolean;
  conversation: ChatConversation | null;
  /** Stored messages, oldest first. */
  messages: ChatMessage[];
  pending: PendingMessage[];
  more: boolean;
  loadingOlder: boolean;
  away: boolean;
  /** The agent typing now (their name), or null. */
  agentTyping: string | null;
  /** Highest message id an agent read: the trader's messages up to it show "read". */
  agentReadId: number;
  /** A refusal not tied to one message (e.g. the join), shown once. */
  error: string | null;
};

export type ChatSessionOptions = {
  bind: (handlers: { onMessage: (m: ServerChatMessage) => void; onReady: () => void }) => ChatBinding;
  visitorId: () => string | null;
  /** The session token: the join names the user with it. */
  token?: () => string | null;
  now?: () => number;
  random?: () => string;
};

const INITIAL: ChatSnapshot = {
  joined: false,
  conversation: null,
  messages: [],
  pending: [],
  more: false,
  loadingOlder: false,
  away: false,
  agentTyping: null,
  agentReadId: 0,
  error: null,
};

export class ChatSession {
  private snap: ChatSnapshot = INITIAL;
  private channel: ChatBinding | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly random: () => string;
  private typingSentAt = 0;

  constructor(private readonly opts: ChatSessionOptions) {
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? newClientId;
  }

  start(): void {
    if (this.channel) return;
    this.channel = this.opts.bind({
      onMessage: (m) => this.onMessage(m),
      onReady: () => this.onReady(),
    });
  }

  stop(): void {
    this.channel?.release();
    this.channel = null;
  }

  getSnapshot = (): ChatSnapshot => this.snap;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Write a message (text and/or one uploaded image URL). */
  send(text: string, image: string | null = null): void {
    const trimmed = text.trim();
    if (!trimmed && !image) return;
    const p: PendingMessage = {
      client_id: this.random(),
      text: trimmed,
      image,
      state: 'sending',
      error: null,
      created_at: this.now(),
    };
    this.set({ pending: [...this.snap.pending, p] });
    this.transmit(p);
  }

  /** Send a failed message again, with the same client id. */
  retry(clientId: string): void {
    const p = this.snap.pending.find((x) => x.client_id === clientId);
    if (!p) return;
    const again: PendingMessage = { ...p, state: 'sending', error: null };
    this.set({ pending: this.snap.pending.map((x) => (x.client_id === clientId ? again : x)) });
    this.transmit(again);
  }

  /** Drop a failed message. */
  discard(clientId: string): void {
    this.set({ pending: this.snap.pending.filter((x) => x.client_id !== clientId) });
  }

  /** The page before the oldest message shown. */
  loadOlder(): void {
    const first = this.snap.messages[0];
    if (!first || !this.snap.more || this.snap.loadingOlder) return;
    if (this.channel?.send({ type: 'chat.history', before: first.id })) this.set({ loadingOlder: true });
  }

  /** The trader is typing (sent at most every 3 s) or stopped. */
  typing(active: boolean): void {
    if (!this.snap.conversation) return;
    const now = this.now();
    if (active && now - this.typingSentAt < 3000) return;
    this.typingSentAt = active ? now : 0;
    this.channel?.send({ type: 'chat.typing', typing: active });
  }

  /** Everything shown is read: move the trader's read mark to the newest agent message. */
  markRead(): void {
    const c = this.snap.conversation;
    if (!c) return;
    const lastAgent = [...this.snap.messages].reverse().find((m) => m.sender === 'agent');
    if (!lastAgent || lastAgent.id <= c.user_read_id) return;
    if (this.channel?.send({ type: 'chat.read', up_to: lastAgent.id }))
      this.set({ conversation: { ...c, user_read_id: lastAgent.id } });
  }

  // ---- internals ----

  private transmit(p: PendingMessage): void {
    if (!this.snap.joined) return; // goes out after the join
    this.channel?.send({
      type: 'chat.send',
      client_id: p.client_id,
      text: p.text,
      ...(p.image ? { image: p.image } : {}),
    });
  }

  private onReady(): void {
    const visitor = this.opts.visitorId();
    const token = this.opts.token?.() ?? null;
    this.set({ joined: false });
    this.channel?.send({ type: 'chat.join', ...(token ? { token } : {}), ...(visitor ? { visitor } : {}) });
  }

  private merge(list: ChatMessage[], add: ChatMessage[]): ChatMessage[] {
    const byId = new Map(list.map((m) => [m.id, m]));
    for (const m of add) byId.set(m.id, m);
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }

  private onMessage(m: ServerChatMessage): void {
    switch (m.type) {
      case 'chat.state': {
        const stored = new Set(m.messages.map((x) => x.client_id));
        const pending = this.snap.pending.filter((p) => !stored.has(p.client_id));
        // A new join (reconnect, login) may be another conversation: start from what the server says.
        const sameConversation = this.snap.conversation?.id === m.conversation?.id;
        this.set({
          joined: true,
          conversation: m.conversation,
          messages: sameConversation ? this.merge(this.snap.messages, m.messages) : m.messages,
          more: sameConversation && this.snap.messages.length > 0 ? this.snap.more : m.more,
          away: m.away,
          agentReadId: m.conversation?.agent_read_id ?? 0,
          pending,
          error: null,
        });
        // What waited for the socket (or went out just before it dropped) goes out now, once per client id.
        for (const p of pending) if (p.state === 'sending') this.transmit(p);
        return;
      }
      case 'chat.message': {
        const msg = m.message;
        const conversation =
          this.snap.conversation ??
          ({
            id: msg.conversation_id,
            status: 'open',
            agent_name: null,
            user_read_id: 0,
            agent_read_id: 0,
          } as const);
        this.set({
          conversation,
          messages: this.merge(this.snap.messages, [msg]),
          pending: this.snap.pending.filter((p) => p.client_id !== msg.client_id),
          agentTyping: msg.sender === 'agent' ? null : this.snap.agentTyping,
        });
        return;
      }
      case 'chat.history':
        this.set({ messages: this.merge(this.snap.messages, m.messages), more: m.more, loadingOlder: false });
        return;
      case 'chat.typing':
        if (m.sender === 'agent') this.set({ agentTyping: m.typing ? (m.name ?? '') : null });
        return;
      case 'chat.read':
        if (m.reader === 'agent') this.set({ agentReadId: Math.max(this.snap.agentReadId, m.up_to) });
        return;
      case 'chat.status':
        if (this.snap.conversation?.id === m.conversation)
          this.set({
            conversation: { ...this.snap.conversation, status: m.status, agent_name: m.agent_name },
          });
        return;
      case 'chat.error':
        if (m.client_id && this.snap.pending.some((p) => p.client_id === m.client_id)) {
          this.set({
            pending: this.snap.pending.map((p) =>
              p.client_id === m.client_id ? { ...p, state: 'failed', error: m.msg } : p,
            ),
          });
          return;
        }
        this.set({ error: m.msg, loadingOlder: false });
        return;
      default:
    }
  }

  private set(patch: Partial<ChatSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    for (const l of [...this.listeners]) l();
  }
}
