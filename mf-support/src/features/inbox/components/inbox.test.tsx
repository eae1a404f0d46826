import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appStore, detachRealtime } from '@meridian/shared';
import { setOpsSessionAtom } from '@meridian/shared/ops';
import { createRemoteTestKit, mockServer, ok, refuse, resetApp, toastTexts } from '@meridian/shared/testing';
import type { ChatMessage, SupportConversationRow } from '@meridian/shared/pure';
import { Inbox } from './inbox';
import { fakeChatSocket } from '../../../testing/chat-socket';

const { renderPage } = createRemoteTestKit('support', { also: ['supportOps', 'ops'] });
const TOKEN = `ops_${'a'.repeat(64)}`;

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
  updated_at: Date.now(),
  ...over,
});
const message = (id: number, conversation: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation_id: conversation,
  sender: 'user',
  agent_name: null,
  client_id: `c${id}xxxxxxxx`,
  text: `Text ${id} of ${conversation}`,
  image: null,
  created_at: Date.now(),
  ...over,
});
const inbox = (rows: SupportConversationRow[], over: Record<string, unknown> = {}) =>
  ok({
    data: rows,
    total: rows.length,
    page: 1,
    limit: 30,
    counts: { open: rows.length, pending: 2, resolved: 9 },
    unread: { open: 3, pending: 0, resolved: 0 },
    server_time: Date.now(),
    ...over,
  });
const threadOf = (r: SupportConversationRow, over: Record<string, unknown> = {}) =>
  ok({
    conversation: r,
    facts: r.user
      ? {
          id: r.user.id,
          uid: r.user.uid,
          email: r.user.email,
          account_type: 'real',
          kyc: 1,
          balance: '250.00',
        }
      : null,
    messages: [message(r.id * 10, r.id)],
    more: false,
    user_read_id: 0,
    agent_read_id: r.id * 10,
    ...over,
  });

let socket: ReturnType<typeof fakeChatSocket>;
beforeEach(() => {
  resetApp();
  appStore.set(setOpsSessionAtom, {
    token: TOKEN,
    me: {
      id: 4,
      email: 'agent@meridian.test',
      roles: ['support'],
      expires_at: Date.now() + 3_600_000,
      idle_timeout_ms: 1_800_000,
    },
  });
  socket = fakeChatSocket();
});
afterEach(() => detachRealtime());

type Routes = Parameters<typeof mockServer>[0];
function server(rows: SupportConversationRow[], over: Routes = {}) {
  return mockServer({
    'GET /api/ops/support/conversations': (req) =>
      req.query.get('status') === 'open' ? inbox(rows) : inbox([], { total: 0 }),
    'GET /api/ops/support/conversation': (req) => {
      const r = rows.find((x) => String(x.id) === req.query.get('id'));
      return r ? threadOf(r) : refuse('No such conversation', 1002);
    },
    'GET /api/ops/support/agents': ok([{ id: 5, email: 'bob@meridian.test', name: 'Bob' }]),
    'GET /api/ops/support/canned': ok([]),
    ...over,
  });
}

const rowsShown = () => screen.getAllByTestId('inbox-row');
const selectedRow = () => rowsShown().find((r) => r.getAttribute('aria-current') === 'true');

/** Sign the agent in on the socket, as the server answers a good ops token. */
async function signIn() {
  await waitFor(() => expect(socket.ofType('chat.agent')).toEqual([{ type: 'chat.agent', token: TOKEN }]));
  socket.server({ type: 'chat.agent', code: 1, msg: 'OK' });
}

