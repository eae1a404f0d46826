/**
 * The offline e-mail alone, on fake timers and an in-memory store: a reply is mailed after the delay and not before,
 * not at all once the trader read it (on any node: the read mark is looked at when the delay is over), once only, not
 * to a visitor or a trader without an e-mail; close() drops every reply still waiting; a failing mail is dropped.
 */
import { createOfflineMailScheduler, offlineMailer } from '../src/modules/support/chat/offline-mail';
import type { OfflineMailStore } from '../src/modules/support/chat/offline-mail';

const DELAY = 120_000;

/** Timers over jest's fake clock, so the scheduler's delay is the test's to advance. */
const fakeTimers = {
  set: (run: () => void, ms: number) => setTimeout(run, ms),
  clear: (timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

type Conv = { userId: number | null; userReadId: number };

function world() {
  const conversations = new Map<number, Conv>([[1, { userId: 7, userReadId: 0 }]]);
  const emails = new Map<number, string | null>([[7, 'trader@example.com']]);
  const mailedIds = new Set<number>();
  const messages = new Map<number, { text: string; agent_name: string | null }>([
    [10, { text: 'Hello there', agent_name: 'Ann' }],
  ]);
  const store: OfflineMailStore = {
    conversation: async (id) => conversations.get(id),
    userEmail: async (id) => emails.get(id) ?? null,
    markMailed: async (id) => {
      if (mailedIds.has(id)) return false;
      mailedIds.add(id);
      return true;
    },
    message: async (id) => messages.get(id),
  };
  const sent: Array<{ to: string; subject: string; text: string }> = [];
  const t = ((_lang: string, key: string, vars?: Record<string, unknown>) =>
    `${key} ${JSON.stringify(vars ?? {})}`) as never;
  const mail = offlineMailer({
    store,
    send: async (m) => {
      sent.push(m);
    },
    t,
    siteTitle: 'Meridian',
  });
  return { conversations, emails, messages, mailedIds, sent, mail };
}

/** Let the mail job's awaited store calls run after a timer fired. */
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('offline mail scheduler', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('mails an unread reply when the delay is over, not before', async () => {
    const w = world();
    const s = createOfflineMailScheduler({ delayMs: DELAY, mail: w.mail, timers: fakeTimers });
    s.schedule(1, 10);
    expect(s.pending).toBe(1);
    jest.advanceTimersByTime(DELAY - 1);
    await flush();
    expect(w.sent).toEqual([]);
    jest.advanceTimersByTime(1);
    await flush();
    expect(s.pending).toBe(0);
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]).toMatchObject({ to: 'trader@example.com' });
    expect(w.sent[0]!.subject).toContain('mail.supportReplySubject');
    expect(w.sent[0]!.subject).toContain('Meridian');
    expect(w.sent[0]!.text).toContain('Hello there');
    expect(w.sent[0]!.text).toContain('Ann');
  });

  test('a reply read before the delay is over is not mailed', async () => {
    const w = world();
    const s = createOfflineMailScheduler({ delayMs: DELAY, mail: w.mail, timers: fakeTimers });
    s.schedule(1, 10);
    w.conversations.set(1, { userId: 7, userReadId: 10 });
    jest.advanceTimersByTime(DELAY);
    await flush();
    expect(w.sent).toEqual([]);
    expect(w.mailedIds.size).toBe(0);
  });

  test('a read mark below the reply does not stop it', async () => {
    const w = world();
    const s = createOfflineMailScheduler({ delayMs: DELAY, mail: w.mail, timers: fakeTimers });
    s.schedule(1, 10);
    w.conversations.set(1, { userId: 7, userReadId: 9 });
    jest.advanceTimersByTime(DELAY);
    await flush();
    expect(w.sent).toHaveLength(1);
  });

  test('close() drops every reply still waiting', async () => {
    const w = world();
    const s = createOfflineMailScheduler({ delayMs: DELAY, mail: w.mail, timers: fakeTimers });
    s.schedule(1, 10);
    s.schedule(1, 10);
    expect(s.pending).toBe(2);
    s.close();
    expect(s.pending).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(DELAY * 2);
    await flush();
    expect(w.sent).toEqual([]);
  });

  test('each scheduled reply has its own delay', async () => {
    const mail = jest.fn(async () => undefined);
    const s = createOfflineMailScheduler({ delayMs: DELAY, mail, timers: fakeTimers });
    s.schedule(1, 10);
    jest.advanceTimersByTime(DELAY / 2);
    s.schedule(2, 20);
    jest.advanceTimersByTime(DELAY / 2);
    expect(mail.mock.calls).toEqual([[1, 10]]);
    expect(s.pending).toBe(1);
    jest.advanceTimersByTime(DELAY / 2);
    expect(mail.mock.calls).toEqual([
      [1, 10],
      [2, 20],
    ]);
    expect(s.pending).toBe(0);
  });

  test('a failing mail is dropped, and the next one still goes', async () => {
    const mail = jest
      .fn<Promise<void>, [number, number]>()
      .mockRejectedValueOnce(new Error('smtp down'))
      .mockResolvedValue(undefined);
    const s = createOfflineMailScheduler({ delayMs: DELAY, mail, timers: fakeTimers });
    s.schedule(1, 10);
    s.schedule(1, 11);
    jest.advanceTimersByTime(DELAY);
    await flush();
    expect(mail).toHaveBeenCalledTimes(2);
    expect(s.pending).toBe(0);
  });

  test('uses the global timers when none are given (fake clock)', async () => {
    const mail = jest.fn(async () => undefined);
    const s = createOfflineMailScheduler({ delayMs: DELAY, mail });
    s.schedule(3, 30);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(DELAY);
    expect(mail).toHaveBeenCalledWith(3, 30);
  });
});

describe('offline mail of one reply', () => {
  test('mailed once only (another node, or a second timer, finds it mailed)', async () => {
    const w = world();
    await w.mail(1, 10);
    await w.mail(1, 10);
    expect(w.sent).toHaveLength(1);
  });

  test('not to a visitor, a trader without an e-mail, or a conversation that is gone', async () => {
    const w = world();
    w.conversations.set(2, { userId: null, userReadId: 0 });
    await w.mail(2, 10);
    w.emails.set(7, null);
    await w.mail(1, 10);
    await w.mail(99, 10);
    expect(w.sent).toEqual([]);
    expect(w.mailedIds.size).toBe(0);
  });

  test('an image-only reply says [image]', async () => {
    const w = world();
    w.messages.set(11, { text: '', agent_name: null });
    await w.mail(1, 11);
    expect(w.sent[0]!.text).toContain('[image]');
  });
});
