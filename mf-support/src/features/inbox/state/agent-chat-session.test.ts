import type {
  ChatMessage,
  ClientChatMessage,
  ServerChatMessage,
  SupportConversationRow,
  SupportThread,
} from '@meridian/shared/pure';
import { AgentChatSession } from './agent-chat-session';
import type { AgentChatSessionOptions } from './agent-chat-session';

const row = (id: number, over: Partial<SupportConversationRow> = {}): SupportConversationRow => ({
  id,
  channel: 'chat',
  status: 'open',
  topic: null,
  user: { id: 100 + id, uid: `10000${id}`, email: `trader${id}@example.com` },
  visitor: false,
  assignee: null,
  unread: 0,
  waiting_since: null,
  last_text: `Last of ${id}`,
  updated_at: 1,
  ...over,
});

const msg = (id: number, conversation: number, sender: 'user' | 'agent' = 'user'): ChatMessage => ({
  id,
  conversation_id: conversation,
  sender,
  agent_name: sender === 'agent' ? 'alice' : null,
  client_id: `c${id}xxxxxxxx`,
  text: `text ${id}`,
  image: null,
  created_at: 1,
});

const threadOf = (id: number, over: Partial<SupportThread> = {}): SupportThread => ({
  conversation: row(id),
  facts: null,
  messages: [msg(id * 10, id)],
  more: false,
  user_read_id: 0,
  agent_read_id: id * 10,
  ...over,
});

