/**
 * The support chat over real WebSockets (docs/realtime.md#chat): ordering, dedupe of a resent message, agent and
 * trader in both directions, typing and read marks, authorization (another trader, a visitor id), visitor linking
 * at login, rate limits, bad input, the agent inbox calls and the offline e-mail; and a trader on node A answered
 * by an agent on node B through Redis.
 */
import crypto from 'node:crypto';
import { ERROR_CODES, SUPPORT_UNREAD_TOPIC } from '@meridian/shared/pure';
import type { ChatMessage, ServerMessage } from '@meridian/shared/pure';
import { call, createDemo, createTestApp, MODES, registerUser, waitFor } from './helpers';
import type { TestApp } from './helpers';
import { setSetting } from '../src/modules/content';
import { createOpsUser } from './support/ops';
import { connect, listen } from './support/ws';
import type { WsClient } from './support/ws';
import { REDIS_URL, redisReachable } from './support/redis';

/** Wait until an asynchronous check holds (polled every 20 ms, failing after 5 s). */
async function poll<T>(check: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + 5000;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const cid = () => `c${crypto.randomBytes(8).toString('hex')}`;
const visitorId = () => `v_${crypto.randomBytes(18).toString('base64url')}`;
type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;
const is =
  <T extends ServerMessage['type']>(type: T, extra: (m: Of<T>) => boolean = () => true) =>
  (m: ServerMessage): boolean =>
    m.type === type && extra(m as Of<T>);
const ackOf = (c: WsClient, clientId: string) =>
  c.next(is('chat.message', (m) => m.message.client_id === clientId)) as Promise<Of<'chat.message'>>;

async function trader(url: string, token: string | null, visitor?: string) {
  const c = await connect(url);
  if (token) {
    c.send({ type: 'login', token, version: 1 });
    expect(await c.next(is('login_result'))).toMatchObject({ code: 1 });
  }
  c.send({ type: 'chat.join', ...(visitor ? { visitor } : {}) });
  const state = (await c.next(is('chat.state'))) as Of<'chat.state'>;
  return { c, state };
}

async function agent(url: string, token: string) {
  const c = await connect(url);
  c.send({ type: 'chat.agent', token });
  expect(await c.next(is('chat.agent'))).toMatchObject({ code: 1 });
  return c;
}

describe.each(MODES)('support chat (%s)', (mode) => {
  let t: TestApp;
  let url: string;
  const open: WsClient[] = [];
  const track = <T extends { c: WsClient } | WsClient>(x: T): T => {
    open.push('c' in x ? x.c : x);
    return x;
  };

  beforeAll(async () => {
    t = await createTestApp(mode, { supportMailDelayMs: 0 });
    url = await listen(t);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.ws.terminate();
  });
  afterAll(async () => {
    await t.close();
  });

  it('trader and agent talk: order, dedupe, typing, read marks, unread badge, inbox, audit, offline mail', async () => {
    const u = await registerUser(t.app);
    const { c: tc, state } = track(await trader(url, u.token));
    expect(state.conversation).toBeNull();
    expect(state.messages).toEqual([]);
    tc.send({ type: 'subscribe', topic: SUPPORT_UNREAD_TOPIC });
    await tc.next(is('subscribed'));

    const ids = [cid(), cid(), cid()];
    ids.forEach((id, i) => tc.send({ type: 'chat.send', client_id: id, text: `hello ${i}` }));
    const acks = await Promise.all(ids.map((id) => ackOf(tc, id)));
    const stored = acks.map((a) => a.message);
    expect(stored.map((m) => m.text)).toEqual(['hello 0', 'hello 1', 'hello 2']);
    expect(stored[0]!.id).toBeLessThan(stored[1]!.id);
    expect(stored[1]!.id).toBeLessThan(stored[2]!.id);
    const conv = stored[0]!.conversation_id;

    // The same message sent again (a reconnect resend) is stored once and acknowledged with the stored copy.
    tc.send({ type: 'chat.send', client_id: ids[1], text: 'hello 1' });
    await waitFor(
      () => tc.messages.filter(is('chat.message', (m) => m.message.client_id === ids[1])).length === 2,
    );
    const again = tc.messages.filter(
      is('chat.message', (m) => m.message.client_id === ids[1]),
    ) as Of<'chat.message'>[];
    expect(again[1]!.message.id).toBe(stored[1]!.id);
    const rows = await t.app.ctx.db
      .selectFrom('support_messages')
      .select('id')
      .where('conversation_id', '=', conv)
      .execute();
    expect(rows).toHaveLength(3);

    const ops = await createOpsUser(t.app, ['support']);
    const inbox = await call(t.app, {
      method: 'GET',
      url: '/api/ops/support/conversations?status=open',
      token: ops.token,
    });
    expect(inbox.body.code).toBe(1);
    const row = inbox.body.data.data.find((r: { id: number }) => r.id === conv);
    expect(row).toMatchObject({
      status: 'open',
      unread: 3,
      user: { uid: expect.any(String), email: u.email },
    });
    expect(row.waiting_since).toEqual(expect.any(Number));
    const thread = await call(t.app, {
      method: 'GET',
      url: `/api/ops/support/conversation?id=${conv}`,
      token: ops.token,
    });
    expect(thread.body.data.facts).toMatchObject({
      email: u.email,
      account_type: 'real',
      kyc: 0,
      balance: '0.00',
    });
    expect(thread.body.data.messages.map((m: ChatMessage) => m.text)).toEqual([
      'hello 0',
      'hello 1',
      'hello 2',
    ]);

    const ac = track(await agent(url, ops.token));
    ac.send({ type: 'chat.join', conversation: conv });
    const agentState = (await ac.next(is('chat.state'))) as Of<'chat.state'>;
    expect(agentState.messages).toHaveLength(3);
    ac.send({ type: 'chat.history', before: stored[1]!.id, conversation: conv });
    const agentHistory = (await ac.next(is('chat.history'))) as Of<'chat.history'>;
    expect(agentHistory.messages.map((m) => m.text)).toEqual(['hello 0']);

    ac.send({ type: 'chat.typing', typing: true, conversation: conv });
    const typing = (await tc.next(is('chat.typing', (m) => m.sender === 'agent'))) as Of<'chat.typing'>;
    expect(typing).toMatchObject({ typing: true, conversation: conv, name: ops.email.split('@')[0] });

    ac.send({ type: 'chat.read', up_to: stored[2]!.id, conversation: conv });
    expect(await tc.next(is('chat.read', (m) => m.reader === 'agent'))).toMatchObject({
      up_to: stored[2]!.id,
    });

    const reply = cid();
    ac.send({ type: 'chat.send', client_id: reply, text: '<b>hi</b> there', conversation: conv });
    const got = (await ackOf(tc, reply)).message;
    expect(got).toMatchObject({
      sender: 'agent',
      text: '<b>hi</b> there',
      agent_name: ops.email.split('@')[0],
    });
    expect(await tc.next(is('chat.status', (m) => m.status === 'pending'))).toBeTruthy();
    expect(
      await tc.next(
        is('message', (m) => m.topic === SUPPORT_UNREAD_TOPIC && (m.data as { unread: number }).unread === 1),
      ),
    ).toBeTruthy();
    const unread = await call(t.app, { method: 'GET', url: '/api/support/unread', token: u.token });
    expect(unread.body.data).toEqual({ unread: 1 });

    // Unread after the delay: the reply goes to the trader's e-mail too.
    const mail = await poll(async () => {
      const m = await t.app.ctx.db
        .selectFrom('outbox')
        .selectAll()
        .where('to_addr', '=', u.email)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return m && m.body_text.includes('<b>hi</b> there') ? m : undefined;
    });
    expect(mail).toBeTruthy();

    tc.send({ type: 'chat.read', up_to: got.id });
    expect(await ac.next(is('chat.read', (m) => m.reader === 'user' && m.up_to === got.id))).toBeTruthy();
    expect(
      await tc.next(
        is('message', (m) => m.topic === SUPPORT_UNREAD_TOPIC && (m.data as { unread: number }).unread === 0),
      ),
    ).toBeTruthy();

    // Resolve, then a new trader message reopens it.
    const resolved = await call(t.app, {
      method: 'POST',
      url: '/api/ops/support/status',
      token: ops.token,
      form: { id: conv, status: 'resolved' },
    });
    expect(resolved.body.data.status).toBe('resolved');
    expect(await tc.next(is('chat.status', (m) => m.status === 'resolved'))).toBeTruthy();
    const after = cid();
    tc.send({ type: 'chat.send', client_id: after, text: 'one more thing' });
    await ackOf(tc, after);
    expect(await ac.next(is('chat.status', (m) => m.status === 'open'))).toBeTruthy();

    const assigned = await call(t.app, {
      method: 'POST',
      url: '/api/ops/support/assign',
      token: ops.token,
      form: { id: conv, ops_id: ops.id },
    });
    expect(assigned.body.data.assignee).toEqual({ id: ops.id, email: ops.email });

    // History paged upward.
    tc.send({ type: 'chat.history', before: stored[2]!.id });
    const hist = (await tc.next(is('chat.history'))) as Of<'chat.history'>;
    expect(hist.messages.map((m) => m.text)).toEqual(['hello 0', 'hello 1']);
    expect(hist.more).toBe(false);

    const audited = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('object_type', '=', 'conversation')
      .where('object_id', '=', String(conv))
      .execute();
    expect(audited.map((a) => a.action).sort()).toEqual([
      'support.assign',
      'support.reply',
      'support.resolve',
    ]);
  });

  it('a trader never reads another conversation; a visitor id never opens a user conversation', async () => {
    const a = await registerUser(t.app);
    const b = await createDemo(t.app);
    const { c: ac } = track(await trader(url, a.token));
    const secret = cid();
    ac.send({ type: 'chat.send', client_id: secret, text: 'secret of A' });
    const conv = (await ackOf(ac, secret)).message.conversation_id;

    // A join may name its user by token (without the socket's login); a token that is no session names nobody.
    const byToken = track(await connect(url));
    byToken.send({ type: 'chat.join', token: a.token });
    const own = (await byToken.next(is('chat.state'))) as Of<'chat.state'>;
    expect(own.conversation?.id).toBe(conv);
    const bogus = track(await connect(url));
    bogus.send({ type: 'chat.join', token: 'not-a-session' });
    expect(await bogus.next(is('chat.error'))).toMatchObject({ code: ERROR_CODES.chatNotJoined });

    const { c: bc, state } = track(await trader(url, b.token));
    expect(state.conversation).toBeNull();
    bc.send({ type: 'chat.join', conversation: conv });
    const joined = (await bc.next(is('chat.state', (m) => m !== state))) as Of<'chat.state'>;
    expect(joined.messages).toEqual([]);
    bc.send({ type: 'chat.history', before: Number.MAX_SAFE_INTEGER, conversation: conv });
    expect(await bc.next(is('chat.error'))).toMatchObject({ code: ERROR_CODES.chatNotJoined });
    bc.send({ type: 'chat.typing', typing: true, conversation: conv });
    bc.send({ type: 'chat.read', up_to: 1, conversation: conv });
    // B has no conversation of its own: both are refused or dropped, never applied to A's.
    expect(
      await bc.next(
        is(
          'chat.error',
          (m) => m.code === ERROR_CODES.chatNotJoined && m !== bc.messages.find(is('chat.error')),
        ),
      ),
    ).toBeTruthy();
    // An ops token of a role without support may not act as an agent, nor may a trader token.
    const finance = await createOpsUser(t.app, ['finance']);
    for (const token of [finance.token, a.token, 'ops_nope']) {
      const x = track(await connect(url));
      x.send({ type: 'chat.agent', token });
      expect(await x.next(is('chat.agent'))).toMatchObject({ code: ERROR_CODES.chatAgentRefused });
      x.send({ type: 'chat.join', conversation: conv });
      expect(await x.next(is('chat.error'))).toMatchObject({ code: ERROR_CODES.chatNotJoined });
    }
    await bc.barrier();
    await ac.barrier();
    expect(JSON.stringify(bc.messages)).not.toContain('secret of A');
    expect(ac.messages.some(is('chat.typing'))).toBe(false);

    // A guest chats as a visitor; logging in links the conversation, after which the visitor id opens nothing.
    const v = visitorId();
    const { c: vc } = track(await trader(url, null, v));
    const hello = cid();
    vc.send({ type: 'chat.send', client_id: hello, text: 'guest here' });
    const guestConv = (await ackOf(vc, hello)).message.conversation_id;
    const other = track(await trader(url, null, visitorId()));
    expect(other.state.conversation).toBeNull();

    const u = await registerUser(t.app);
    const linked = track(await trader(url, u.token, v));
    expect(linked.state.conversation?.id).toBe(guestConv);
    expect(linked.state.messages.map((m) => m.text)).toEqual(['guest here']);
    const again = track(await trader(url, null, v));
    expect(again.state.conversation).toBeNull();
    expect(again.state.messages).toEqual([]);
    const ops = await createOpsUser(t.app, ['support']);
    const thread = await call(t.app, {
      method: 'GET',
      url: `/api/ops/support/conversation?id=${guestConv}`,
      token: ops.token,
    });
    expect(thread.body.data.conversation).toMatchObject({ visitor: false, user: { email: u.email } });
  });

  it('refuses bad input: not joined, too long, bad ids, foreign image, empty; text stays text', async () => {
    const x = track(await connect(url));
    x.send({ type: 'chat.send', client_id: cid(), text: 'hi' });
    expect(await x.next(is('chat.error'))).toMatchObject({ code: ERROR_CODES.chatNotJoined });
    x.send({ type: 'chat.join' });
    expect(await x.next(is('chat.error', (m) => m.code === ERROR_CODES.chatNotJoined))).toBeTruthy();
    x.send({ type: 'chat.join', visitor: 'not-a-visitor-id' });
    expect(await x.next(is('chat.error', (m) => m.code === ERROR_CODES.chatInvalid))).toBeTruthy();

    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const { c } = track(await trader(url, u.token));
    const long = cid();
    c.send({ type: 'chat.send', client_id: long, text: 'x'.repeat(2001) });
    const tooLong = (await c.next(is('chat.error', (m) => m.client_id === long))) as Of<'chat.error'>;
    expect(tooLong.code).toBe(ERROR_CODES.chatInvalid);
    expect(tooLong.msg).not.toBe('');
    for (const bad of [
      { client_id: 'short', text: 'a' },
      { client_id: cid(), text: 42 },
      { client_id: cid(), text: '   ' },
      { client_id: cid(), text: 'x', image: '/api/common/upload/../../etc/passwd' },
      { client_id: cid(), text: 'x', image: 1e308 },
    ]) {
      const before = c.messages.filter(is('chat.error')).length;
      c.send({ type: 'chat.send', ...bad });
      await waitFor(() => c.messages.filter(is('chat.error')).length === before + 1, 4000, 'a refusal');
    }
    // An image of another user's upload is refused.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = 'XbOuNdArY';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/common/image_upload',
      headers: { authorization: other.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const foreign = (upload.json() as { data: { url: string } }).data.url;
    const stolen = cid();
    c.send({ type: 'chat.send', client_id: stolen, text: '', image: foreign });
    expect(await c.next(is('chat.error', (m) => m.client_id === stolen))).toMatchObject({
      code: ERROR_CODES.chatInvalid,
    });
    expect(c.messages.filter(is('chat.error')).length).toBe(7);
    expect(c.messages.some(is('chat.message'))).toBe(false);

    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/common/image_upload',
      headers: { authorization: u.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const own = (mine.json() as { data: { url: string } }).data.url;
    const pic = cid();
    c.send({ type: 'chat.send', client_id: pic, text: '', image: own });
    expect((await ackOf(c, pic)).message).toMatchObject({ image: own, text: '' });
    // A support agent sees images sent in a conversation, and no other upload.
    const ops = await createOpsUser(t.app, ['support']);
    expect(
      (await t.app.inject({ method: 'GET', url: own, headers: { authorization: ops.token } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: foreign, headers: { authorization: ops.token } })).statusCode,
    ).toBe(404);
  });

  it('limits the messages of a user and of a visitor', async () => {
    const limited = await createTestApp(mode, {
      limits: { chatPerUser: [3, 60_000], chatPerVisitor: [2, 60_000] },
    });
    try {
      const lurl = await listen(limited);
      const u = await registerUser(limited.app);
      const { c } = track(await trader(lurl, u.token));
      const ids = [cid(), cid(), cid(), cid()];
      for (const id of ids) c.send({ type: 'chat.send', client_id: id, text: 'spam' });
      expect(await c.next(is('chat.error', (m) => m.client_id === ids[3]))).toMatchObject({
        code: ERROR_CODES.chatRateLimited,
      });
      expect(c.messages.filter(is('chat.message'))).toHaveLength(3);
      // A resend of a stored message is not counted and still acknowledged.
      c.send({ type: 'chat.send', client_id: ids[0], text: 'spam' });
      await waitFor(
        () => c.messages.filter(is('chat.message', (m) => m.message.client_id === ids[0])).length === 2,
        4000,
        'the second acknowledgement',
      );

      const { c: vc } = track(await trader(lurl, null, visitorId()));
      const vids = [cid(), cid(), cid()];
      for (const id of vids) vc.send({ type: 'chat.send', client_id: id, text: 'guest spam' });
      expect(await vc.next(is('chat.error', (m) => m.client_id === vids[2]))).toMatchObject({
        code: ERROR_CODES.chatRateLimited,
      });
    } finally {
      await limited.close();
    }
  });

  it('says away outside the business hours', async () => {
    await setSetting(t.app.ctx.db, 'support_hours', JSON.stringify({ days: [], from: '00:00', to: '23:59' }));
    try {
      const { state } = track(await trader(url, null, visitorId()));
      expect(state.away).toBe(true);
    } finally {
      await setSetting(t.app.ctx.db, 'support_hours', '');
    }
    const { state } = track(await trader(url, null, visitorId()));
    expect(state.away).toBe(false);
  });

  it("chat errors follow the last login's language, not the socket's first ?lang=", async () => {
    const demo = await createDemo(t.app);
    const c = track(await connect(`${url}?lang=hk`));
    c.send({ type: 'chat.history', before: 10 });
    expect(await c.next(is('chat.error'))).toMatchObject({ msg: '請先開啟對話。' });
    c.send({ type: 'login', token: demo.token, version: 1, lang: 'en' });
    await c.next(is('login_result'));
    const n = c.messages.length;
    c.send({ type: 'chat.history', before: 10 });
    expect(await c.next((m) => c.messages.indexOf(m) >= n && m.type === 'chat.error')).toMatchObject({
      msg: 'Open the chat first.',
    });
  });

  it('feedback lands in the inbox as a conversation', async () => {
    const u = await registerUser(t.app);
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/support/feedback',
      token: u.token,
      form: { topic: 'idea', text: 'Dark charts please' },
    });
    expect(r.body.code).toBe(1);
    const bad = await call(t.app, {
      method: 'POST',
      url: '/api/support/feedback',
      form: { topic: 'nope', text: 'x' },
    });
    expect(bad.body.code).toBe(ERROR_CODES.validation);
    const anon = await call(t.app, {
      method: 'POST',
      url: '/api/support/feedback',
      form: { topic: 'bug', text: 'x' },
    });
    expect(anon.body.code).toBe(ERROR_CODES.chatNotJoined);
    const ops = await createOpsUser(t.app, ['support']);
    const thread = await call(t.app, {
      method: 'GET',
      url: `/api/ops/support/conversation?id=${r.body.data.conversation_id}`,
      token: ops.token,
    });
    expect(thread.body.data.conversation).toMatchObject({
      channel: 'feedback',
      topic: 'idea',
      status: 'open',
    });
    expect(thread.body.data.messages[0].text).toBe('Dark charts please');
    const trader = await call(t.app, {
      method: 'GET',
      url: '/api/ops/support/conversations',
      token: u.token,
    });
    expect(trader.body.code).not.toBe(1);
  });
});

describe('support chat across two API nodes with Redis', () => {
  it('an agent on node B answers a trader on node A', async () => {
    if (!(await redisReachable('the two-node chat test'))) return;
    const a = await createTestApp('sqlite', {}, { redisUrl: REDIS_URL });
    const b = await createTestApp('sqlite', {}, { redisUrl: REDIS_URL, dataDir: a.config.dataDir });
    const sockets: WsClient[] = [];
    try {
      await (a.app.ctx.bus as { whenReady?: () => Promise<unknown> }).whenReady?.();
      await (b.app.ctx.bus as { whenReady?: () => Promise<unknown> }).whenReady?.();
      const u = await registerUser(a.app);
      const { c: tc } = await trader(await listen(a), u.token);
      sockets.push(tc);
      const first = cid();
      tc.send({ type: 'chat.send', client_id: first, text: 'anyone on node B?' });
      const conv = (await ackOf(tc, first)).message.conversation_id;
      const ops = await createOpsUser(b.app, ['support']);
      const ac = await agent(await listen(b), ops.token);
      sockets.push(ac);
      ac.send({ type: 'chat.join', conversation: conv });
      await ac.next(is('chat.state'));
      ac.send({ type: 'chat.typing', typing: true, conversation: conv });
      expect(await tc.next(is('chat.typing', (m) => m.sender === 'agent'))).toBeTruthy();
      const answer = cid();
      ac.send({ type: 'chat.send', client_id: answer, text: 'yes, from B', conversation: conv });
      expect((await ackOf(tc, answer)).message).toMatchObject({ sender: 'agent', text: 'yes, from B' });
      const next = cid();
      tc.send({ type: 'chat.send', client_id: next, text: 'thanks' });
      expect((await ackOf(ac, next)).message.text).toBe('thanks');
    } finally {
      for (const s of sockets) s.ws.terminate();
      await b.close();
      await a.close();
    }
  });
});
