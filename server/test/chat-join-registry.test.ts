/**
 * The chat's join registry alone (no database, no socket): join and leave, which identity a socket holds, and which
 * sockets a relayed frame reaches — an agent's watched conversations and inbox pings, a trader's one conversation,
 * the adoption of a conversation created after the join, and a login join whose socket logged in as someone else.
 */
import type { ServerChatMessage } from '@meridian/shared/pure';
import type { SocketHandle } from '../src/realtime/gateway';
import { JoinRegistry } from '../src/modules/support/chat/join-registry';
import type { AgentJoin, Relay, TraderJoin } from '../src/modules/support/chat/types';

const socket = (userId: number | null = null): SocketHandle & { userId: number | null } => ({
  userId,
  sessionId: userId === null ? null : 100 + userId,
  lang: 'en',
  ip: '127.0.0.1',
  send: () => undefined,
});

const trader = (over: Partial<TraderJoin> = {}): TraderJoin => ({
  kind: 'trader',
  userId: null,
  sessionId: null,
  fromLogin: false,
  visitorId: null,
  fallbackVisitor: null,
  conversation: null,
  checkedAt: 0,
  ...over,
});

const agent = (watching: number[] = []): AgentJoin => ({
  kind: 'agent',
  actor: {
    id: 9,
    email: 'agent@example.com',
    roles: ['support'],
    sessionId: 1,
    expiresAt: 0,
    idleMs: 0,
  },
  watching: new Set(watching),
  endsAt: 0,
  checkedAt: 0,
});

const typing = (conversation: number): ServerChatMessage => ({
  type: 'chat.typing',
  conversation,
  sender: 'user',
  name: null,
  typing: true,
});

const relay = (over: Partial<Relay> = {}): Relay => ({
  conversation: 1,
  channel: 'chat',
  userId: null,
  visitorId: null,
  frame: typing(over.conversation ?? 1),
  ...over,
});