/** Let the thread calls' promises settle. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** A fake socket channel and fake calls: records what was sent while "ready", and lets the test play the server. */
function harness(over: Partial<AgentChatSessionOptions> = {}) {
  const sent: ClientChatMessage[] = [];
  let ready = false;
  let handlers: { onMessage: (m: ServerChatMessage) => void; onReady: () => void } | null = null;
  let n = 0;
  let clock = 1_700_000_000_000;
  const threads = new Map<number, SupportThread>([
    [1, threadOf(1)],
    [2, threadOf(2)],
  ]);
  const fetched: Array<[number, boolean]> = [];
  const replies: Array<[number, string, string]> = [];
  const errors: string[] = [];
  const replyFailures: unknown[] = [];
  const session = new AgentChatSession({
    bind: (h) => {
      handlers = h;
      return {
        send: (m) => {
          if (!ready) return false;
          sent.push(m);
          return true;
        },
        release: () => {
          handlers = null;
        },
      };
    },
    token: () => 'ops_token',
    view: { tab: 'open', mine: false },
    fetchThread: async (id, passive) => {
      fetched.push([id, passive]);
      const t = threads.get(id);
      if (!t) throw new Error('gone');
      return t;
    },
    reply: async (id, clientId, text) => {
      replies.push([id, clientId, text]);
    },
    onError: (m) => errors.push(m),
    onReplyFailed: (err) => replyFailures.push(err),
    now: () => clock,
    random: () => `a${++n}xxxxxxxx`,
    ...over,
  });
  session.start();
  const h = {
    session,
    sent,
    threads,
    fetched,
    replies,
    errors,
    replyFailures,
    snap: () => session.getSnapshot(),
    ofType: <T extends ClientChatMessage['type']>(type: T) =>
      sent.filter((m): m is Extract<ClientChatMessage, { type: T }> => m.type === type),
    up: () => {
      ready = true;
      handlers?.onReady();
    },
    down: () => {
      ready = false;
    },
    server: (m: ServerChatMessage) => handlers?.onMessage(m),
    /** The socket is open and the server accepted the ops token. */
    signIn: () => {
      h.up();
      h.server({ type: 'chat.agent', code: 1, msg: 'ok' });
    },
    tick: (ms: number) => {
      clock += ms;
    },
    /** Rows 1 and 2 of the open tab loaded, and the first one's thread with them. */
    withRows: async () => {
      session.rowsLoaded({ tab: 'open', mine: false }, [1, 2]);
      await settle();
    },
  };
  return h;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('signing in on the socket', () => {
  it('signs in with the ops token when the socket is ready, and is live once the server accepts', () => {
    const h = harness();
    expect(h.snap().ready).toBe(false);
    h.up();
    expect(h.sent).toEqual([{ type: 'chat.agent', token: 'ops_token' }]);
    expect(h.snap().ready).toBe(false);
    h.server({ type: 'chat.agent', code: 1, msg: 'ok' });
    expect(h.snap().ready).toBe(true);
  });

  it('a refused sign-in is not live', () => {
    const h = harness();
    h.up();
    h.server({ type: 'chat.agent', code: 1407, msg: 'Not an agent' });
    expect(h.snap().ready).toBe(false);
  });

  it('no ops token: nothing is sent', () => {
    const h = harness({ token: () => null });
    h.up();
    expect(h.sent).toEqual([]);
  });

  it('after a reconnect it is not live until it signed in again, then watches the selected conversation again', async () => {
    const h = harness();
    h.signIn();
    await h.withRows();
    expect(h.ofType('chat.join')).toEqual([{ type: 'chat.join', conversation: 1 }]);
    h.down();
    h.up();
    expect(h.snap().ready).toBe(false);
    expect(h.ofType('chat.agent')).toHaveLength(2);
    h.server({ type: 'chat.agent', code: 1, msg: 'ok' });
    expect(h.snap().ready).toBe(true);
    expect(h.ofType('chat.join')).toEqual([
      { type: 'chat.join', conversation: 1 },
      { type: 'chat.join', conversation: 1 },
    ]);
  });

  it('stop releases the socket: later answers change nothing', async () => {
    const h = harness();
    h.signIn();
    h.session.rowsLoaded({ tab: 'open', mine: false }, [1, 2]);
    const before = h.sent.length;
    h.session.stop();
    await settle();
    // The thread answer that came after the stop is dropped, and the socket reaches the session no more.
    expect(h.snap().selection.thread).toBeNull();
    h.up();
    h.server({ type: 'chat.inbox', conversation: 1 });
    expect(h.sent).toHaveLength(before);
    expect(h.fetched).toHaveLength(1);
  });
});

describe('selection and thread', () => {
  it('the first row is selected when the rows load, its thread loads and it is watched live', async () => {
    const h = harness();
    h.signIn();
    await h.withRows();
    expect(h.snap().selection.selected).toBe(1);
    expect(h.snap().selection.thread?.conversation.id).toBe(1);
    expect(h.fetched).toEqual([[1, false]]);
    expect(h.ofType('chat.join')).toEqual([{ type: 'chat.join', conversation: 1 }]);
  });

  it('before the sign-in, a selection is joined when the server accepts the agent', async () => {
    const h = harness();
    await h.withRows();
    expect(h.ofType('chat.join')).toEqual([]);
    h.signIn();
    expect(h.ofType('chat.join')).toEqual([{ type: 'chat.join', conversation: 1 }]);
  });

  it('select and move switch the thread, forgetting the customer typing', async () => {
    const h = harness();
    h.signIn();
    await h.withRows();
    h.server({ type: 'chat.typing', conversation: 1, sender: 'user', name: null, typing: true });
    expect(h.snap().userTyping).toBe(true);
    h.session.move(1);
    expect(h.snap().selection.selected).toBe(2);
    expect(h.snap().userTyping).toBe(false);
    await settle();
    expect(h.snap().selection.thread?.conversation.id).toBe(2);
    h.session.select(1);
    await settle();
    expect(h.snap().selection.thread?.conversation.id).toBe(1);
    expect(h.ofType('chat.join').map((m) => m.conversation)).toEqual([1, 2, 1]);
  });

  it('a thread that fails to load shows nothing for that conversation', async () => {
    const h = harness();
    h.threads.delete(1);
    await h.withRows();
    expect(h.snap().selection.selected).toBe(1);
    expect(h.snap().selection.thread).toBeNull();
  });
});

describe('live events', () => {
  it('a message of the selected conversation is added once and stops the typing line; others are ignored', async () => {
    const h = harness();
    h.signIn();
    await h.withRows();
    h.server({ type: 'chat.typing', conversation: 1, sender: 'user', name: null, typing: true });
    h.server({ type: 'chat.message', message: msg(12, 1) });
    h.server({ type: 'chat.message', message: msg(12, 1) });
    h.server({ type: 'chat.message', message: msg(30, 3) });
    expect(h.snap().selection.thread?.messages.map((m) => m.id)).toEqual([10, 12]);
    expect(h.snap().userTyping).toBe(false);
  });

  it('typing of another conversation, or the agent’s own, is not shown', async () => {
    const h = harness();
    h.signIn();
    await h.withRows();
    h.server({ type: 'chat.typing', conversation: 2, sender: 'user', name: null, typing: true });
    h.server({ type: 'chat.typing', conversation: 1, sender: 'agent', name: 'bob', typing: true });
    expect(h.snap().userTyping).toBe(false);
  });

  it('the customer’s read mark only moves forward', async () => {
    const h = harness();
    h.signIn();
    await h.withRows();
    h.server({ type: 'chat.read', conversation: 1, reader: 'user', up_to: 8 });
    expect(h.snap().selection.thread?.user_read_id).toBe(8);
    h.server({ type: 'chat.read', conversation: 1, reader: 'user', up_to: 3 });
    expect(h.snap().selection.thread?.user_read_id).toBe(8);
    h.server({ type: 'chat.read', conversation: 1, reader: 'agent', up_to: 99 });
    expect(h.snap().selection.thread?.agent_read_id).toBe(10);
  });

  it('an inbox ping reloads the list once after a pause, passively, and the shown thread', async () => {
    const h = harness();
    h.signIn();
    await h.withRows();
    const v = h.snap().listVersion;
    h.server({ type: 'chat.inbox', conversation: 1 });
    h.server({ type: 'chat.inbox', conversation: 2 });
    expect(h.fetched).toEqual([
      [1, false],
      [1, true],
    ]);
    expect(h.snap().listVersion).toBe(v);
    jest.advanceTimersByTime(300);
    expect(h.snap().listVersion).toBe(v + 1);
    expect(h.session.takePassive()).toBe(true);
    expect(h.session.takePassive()).toBe(false);
  });

  it('older messages load before the first one shown and merge in', async () => {
    const h = harness();
    h.threads.set(1, threadOf(1, { more: true }));
    h.signIn();
    await h.withRows();
    h.session.loadOlder();
    expect(h.ofType('chat.history')).toEqual([{ type: 'chat.history', before: 10, conversation: 1 }]);
    h.server({ type: 'chat.history', conversation: 1, messages: [msg(4, 1), msg(5, 1)], more: false });
    expect(h.snap().selection.thread).toMatchObject({ more: false });
    expect(h.snap().selection.thread?.messages.map((m) => m.id)).toEqual([4, 5, 10]);
  });

  it('a refusal from the socket is reported', () => {
    const h = harness();
    h.server({ type: 'chat.error', code: 1501, msg: 'Too fast' });
    expect(h.errors).toEqual(['Too fast']);
  });
});

describe('read marks', () => {
  it('the agent reads what is shown: the mark moves to the newest customer message, once', async () => {
    const h = harness();
    h.threads.set(1, threadOf(1, { messages: [msg(10, 1), msg(11, 1, 'agent'), msg(12, 1)] }));
    h.signIn();
    await h.withRows();
    expect(h.ofType('chat.read')).toEqual([{ type: 'chat.read', up_to: 12, conversation: 1 }]);
    expect(h.snap().selection.thread?.agent_read_id).toBe(12);
    h.server({ type: 'chat.message', message: msg(13, 1, 'agent') });
    expect(h.ofType('chat.read')).toHaveLength(1);
    h.server({ type: 'chat.message', message: msg(14, 1) });
    expect(h.ofType('chat.read').at(-1)).toEqual({ type: 'chat.read', up_to: 14, conversation: 1 });
    // Reading changes the unread counts: the list reloads.
    const v = h.snap().listVersion;
    jest.advanceTimersByTime(300);
    expect(h.snap().listVersion).toBe(v + 1);
  });

  it('nothing is marked read before the agent is signed in', async () => {
    const h = harness();
    h.threads.set(1, threadOf(1, { agent_read_id: 0 }));
    await h.withRows();
    expect(h.snap().selection.thread?.agent_read_id).toBe(0);
    h.signIn();
    expect(h.ofType('chat.read')).toEqual([{ type: 'chat.read', up_to: 10, conversation: 1 }]);
  });
});

describe('replies', () => {
  it('a reply goes out on the socket, trimmed, with a client id, then typing stops', async () => {
    const h = harness();
    h.signIn();
    await h.withRows();
    expect(h.session.reply('  On it. ')).toBe(true);
    expect(h.ofType('chat.send')).toEqual([
      { type: 'chat.send', client_id: 'a1xxxxxxxx', text: 'On it.', conversation: 1 },
    ]);
    expect(h.sent.at(-1)).toEqual({ type: 'chat.typing', typing: false, conversation: 1 });
    expect(h.replies).toEqual([]);
  });

  it('an empty reply sends nothing', async () => {
    const h = harness();
    h.signIn();
    await h.withRows();
    expect(h.session.reply('   ')).toBe(false);
    expect(h.ofType('chat.send')).toEqual([]);
  });

  it('with the socket down the reply goes by the call, with the same client id it was given', async () => {
    const h = harness();
    h.signIn();
    await h.withRows();
    h.down();
    expect(h.session.reply('Back soon')).toBe(true);
    expect(h.replies).toEqual([[1, 'a1xxxxxxxx', 'Back soon']]);
    expect(h.ofType('chat.send')).toEqual([]);
  });

  it('a failed reply call is reported', async () => {
    const err = new Error('down');
    const h = harness({ reply: () => Promise.reject(err) });
    await h.withRows();
    h.session.reply('Hello');
    await settle();
    expect(h.replyFailures).toEqual([err]);
  });

  it('typing is sent at most every 3 s, and only while there is text', async () => {
    const h = harness();
    h.signIn();
    await h.withRows();
    h.session.typing('H');
    h.session.typing('He');
    h.tick(3001);
    h.session.typing('');
    h.session.typing('Hel');
    expect(h.ofType('chat.typing')).toEqual([
      { type: 'chat.typing', typing: true, conversation: 1 },
      { type: 'chat.typing', typing: true, conversation: 1 },
    ]);
  });
});

describe('changes made by calls', () => {
  it('resolving and reopening apply the new row to the thread and reload the list', async () => {
    const h = harness();
    h.signIn();
    await h.withRows();
    const v = h.snap().listVersion;
    h.session.changed(row(1, { status: 'resolved' }));
    expect(h.snap().selection.thread?.conversation.status).toBe('resolved');
    expect(h.snap().listVersion).toBe(v + 1);
    // The resolved row leaves the open list: it stays shown until the agent moves on.
    h.session.rowsLoaded({ tab: 'open', mine: false }, [2]);
    expect(h.snap().selection.selected).toBe(1);
    h.session.changed(row(1, { status: 'open' }));
    expect(h.snap().selection.thread?.conversation.status).toBe('open');
    expect(h.snap().selection.thread?.messages.map((m) => m.id)).toEqual([10]);
    expect(h.snap().listVersion).toBe(v + 2);
    // The agent's own reload is not passive.
    h.session.reloadList();
    expect(h.snap().listVersion).toBe(v + 3);
    expect(h.session.takePassive()).toBe(false);
  });

  it('a row of another conversation does not touch the thread shown', async () => {
    const h = harness();
    await h.withRows();
    h.session.changed(row(2, { status: 'resolved' }));
    expect(h.snap().selection.thread?.conversation.status).toBe('open');
  });

  it('another tab starts with nothing selected', async () => {
    const h = harness();
    await h.withRows();
    h.session.setView({ tab: 'resolved', mine: false });
    expect(h.snap().selection).toMatchObject({ selected: null, thread: null, rows: null });
  });

  it('subscribers hear every change until they unsubscribe', async () => {
    const h = harness();
    const heard = jest.fn();
    const off = h.session.subscribe(heard);
    h.session.reloadList();
    expect(heard).toHaveBeenCalledTimes(1);
    off();
    h.session.reloadList();
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