describe('/ops/inbox, list and tabs', () => {
  it('shows the tabs with counts and unread, the rows by who wrote, and selects the first with its thread', async () => {
    const s = server([
      row(1, { unread: 2, assignee: { id: 5, email: 'bob@meridian.test' } }),
      row(2, { user: null, visitor: true }),
      row(3, { channel: 'feedback', topic: 'bug' }),
    ]);
    renderPage(<Inbox />);
    await waitFor(() => expect(rowsShown()).toHaveLength(3));
    expect(screen.getByTestId('inbox-tab-open')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('inbox-tab-open')).toHaveTextContent('Open33');
    expect(screen.getByTestId('inbox-tab-pending')).toHaveTextContent(/^Pending2$/);
    const [first, visitor, feedback] = rowsShown();
    expect(first).toHaveTextContent('trader1@example.com');
    expect(within(first!).getByTestId('inbox-row-unread')).toHaveTextContent('2');
    expect(first).toHaveTextContent('bob');
    expect(visitor).toHaveTextContent('Visitor #2');
    expect(visitor).toHaveTextContent('Unassigned');
    expect(feedback).toHaveTextContent('Something is broken');
    await waitFor(() => expect(selectedRow()).toBe(first));
    expect(await screen.findByTestId('inbox-thread')).toHaveTextContent('Text 10 of 1');
    expect(s.find('/api/ops/support/conversation')[0]!.query.get('id')).toBe('1');
    expect(s.find('/api/ops/support/conversations')[0]!.query.get('status')).toBe('open');
  });

  it('selecting a conversation shows that conversation, its customer and joins it live', async () => {
    server([row(1), row(2)]);
    renderPage(<Inbox />);
    await signIn();
    await screen.findByText('Text 10 of 1');
    fireEvent.click(rowsShown()[1]!);
    expect(await screen.findByText('Text 20 of 2')).toBeInTheDocument();
    expect(screen.queryByText('Text 10 of 1')).toBeNull();
    expect(selectedRow()).toBe(rowsShown()[1]);
    const facts = screen.getByTestId('inbox-facts');
    expect(facts).toHaveTextContent('100002');
    expect(facts).toHaveTextContent('trader2@example.com');
    expect(facts).toHaveTextContent('250.00 USD');
    await waitFor(() =>
      expect(socket.ofType('chat.join').at(-1)).toEqual({ type: 'chat.join', conversation: 2 }),
    );
  });

  it('a guest conversation says there is no account yet', async () => {
    server([row(2, { user: null, visitor: true })]);
    renderPage(<Inbox />);
    expect(await screen.findByTestId('inbox-facts')).toHaveTextContent('A guest who has not logged in');
  });

  it('another tab asks for its status and says when it is empty', async () => {
    const s = server([row(1)]);
    renderPage(<Inbox />);
    await waitFor(() => expect(rowsShown()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('inbox-tab-pending'));
    expect(await screen.findByText("No conversation waits for a customer's answer.")).toBeInTheDocument();
    expect(screen.getByTestId('inbox-tab-pending')).toHaveAttribute('aria-selected', 'true');
    expect(s.find('/api/ops/support/conversations').at(-1)!.query.get('status')).toBe('pending');
    expect(screen.getByText('Pick a conversation on the left.')).toBeInTheDocument();
  });

  it('"Assigned to me only" asks for mine', async () => {
    const s = server([row(1)]);
    renderPage(<Inbox />);
    await waitFor(() => expect(rowsShown()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('inbox-mine'));
    await waitFor(() => expect(s.find('/api/ops/support/conversations').at(-1)!.query.get('mine')).toBe('1'));
    expect(s.find('/api/ops/support/conversations')[0]!.query.get('mine')).toBeNull();
  });

  it('a list that fails to load offers a retry', async () => {
    let fail = true;
    server([row(1)], {
      'GET /api/ops/support/conversations': () =>
        fail ? { status: 500, body: { code: 0, msg: 'down', data: null } } : inbox([row(1)]),
    });
    renderPage(<Inbox />);
    const error = await screen.findByTestId('ops-load-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button'));
    await waitFor(() => expect(rowsShown()).toHaveLength(1));
  });
});

describe('/ops/inbox, the thread', () => {
  it('Resolve sends the status, the row leaves the open list, the thread stays shown with "Reopen"', async () => {
    let rows = [row(1), row(2)];
    const s = server(rows, {
      'GET /api/ops/support/conversations': (req) =>
        req.query.get('status') === 'open' ? inbox(rows) : inbox([]),
      'POST /api/ops/support/status': (req) => {
        const { id, status } = req.body as { id: string; status: 'resolved' };
        rows = rows.filter((r) => String(r.id) !== id);
        return ok(row(Number(id), { status }));
      },
    });
    renderPage(<Inbox />);
    await screen.findByText('Text 10 of 1');
    fireEvent.click(screen.getByTestId('inbox-resolve'));
    await waitFor(() => expect(s.find('/api/ops/support/status')).toHaveLength(1));
    expect(s.find('/api/ops/support/status')[0]!.body).toEqual({ id: '1', status: 'resolved' });
    await waitFor(() => expect(rowsShown()).toHaveLength(1));
    expect(rowsShown()[0]).toHaveTextContent('trader2@example.com');
    expect(screen.getByTestId('inbox-resolve')).toHaveTextContent('Reopen');
    expect(screen.getByTestId('inbox-thread')).toHaveTextContent('Live chat · Resolved');
    expect(screen.getByTestId('inbox-thread')).toHaveTextContent('Text 10 of 1');
  });

  it('a refused resolve says why and keeps the conversation open', async () => {
    server([row(1)], { 'POST /api/ops/support/status': refuse('Assigned to another agent', 1403) });
    renderPage(<Inbox />);
    await screen.findByText('Text 10 of 1');
    fireEvent.click(screen.getByTestId('inbox-resolve'));
    await waitFor(() => expect(toastTexts()).toContain('Assigned to another agent'));
    expect(screen.getByTestId('inbox-resolve')).toHaveTextContent('Resolve');
    expect(screen.getByTestId('inbox-resolve')).toBeEnabled();
  });

  it('"Assign to me" sends this agent for this conversation', async () => {
    const s = server([row(1)], {
      'POST /api/ops/support/assign': ok(row(1, { assignee: { id: 4, email: 'agent@meridian.test' } })),
    });
    renderPage(<Inbox />);
    fireEvent.click(await screen.findByTestId('inbox-assign-me'));
    await waitFor(() => expect(screen.getByText('Assigned to agent@meridian.test')).toBeInTheDocument());
    expect(s.find('/api/ops/support/assign')[0]!.body).toEqual({ id: '1', ops_id: '4' });
    expect(screen.queryByTestId('inbox-assign-me')).toBeNull();
  });

  it('a reply goes out live on the socket, trimmed, for this conversation', async () => {
    const s = server([row(1)]);
    renderPage(<Inbox />);
    await signIn();
    await screen.findByText('Text 10 of 1');
    fireEvent.change(screen.getByTestId('inbox-input'), { target: { value: '  On it. ' } });
    fireEvent.keyDown(screen.getByTestId('inbox-input'), { key: 'Enter' });
    const send = socket.ofType('chat.send');
    expect(send).toHaveLength(1);
    expect(send[0]).toMatchObject({ type: 'chat.send', text: 'On it.', conversation: 1 });
    expect(screen.getByTestId('inbox-input')).toHaveValue('');
    expect(s.find('/api/ops/support/reply')).toHaveLength(0);
  });

  it('with the socket down the reply is sent by the call, with its client id', async () => {
    const s = server([row(1)], { 'POST /api/ops/support/reply': ok(message(11, 1, { sender: 'agent' })) });
    renderPage(<Inbox />);
    await screen.findByText('Text 10 of 1');
    socket.setStatus('closed');
    fireEvent.change(screen.getByTestId('inbox-input'), { target: { value: 'Back soon' } });
    fireEvent.click(screen.getByTestId('inbox-send'));
    await waitFor(() => expect(s.find('/api/ops/support/reply')).toHaveLength(1));
    const body = s.find('/api/ops/support/reply')[0]!.body as Record<string, string>;
    expect(body.id).toBe('1');
    expect(body.text).toBe('Back soon');
    expect(body.client_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('a live message of the selected conversation appears, with the customer typing before it', async () => {
    server([row(1)]);
    renderPage(<Inbox />);
    await signIn();
    await screen.findByText('Text 10 of 1');
    socket.server({ type: 'chat.typing', conversation: 1, sender: 'user', name: null, typing: true });
    expect(screen.getByTestId('inbox-typing')).toHaveTextContent('The customer is typing…');
    socket.server({ type: 'chat.message', message: message(12, 1, { text: 'Are you there?' }) });
    expect(screen.getByText('Are you there?')).toBeInTheDocument();
    expect(screen.queryByTestId('inbox-typing')).toBeNull();
    socket.server({ type: 'chat.message', message: message(30, 3, { text: 'Someone else' }) });
    expect(screen.queryByText('Someone else')).toBeNull();
    await waitFor(() =>
      expect(socket.ofType('chat.read').at(-1)).toEqual({ type: 'chat.read', up_to: 12, conversation: 1 }),
    );
  });
});

describe('/ops/inbox, canned replies', () => {
  const canned = [
    { id: 1, title: 'Greeting', body: 'Hello, how can I help?' },
    { id: 2, title: 'KYC', body: 'Please upload your ID.' },
  ];

  it('a picked canned reply fills the reply box, after what was written', async () => {
    server([row(1)], { 'GET /api/ops/support/canned': ok(canned) });
    renderPage(<Inbox />);
    await screen.findByText('Text 10 of 1');
    await waitFor(() => expect(screen.getByRole('option', { name: 'KYC' })).toBeInTheDocument());
    fireEvent.change(screen.getByTestId('inbox-canned'), { target: { value: '1' } });
    expect(screen.getByTestId('inbox-input')).toHaveValue('Hello, how can I help?');
    fireEvent.change(screen.getByTestId('inbox-canned'), { target: { value: '2' } });
    expect(screen.getByTestId('inbox-input')).toHaveValue('Hello, how can I help?\nPlease upload your ID.');
  });

  it('saving asks for a name, then creates it with the reply text and reloads the list', async () => {
    let list: typeof canned = [];
    const s = server([row(1)], {
      'GET /api/ops/support/canned': () => ok(list),
      'POST /api/ops/support/canned/create': (req) => {
        const { title, body } = req.body as { title: string; body: string };
        list = [{ id: 9, title, body }];
        return ok(list[0]);
      },
    });
    renderPage(<Inbox />);
    await screen.findByText('Text 10 of 1');
    expect(screen.getByTestId('canned-save')).toBeDisabled();
    expect(screen.queryByTestId('canned-manage')).toBeNull();
    fireEvent.change(screen.getByTestId('inbox-input'), { target: { value: ' Thanks for waiting. ' } });
    fireEvent.click(screen.getByTestId('canned-save'));
    const form = await screen.findByTestId('canned-save-form');
    expect(form).toHaveTextContent('Thanks for waiting.');
    fireEvent.click(screen.getByTestId('canned-name-save'));
    expect(await within(form).findByText('Please enter a name for this canned reply.')).toBeInTheDocument();
    expect(s.find('/api/ops/support/canned/create')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('canned-name'), { target: { value: ' Wait ' } });
    fireEvent.click(screen.getByTestId('canned-name-save'));
    await waitFor(() => expect(screen.queryByTestId('canned-save-form')).toBeNull());
    expect(s.find('/api/ops/support/canned/create')[0]!.body).toEqual({
      title: 'Wait',
      body: 'Thanks for waiting.',
    });
    expect(toastTexts()).toContain('Canned reply saved');
    expect(await screen.findByTestId('canned-manage')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Wait' })).toBeInTheDocument();
  });

  it('deleting asks first, naming it: Cancel keeps it, Delete removes it with one call', async () => {
    const s = server([row(1)], {
      'GET /api/ops/support/canned': ok(canned),
      'POST /api/ops/support/canned/delete': ok(null),
    });
    renderPage(<Inbox />);
    await screen.findByText('Text 10 of 1');
    fireEvent.click(await screen.findByTestId('canned-manage'));
    const list = await screen.findByTestId('canned-list');
    fireEvent.click(within(list).getByRole('button', { name: 'Delete “KYC”' }));
    // The confirmation opens over the list's own dialog (the app's dialog host loads it lazily).
    const ask = () =>
      waitFor(() => {
        const found = screen
          .getAllByRole('dialog')
          .find((d) => d.textContent?.includes('is removed for every agent'));
        expect(found).toBeDefined();
        return found!;
      });
    let confirmDialog = await ask();
    expect(confirmDialog).toHaveTextContent('Delete this canned reply?');
    expect(confirmDialog).toHaveTextContent('“KYC” is removed for every agent.');
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('“KYC” is removed for every agent.')).toBeNull());
    expect(s.find('/api/ops/support/canned/delete')).toHaveLength(0);
    expect(within(list).getAllByTestId('canned-delete')).toHaveLength(2);

    fireEvent.click(within(list).getByRole('button', { name: 'Delete “KYC”' }));
    confirmDialog = await ask();
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).getAllByTestId('canned-delete')).toHaveLength(1));
    expect(s.find('/api/ops/support/canned/delete').map((c) => c.body)).toEqual([{ id: '2' }]);
    expect(within(list).getByText('Greeting')).toBeInTheDocument();
    expect(toastTexts()).toContain('Canned reply deleted');
    await act(async () => {});
  });
});
