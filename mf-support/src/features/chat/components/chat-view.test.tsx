import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { detachRealtime } from '@meridian/shared';
import { logIn } from '@meridian/shared/testing';
import type { ChatMessage, ServerChatMessage } from '@meridian/shared/pure';
import { ChatView } from './chat-view';
import { fakeChatSocket } from '../../../testing/chat-socket';
import { mockServer, ok, renderPage, resetApp } from '../../../testing/test-utils';

const VISITOR = 'v_abcdefghijklmnopqrstuvwxyz';

const NOW = Date.now();
const msg = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation_id: 7,
  sender: 'user',
  agent_name: null,
  client_id: `c${id}xxxxxxxx`,
  text: `Message ${id}`,
  image: null,
  created_at: NOW,
  ...over,
});
const conversation = (over: Record<string, unknown> = {}) => ({
  id: 7,
  status: 'open' as const,
  agent_name: null,
  user_read_id: 0,
  agent_read_id: 0,
  ...over,
});
const state = (messages: ChatMessage[] = [], over: Record<string, unknown> = {}): ServerChatMessage => ({
  type: 'chat.state',
  conversation: messages.length ? conversation() : null,
  messages,
  more: false,
  away: false,
  ...over,
});

let socket: ReturnType<typeof fakeChatSocket>;
beforeEach(() => {
  resetApp();
  localStorage.setItem('meridian.chat.visitor', VISITOR);
  mockServer({});
  socket = fakeChatSocket();
});
afterEach(() => detachRealtime());

async function joined(first: ServerChatMessage = state()) {
  renderPage(<ChatView />, { path: '/mine/chat' });
  await waitFor(() => expect(socket.ofType('chat.join')).toHaveLength(1));
  socket.server(first);
}

function write(text: string) {
  fireEvent.change(screen.getByTestId('chat-input'), { target: { value: text } });
}

