import type { ChatMessage, ClientChatMessage, ServerChatMessage } from '@meridian/shared/pure';
import { ChatSession } from './chat-session';

/** A fake socket channel: records what was sent while "ready", and lets the test play the server. */
function harness() {
  const sent: ClientChatMessage[] = [];
  let ready = false;
  let handlers: { onMessage: (m: ServerChatMessage) => void; onReady: () => void } | null = null;
  let n = 0;
  const session = new ChatSession({
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
    visitorId: () => 'v_abcdefghijklmnopqrstuvwxyz',
    now: () => 1_700_000_000_000,
    random: () => `cid${++n}xxxxxx`,
  });
  session.start();
  return {
    session,
    sent,
    up: () => {
      ready = true;
      handlers?.onReady();
    },
    down: () => {
      ready = false;
    },
    server: (m: ServerChatMessage) => handlers?.onMessage(m),
  };
}

const msg = (
  id: number,
  clientId: string | null,
  sender: 'user' | 'agent' = 'user',
  text = 'x',
): ChatMessage => ({
  id,
  conversation_id: 7,
  sender,
  agent_name: sender === 'agent' ? 'alice' : null,
  client_id: clientId,
  text,
  image: null,
  created_at: 1,
});

it('queues while the socket is down, joins and sends once ready, and shows a resent message once', () => {
  const h = harness();
  h.session.send('hello');
  expect(h.sent).toEqual([]);
  expect(h.session.getSnapshot().pending).toHaveLength(1);

  h.up();
  expect(h.sent).toEqual([{ type: 'chat.join', visitor: 'v_abcdefghijklmnopqrstuvwxyz' }]);
  h.server({ type: 'chat.state', conversation: null, messages: [], more: false, away: false });
  expect(h.sent[1]).toEqual({ type: 'chat.send', client_id: 'cid1xxxxxx', text: 'hello' });

  // The socket drops before the acknowledgement: the next join sends it again, with the same id.
  h.down();
  h.up();
  h.server({ type: 'chat.state', conversation: null, messages: [], more: false, away: false });
  expect(h.sent.filter((m) => m.type === 'chat.send')).toHaveLength(2);
  expect(
    h.sent.filter((m) => m.type === 'chat.send').map((m) => (m as { client_id: string }).client_id),
  ).toEqual(['cid1xxxxxx', 'cid1xxxxxx']);
  // Both acknowledgements carry the same stored message: it shows once.
  h.server({ type: 'chat.message', message: msg(1, 'cid1xxxxxx') });
  h.server({ type: 'chat.message', message: msg(1, 'cid1xxxxxx') });
  expect(h.session.getSnapshot().messages).toHaveLength(1);
  expect(h.session.getSnapshot().pending).toHaveLength(0);
});

it('a join answer that already holds a pending message settles it without sending again', () => {
  const h = harness();
  h.session.send('hi');
  h.up();
  h.server({
    type: 'chat.state',
    conversation: { id: 7, status: 'open', agent_name: null, user_read_id: 0, agent_read_id: 0 },
    messages: [msg(3, 'cid1xxxxxx')],
    more: false,
    away: true,
  });
  expect(h.sent.filter((m) => m.type === 'chat.send')).toHaveLength(0);
  expect(h.session.getSnapshot()).toMatchObject({ pending: [], away: true });
});

it('a refused message is marked failed and can be retried with the same id', () => {
  const h = harness();
  h.up();
  h.server({ type: 'chat.state', conversation: null, messages: [], more: false, away: false });
  h.session.send('spam');
  h.server({ type: 'chat.error', code: 1501, msg: 'Too fast', client_id: 'cid1xxxxxx' });
  expect(h.session.getSnapshot().pending[0]).toMatchObject({ state: 'failed', error: 'Too fast' });
  h.session.retry('cid1xxxxxx');
  const sends = h.sent.filter((m) => m.type === 'chat.send') as { client_id: string }[];
  expect(sends.map((s) => s.client_id)).toEqual(['cid1xxxxxx', 'cid1xxxxxx']);
  expect(h.session.getSnapshot().pending[0]).toMatchObject({ state: 'sending', error: null });
});

it('agent typing, read marks, history and reading', () => {
  const h = harness();
  h.up();
  h.server({
    type: 'chat.state',
    conversation: { id: 7, status: 'pending', agent_name: 'alice', user_read_id: 0, agent_read_id: 0 },
    messages: [msg(5, 'a', 'user'), msg(6, 'b', 'agent')],
    more: true,
    away: false,
  });
  h.server({ type: 'chat.typing', conversation: 7, sender: 'agent', name: 'alice', typing: true });
  expect(h.session.getSnapshot().agentTyping).toBe('alice');
  h.server({ type: 'chat.read', conversation: 7, reader: 'agent', up_to: 5 });
  expect(h.session.getSnapshot().agentReadId).toBe(5);
  h.session.markRead();
  expect(h.sent).toContainEqual({ type: 'chat.read', up_to: 6 });
  h.session.loadOlder();
  expect(h.sent).toContainEqual({ type: 'chat.history', before: 5 });
  h.server({ type: 'chat.history', conversation: 7, messages: [msg(2, 'c'), msg(3, 'd')], more: false });
  expect(h.session.getSnapshot().messages.map((m) => m.id)).toEqual([2, 3, 5, 6]);
  expect(h.session.getSnapshot().more).toBe(false);
});
