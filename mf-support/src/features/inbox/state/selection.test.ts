/** The inbox's selection rules: the highlighted row and the thread beside it are always the same conversation. */
import type { ChatStatus, SupportConversationRow, SupportThread } from '@meridian/shared/pure';
import { initialSelection, inboxReducer } from './selection';
import type { InboxAction, InboxSelection } from './selection';

const ALICE = 1;
const BOB = 2;
const CAROL = 3;

const row = (id: number, status: ChatStatus = 'open'): SupportConversationRow => ({
  id,
  channel: 'chat',
  status,
  topic: null,
  user: { id: id * 10, uid: `1000000${id}`, email: `user${id}@x.test` },
  visitor: false,
  assignee: null,
  unread: 0,
  waiting_since: null,
  last_text: `hello from ${id}`,
  updated_at: 1000 + id,
});
const thread = (id: number, status: ChatStatus = 'open'): SupportThread => ({
  conversation: row(id, status),
  facts: null,
  messages: [],
  more: false,
  user_read_id: 0,
  agent_read_id: 0,
});
const open = { tab: 'open' as const, mine: false };
const resolved = { tab: 'resolved' as const, mine: false };
const run = (actions: InboxAction[], from: InboxSelection = initialSelection(open)) =>
  actions.reduce(inboxReducer, from);

it('selects the first row once the rows of the tab arrive', () => {
  const s = run([{ type: 'rows', view: open, ids: [ALICE, BOB] }]);
  expect(s.selected).toBe(ALICE);
  expect(s.thread).toBeNull();
});

it('after resolving one and opening Resolved, the row highlighted and the thread shown are the same', () => {
  // Open: Alice selected and shown; the agent resolves her.
  let s = run([
    { type: 'rows', view: open, ids: [ALICE, CAROL] },
    { type: 'thread', thread: thread(ALICE) },
    { type: 'changed', row: row(ALICE, 'resolved') },
  ]);
  expect(s.thread?.conversation.status).toBe('resolved');
  // The socket's "inbox changed" reloads Alice's thread (the answer comes late); the open list reloads without her,
  // and she stays shown until the agent moves on.
  s = run([{ type: 'rows', view: open, ids: [CAROL] }], s);
  expect(s.selected).toBe(ALICE);

  // The agent opens Resolved: nothing is selected from the Open rows still on screen.
  s = run(
    [
      { type: 'view', view: resolved },
      { type: 'rows', view: open, ids: [CAROL] },
    ],
    s,
  );
  expect(s.selected).toBeNull();
  expect(s.thread).toBeNull();

  // Resolved's rows: Bob (resolved earlier) first, then Alice. Bob is selected and his thread is asked for.
  s = run([{ type: 'rows', view: resolved, ids: [BOB, ALICE] }], s);
  expect(s.selected).toBe(BOB);
  // Alice's late answer must not be shown beside Bob's row.
  s = run([{ type: 'thread', thread: thread(ALICE, 'resolved') }], s);
  expect(s.thread).toBeNull();
  s = run([{ type: 'thread', thread: thread(BOB, 'resolved') }], s);
  expect(s.selected).toBe(BOB);
  expect(s.thread?.conversation.id).toBe(BOB);
});

it('a late thread answer after the agent picked another row is dropped; live events of others too', () => {
  let s = run([
    { type: 'rows', view: open, ids: [ALICE, BOB] },
    { type: 'select', id: BOB },
    { type: 'thread', thread: thread(ALICE) },
  ]);
  expect(s.thread).toBeNull();
  s = run([{ type: 'thread', thread: thread(BOB) }], s);
  const before = s.thread;
  s = run(
    [
      {
        type: 'live',
        conversation: ALICE,
        update: (t) => ({ ...t, user_read_id: 99 }),
      },
      { type: 'changed', row: row(ALICE, 'resolved') },
    ],
    s,
  );
  expect(s.thread).toBe(before);
  s = run([{ type: 'live', conversation: BOB, update: (t) => ({ ...t, user_read_id: 7 }) }], s);
  expect(s.thread?.user_read_id).toBe(7);
});

it('a reload of the same thread keeps read marks moving forward only', () => {
  let s = run([
    { type: 'rows', view: open, ids: [ALICE] },
    { type: 'thread', thread: { ...thread(ALICE), user_read_id: 5, agent_read_id: 4 } },
  ]);
  s = run([{ type: 'thread', thread: { ...thread(ALICE), user_read_id: 3, agent_read_id: 6 } }], s);
  expect(s.thread?.user_read_id).toBe(5);
  expect(s.thread?.agent_read_id).toBe(6);
});

it('j / k move within the rows of the tab shown', () => {
  let s = run([{ type: 'rows', view: open, ids: [ALICE, BOB, CAROL] }]);
  s = run([{ type: 'move', step: 1 }], s);
  expect(s.selected).toBe(BOB);
  s = run(
    [
      { type: 'move', step: 5 },
      { type: 'move', step: -1 },
    ],
    s,
  );
  expect(s.selected).toBe(BOB);
});

it('a selected row gone from the list with no thread shown gives way to the first row', () => {
  const s = run([
    { type: 'rows', view: open, ids: [ALICE, BOB] },
    { type: 'select', id: BOB },
    { type: 'rows', view: open, ids: [ALICE, CAROL] },
  ]);
  expect(s.selected).toBe(ALICE);
});