describe('/mine/chat', () => {
  it('a guest joins with the device visitor id and sees the welcome and the guest notice', async () => {
    await joined();
    expect(socket.ofType('chat.join')[0]).toEqual({ type: 'chat.join', visitor: VISITOR });
    expect(screen.getByTestId('chat-empty')).toHaveTextContent(
      'Ask us anything. We usually reply within a few minutes.',
    );
    expect(screen.getByTestId('chat-guest')).toHaveTextContent('You are chatting as a guest.');
    expect(screen.getByTestId('chat-agent')).toHaveTextContent('Our team answers here');
    expect(screen.queryByTestId('chat-attach')).toBeNull();
  });

  it('a trader joins with the session token, without the guest notice, and may attach an image', async () => {
    logIn();
    await joined();
    expect(socket.ofType('chat.join')[0]).toEqual({ type: 'chat.join', token: 'tok-1', visitor: VISITOR });
    expect(screen.queryByTestId('chat-guest')).toBeNull();
    expect(screen.getByRole('button', { name: 'Attach an image' })).toBeInTheDocument();
  });

  it('shows no welcome before the join is answered', async () => {
    renderPage(<ChatView />, { path: '/mine/chat' });
    await waitFor(() => expect(socket.ofType('chat.join')).toHaveLength(1));
    expect(screen.queryByTestId('chat-empty')).toBeNull();
  });

  it('Send is disabled for blank text; a message goes out trimmed, shown as sending, and the box empties', async () => {
    await joined();
    expect(screen.getByTestId('chat-send')).toBeDisabled();
    write('   ');
    expect(screen.getByTestId('chat-send')).toBeDisabled();
    write('  Hello there ');
    fireEvent.click(screen.getByTestId('chat-send'));
    const send = socket.ofType('chat.send');
    expect(send).toHaveLength(1);
    expect(send[0]!.text).toBe('Hello there');
    expect(send[0]!.client_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    const bubble = screen.getByTestId('chat-mine');
    expect(bubble).toHaveTextContent('Hello there');
    expect(within(bubble).getByTestId('chat-tick')).toHaveAttribute('aria-label', 'Sending');
    expect(screen.getByTestId('chat-input')).toHaveValue('');
    expect(screen.queryByTestId('chat-empty')).toBeNull();
  });

  it('Enter sends, Shift+Enter does not', async () => {
    await joined();
    write('line one');
    fireEvent.keyDown(screen.getByTestId('chat-input'), { key: 'Enter', shiftKey: true });
    expect(socket.ofType('chat.send')).toHaveLength(0);
    fireEvent.keyDown(screen.getByTestId('chat-input'), { key: 'Enter' });
    expect(socket.ofType('chat.send')).toHaveLength(1);
  });

  it('the stored copy replaces the sending one: one bubble, ticked "Sent"', async () => {
    await joined();
    write('Hi');
    fireEvent.click(screen.getByTestId('chat-send'));
    const { client_id } = socket.ofType('chat.send')[0]!;
    socket.server({ type: 'chat.message', message: msg(11, { client_id, text: 'Hi' }) });
    const bubbles = screen.getAllByTestId('chat-mine');
    expect(bubbles).toHaveLength(1);
    expect(within(bubbles[0]!).getByTestId('chat-tick')).toHaveAttribute('aria-label', 'Sent');
    expect(within(bubbles[0]!).getByTestId('chat-tick')).toHaveTextContent('✓');
  });

  it('a refused send says why; Retry sends it again with the same client id; Delete drops it', async () => {
    await joined();
    write('First');
    fireEvent.click(screen.getByTestId('chat-send'));
    const first = socket.ofType('chat.send')[0]!;
    socket.server({ type: 'chat.error', code: 1429, msg: 'Slow down a little', client_id: first.client_id });
    const bubble = screen.getByTestId('chat-mine');
    expect(bubble).toHaveAttribute('data-pending', 'failed');
    expect(bubble).toHaveTextContent('Slow down a little');
    expect(within(bubble).getByTestId('chat-tick')).toHaveAttribute('aria-label', 'Not sent');
    fireEvent.click(within(bubble).getByTestId('chat-retry'));
    const again = socket.ofType('chat.send');
    expect(again).toHaveLength(2);
    expect(again[1]).toEqual(first);
    expect(screen.getByTestId('chat-mine')).toHaveAttribute('data-pending', 'sending');
    socket.server({ type: 'chat.error', code: 1429, msg: 'Slow down a little', client_id: first.client_id });
    fireEvent.click(within(screen.getByTestId('chat-mine')).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByTestId('chat-mine')).toBeNull();
    expect(socket.ofType('chat.send')).toHaveLength(2);
  });

  it('my messages up to the agent read mark read "Read", later ones "Sent"; a read receipt moves the mark', async () => {
    await joined(state([msg(1), msg(2), msg(3)], { conversation: conversation({ agent_read_id: 1 }) }));
    const ticks = () => screen.getAllByTestId('chat-tick').map((t) => t.getAttribute('aria-label'));
    expect(ticks()).toEqual(['Read', 'Sent', 'Sent']);
    socket.server({ type: 'chat.read', conversation: 7, reader: 'agent', up_to: 3 });
    expect(ticks()).toEqual(['Read', 'Read', 'Read']);
    expect(screen.getAllByTestId('chat-tick')[2]).toHaveTextContent('✓✓');
  });

  it('shows the agent, their typing, and reads their message at once', async () => {
    await joined(state([msg(1)]));
    socket.server({ type: 'chat.status', conversation: 7, status: 'pending', agent_name: 'Alice' });
    expect(screen.getByTestId('chat-agent')).toHaveTextContent('Alice · Customer service');
    socket.server({ type: 'chat.typing', conversation: 7, sender: 'agent', name: 'Alice', typing: true });
    expect(screen.getByTestId('chat-typing')).toHaveTextContent('Alice is typing…');
    socket.server({
      type: 'chat.message',
      message: msg(2, { sender: 'agent', agent_name: 'Alice', client_id: null, text: 'How can I help?' }),
    });
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    expect(screen.getByTestId('chat-theirs')).toHaveTextContent('AliceHow can I help?');
    expect(socket.ofType('chat.read')).toEqual([{ type: 'chat.read', up_to: 2 }]);
  });

  it('says when nobody is in, and when a conversation was resolved', async () => {
    await joined(state([msg(1)], { away: true, conversation: conversation({ status: 'resolved' }) }));
    expect(screen.getByTestId('chat-away')).toHaveTextContent('We are away right now.');
    expect(
      screen.getByText('This conversation was marked resolved. Write again to reopen it.'),
    ).toBeInTheDocument();
  });

  it('offline: a message waits with a notice, then goes out once after the reconnect join', async () => {
    await joined(state([msg(1)]));
    socket.setStatus('closed');
    write('While offline');
    fireEvent.click(screen.getByTestId('chat-send'));
    expect(socket.ofType('chat.send')).toHaveLength(0);
    expect(screen.getByTestId('chat-offline')).toHaveTextContent(
      'Waiting for the connection — your messages go out as soon as it is back.',
    );
    socket.setStatus('open');
    await waitFor(() => expect(socket.ofType('chat.join')).toHaveLength(2));
    expect(socket.ofType('chat.send')).toHaveLength(0);
    socket.server(state([msg(1)]));
    const send = socket.ofType('chat.send');
    expect(send).toHaveLength(1);
    expect(send[0]!.text).toBe('While offline');
    expect(screen.queryByTestId('chat-offline')).toBeNull();
    expect(screen.getAllByTestId('chat-mine')).toHaveLength(2);
  });

  it('a message stored just before a drop is not shown twice after the reconnect', async () => {
    await joined(state([msg(1)]));
    write('Just in time');
    fireEvent.click(screen.getByTestId('chat-send'));
    const { client_id } = socket.ofType('chat.send')[0]!;
    socket.setStatus('closed');
    socket.setStatus('open');
    await waitFor(() => expect(socket.ofType('chat.join')).toHaveLength(2));
    socket.server(state([msg(1), msg(2, { client_id, text: 'Just in time' })]));
    expect(screen.getAllByTestId('chat-mine').map((b) => b.textContent)).toEqual([
      expect.stringContaining('Message 1'),
      expect.stringContaining('Just in time'),
    ]);
    expect(socket.ofType('chat.send')).toHaveLength(1);
  });

  it('"Earlier messages" asks for the page before the oldest and shows it above', async () => {
    await joined(state([msg(40), msg(41)], { more: true }));
    fireEvent.click(screen.getByTestId('chat-older'));
    expect(socket.ofType('chat.history')).toEqual([{ type: 'chat.history', before: 40 }]);
    expect(screen.getByTestId('chat-older')).toBeDisabled();
    socket.server({ type: 'chat.history', conversation: 7, messages: [msg(39)], more: false });
    expect(screen.getAllByTestId('chat-mine').map((b) => b.getAttribute('data-id'))).toEqual([
      '39',
      '40',
      '41',
    ]);
    expect(screen.queryByTestId('chat-older')).toBeNull();
  });

  it('an uploaded image is sent as its url in a message of its own', async () => {
    logIn();
    mockServer({ 'POST /api/common/image_upload': ok({ url: '/api/common/upload/a.png' }) });
    await joined();
    await act(async () => {
      fireEvent.change(screen.getByTestId('chat-file'), {
        target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] },
      });
    });
    await waitFor(() => expect(socket.ofType('chat.send')).toHaveLength(1));
    expect(socket.ofType('chat.send')[0]).toMatchObject({ text: '', image: '/api/common/upload/a.png' });
  });
});