describe('chat join registry', () => {
  test('join, get, holds, leave and clear', () => {
    const r = new JoinRegistry();
    const a = socket();
    const b = socket();
    const ja = trader({ userId: 1 });
    r.join(a, ja);
    r.join(b, agent());
    expect(r.size).toBe(2);
    expect(r.get(a)).toBe(ja);
    expect(r.holds(a, ja)).toBe(true);
    expect(r.holds(a, trader({ userId: 1 }))).toBe(false);
    r.leave(a);
    expect(r.get(a)).toBeUndefined();
    expect(r.holds(a, ja)).toBe(false);
    expect(r.size).toBe(1);
    r.clear();
    expect(r.size).toBe(0);
    expect(r.get(b)).toBeUndefined();
  });

  test('a new join replaces the socket’s identity', () => {
    const r = new JoinRegistry();
    const h = socket(1);
    r.join(h, agent());
    const j = trader({ userId: 1 });
    r.join(h, j);
    expect(r.size).toBe(1);
    expect(r.get(h)).toBe(j);
  });

  test('where picks joins by identity, in join order', () => {
    const r = new JoinRegistry();
    const [a, b, c] = [socket(1), socket(), socket(2)];
    r.join(a, trader({ userId: 1 }));
    r.join(b, agent());
    r.join(c, trader({ userId: 2 }));
    expect(r.where((j) => j.kind === 'trader').map(([h]) => h)).toEqual([a, c]);
    expect(r.where((j) => j.kind === 'trader' && j.userId === 2).map(([h]) => h)).toEqual([c]);
    expect(r.where(() => false)).toEqual([]);
  });

  test('an agent gets the frames of the conversations it watches, and inbox pings for every one', () => {
    const r = new JoinRegistry();
    const h = socket();
    r.join(h, agent([1]));
    expect(r.recipients(relay({ conversation: 1 }))).toEqual([{ handle: h, frame: typing(1) }]);
    expect(r.recipients(relay({ conversation: 2 }))).toEqual([]);
    expect(r.recipients(relay({ conversation: 2, inbox: true }))).toEqual([
      { handle: h, frame: { type: 'chat.inbox', conversation: 2 } },
    ]);
    expect(r.recipients(relay({ conversation: 1, inbox: true }))).toEqual([
      { handle: h, frame: typing(1) },
      { handle: h, frame: { type: 'chat.inbox', conversation: 1 } },
    ]);
  });

  test('a trader gets the frames of its own conversation only', () => {
    const r = new JoinRegistry();
    const mine = socket(1);
    const other = socket(2);
    r.join(mine, trader({ userId: 1, conversation: 1 }));
    r.join(other, trader({ userId: 2, conversation: 2 }));
    expect(r.recipients(relay({ conversation: 1, userId: 1 })).map((x) => x.handle)).toEqual([mine]);
    expect(r.recipients(relay({ conversation: 2, userId: 2 })).map((x) => x.handle)).toEqual([other]);
    expect(r.recipients(relay({ conversation: 3, userId: 3 }))).toEqual([]);
  });

  test('a trader with no conversation yet adopts its first one (user or visitor)', () => {
    const r = new JoinRegistry();
    const user = socket(1);
    const visitor = socket();
    const ju = trader({ userId: 1 });
    const jv = trader({ visitorId: 'v1', fallbackVisitor: 'v1' });
    r.join(user, ju);
    r.join(visitor, jv);
    expect(r.recipients(relay({ conversation: 5, userId: 1 })).map((x) => x.handle)).toEqual([user]);
    expect(ju.conversation).toBe(5);
    expect(jv.conversation).toBeNull();
    expect(r.recipients(relay({ conversation: 6, visitorId: 'v1' })).map((x) => x.handle)).toEqual([visitor]);
    expect(jv.conversation).toBe(6);
    // Adopted: another conversation of the same user no longer reaches it.
    expect(r.recipients(relay({ conversation: 7, userId: 1 }))).toEqual([]);
  });

  test('nothing is adopted from a feedback conversation, another visitor, or a user’s relay by a visitor', () => {
    const r = new JoinRegistry();
    const ju = trader({ userId: 1 });
    const jv = trader({ visitorId: 'v1' });
    r.join(socket(1), ju);
    r.join(socket(), jv);
    expect(r.recipients(relay({ conversation: 5, userId: 1, channel: 'feedback' }))).toEqual([]);
    expect(r.recipients(relay({ conversation: 6, visitorId: 'v2' }))).toEqual([]);
    // A relay for a user's conversation carrying the visitor id it was linked from is not the visitor's.
    expect(r.recipients(relay({ conversation: 7, userId: 2, visitorId: 'v1' }))).toEqual([]);
    expect(ju.conversation).toBeNull();
    expect(jv.conversation).toBeNull();
  });

  test('a login join stops receiving once its socket is logged in as someone else', () => {
    const r = new JoinRegistry();
    const h = socket(1);
    r.join(h, trader({ userId: 1, sessionId: 101, fromLogin: true, conversation: 1 }));
    expect(r.recipients(relay({ conversation: 1, userId: 1 }))).toHaveLength(1);
    h.userId = 2;
    expect(r.recipients(relay({ conversation: 1, userId: 1 }))).toEqual([]);
    // A token join is not tied to the socket's login.
    r.join(h, trader({ userId: 1, sessionId: 101, fromLogin: false, conversation: 1 }));
    expect(r.recipients(relay({ conversation: 1, userId: 1 }))).toHaveLength(1);
  });

  test('recipients come in join order, agents and traders mixed', () => {
    const r = new JoinRegistry();
    const [t1, a1, t2] = [socket(1), socket(), socket(1)];
    r.join(t1, trader({ userId: 1, conversation: 1 }));
    r.join(a1, agent([1]));
    r.join(t2, trader({ userId: 1, conversation: 1 }));
    expect(r.recipients(relay({ conversation: 1, userId: 1 })).map((x) => x.handle)).toEqual([t1, a1, t2]);
  });
});
