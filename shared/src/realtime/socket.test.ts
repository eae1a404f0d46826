import { PROTOCOL_VERSION } from '../protocol/realtime';
import type { ClientMessage } from '../protocol/realtime';
import { RealtimeClient } from './socket';
import type { RealtimeClientOptions, RealtimeStatus } from './socket';

/** A WebSocket double: the test plays the server (open, receive, drop). */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  readonly sent: string[] = [];
  closeCalls = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('InvalidStateError');
    this.sent.push(data);
  }

  close(): void {
    this.closeCalls += 1;
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    // Browsers dispatch `close` later, to whatever handler is set by then.
    globalThis.setTimeout(() => this.onclose?.({ code: 1000 }), 0);
  }

  // ---- the server's side ----
  serverOpen(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.({});
  }
  serverSend(message: unknown): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  serverDrop(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onerror?.({});
    this.onclose?.({ code: 1006 });
  }
  messages(): ClientMessage[] {
    return this.sent.map((raw) => JSON.parse(raw) as ClientMessage);
  }
  pings(): number {
    return this.messages().filter((m) => m.type === 'ping').length;
  }
}

function sockets(): FakeWebSocket[] {
  return FakeWebSocket.instances;
}
function latest(): FakeWebSocket {
  const socket = FakeWebSocket.instances.at(-1);
  if (!socket) throw new Error('no socket was created');
  return socket;
}

let token: string | null;
let logger: { debug: jest.Mock; warn: jest.Mock };

function makeClient(overrides: Partial<RealtimeClientOptions> = {}): RealtimeClient {
  return new RealtimeClient({
    url: () => 'wss://api.example.com/v1/ws',
    getToken: () => token,
    WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
    logger,
    random: () => 0,
    ...overrides,
  });
}

/** Open a client and its socket, answering the login. */
function openClient(client: RealtimeClient): FakeWebSocket {
  client.ensureOpen();
  const socket = latest();
  socket.serverOpen();
  return socket;
}

beforeEach(() => {
  jest.useFakeTimers();
  FakeWebSocket.instances = [];
  token = 'tok-1';
  logger = { debug: jest.fn(), warn: jest.fn() };
});

afterEach(() => {
  jest.useRealTimers();
});

describe('opening and login', () => {
  it('opens one socket on the configured url, idempotently', () => {
    const client = makeClient();
    expect(client.getStatus()).toBe('idle');
    client.ensureOpen();
    client.ensureOpen();
    expect(sockets()).toHaveLength(1);
    expect(latest().url).toBe('wss://api.example.com/v1/ws');
    expect(client.getStatus()).toBe('connecting');
    latest().serverOpen();
    client.ensureOpen();
    expect(sockets()).toHaveLength(1);
    expect(client.getStatus()).toBe('open');
    expect(client.isOpen).toBe(true);
  });

  it('sends login with token and protocol version once open, not before', () => {
    const client = makeClient();
    client.ensureOpen();
    expect(latest().sent).toEqual([]);
    latest().serverOpen();
    expect(latest().messages()).toEqual([{ type: 'login', token: 'tok-1', version: PROTOCOL_VERSION }]);
  });

  it('sends no login without a token', () => {
    token = null;
    const socket = openClient(makeClient());
    expect(socket.messages()).toEqual([]);
  });

  it('is logged in only after login_result with code 1', () => {
    const client = makeClient();
    const socket = openClient(client);
    expect(client.isLoggedIn).toBe(false);
    socket.serverSend({ type: 'login_result', code: 1, msg: 'ok' });
    expect(client.isLoggedIn).toBe(true);
  });

  it('is not logged in after a refused login, and says so', () => {
    const client = makeClient();
    const socket = openClient(client);
    socket.serverSend({ type: 'login_result', code: 999, msg: 'expired' });
    expect(client.isLoggedIn).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith('[realtime] login refused', 999, 'expired');
  });

  it('forgets the login when the connection drops', () => {
    const client = makeClient();
    const socket = openClient(client);
    socket.serverSend({ type: 'login_result', code: 1, msg: 'ok' });
    socket.serverDrop();
    expect(client.isLoggedIn).toBe(false);
    expect(client.getStatus()).toBe('closed');
  });

  it('relogin sends the new token, and renews the connection anonymously on logout', () => {
    const client = makeClient();
    const first = openClient(client);
    first.serverSend({ type: 'login_result', code: 1, msg: 'ok' });
    client.subscribe('FOREX_TRADE', () => {});

    token = 'tok-2';
    client.relogin();
    expect(first.messages().at(-1)).toEqual({ type: 'login', token: 'tok-2', version: PROTOCOL_VERSION });
    expect(client.isLoggedIn).toBe(false);
    first.serverSend({ type: 'login_result', code: 1, msg: 'ok' });
    expect(client.isLoggedIn).toBe(true);

    token = null;
    client.relogin();
    expect(first.closeCalls).toBe(1);
    expect(sockets()).toHaveLength(2);
    const second = latest();
    second.serverOpen();
    expect(second.messages()).toEqual([{ type: 'subscribe', topic: 'FOREX_TRADE' }]);
    expect(client.isLoggedIn).toBe(false);
  });

  it("each login carries the reader's language; a relogin after a language change carries the new one", () => {
    let lang = 'en';
    const client = makeClient({ getLanguage: () => lang });
    const socket = openClient(client);
    expect(socket.messages()[0]).toEqual({
      type: 'login',
      token: 'tok-1',
      version: PROTOCOL_VERSION,
      lang: 'en',
    });
    socket.serverSend({ type: 'login_result', code: 1, msg: 'ok' });
    lang = 'ar';
    client.relogin();
    expect(socket.messages().at(-1)).toEqual({
      type: 'login',
      token: 'tok-1',
      version: PROTOCOL_VERSION,
      lang: 'ar',
    });
    expect(sockets()).toHaveLength(1);
  });

  it('relogin without a token on an anonymous connection changes nothing', () => {
    token = null;
    const client = makeClient();
    const socket = openClient(client);
    client.relogin();
    expect(sockets()).toHaveLength(1);
    expect(socket.closeCalls).toBe(0);
    expect(socket.sent).toEqual([]);
  });

  it('relogin before open waits for the open to log in with the current token', () => {
    const client = makeClient();
    client.ensureOpen();
    token = 'tok-3';
    client.relogin();
    expect(latest().sent).toEqual([]);
    latest().serverOpen();
    expect(latest().messages()).toEqual([{ type: 'login', token: 'tok-3', version: PROTOCOL_VERSION }]);
  });

  it('reports status changes until the listener unsubscribes', () => {
    const client = makeClient();
    const seen: RealtimeStatus[] = [];
    const stop = client.onStatus((s) => seen.push(s));
    const socket = openClient(client);
    socket.serverDrop();
    jest.advanceTimersByTime(0);
    expect(seen).toEqual(['connecting', 'open', 'closed', 'connecting']);
    stop();
    latest().serverOpen();
    expect(seen).toHaveLength(4);
  });
});

describe('heartbeat', () => {
  it('pings every 5 s from the open, with increasing ids', () => {
    const socket = openClient(makeClient());
    socket.sent.length = 0;
    jest.advanceTimersByTime(4999);
    expect(socket.pings()).toBe(0);
    jest.advanceTimersByTime(1);
    expect(socket.messages()).toEqual([{ type: 'ping', id: 1 }]);
    socket.serverSend({ type: 'pong', id: 1 });
    jest.advanceTimersByTime(5000);
    expect(socket.messages()).toEqual([
      { type: 'ping', id: 1 },
      { type: 'ping', id: 2 },
    ]);
  });

  it('stays on the same socket as long as pongs come back', () => {
    const client = makeClient();
    const socket = openClient(client);
    for (let i = 0; i < 20; i += 1) {
      jest.advanceTimersByTime(5000);
      const last = socket.messages().at(-1);
      if (last?.type !== 'ping') throw new Error('expected a ping');
      socket.serverSend({ type: 'pong', id: last.id });
    }
    expect(socket.pings()).toBe(20);
    expect(sockets()).toHaveLength(1);
    expect(client.getStatus()).toBe('open');
  });

  it('reconnects when more than 2 pings go unanswered, not before', () => {
    const client = makeClient();
    const socket = openClient(client);
    jest.advanceTimersByTime(15_000);
    // Three pings out, none answered: two were missed for a full interval, the third not yet.
    expect(socket.pings()).toBe(3);
    expect(socket.closeCalls).toBe(0);
    jest.advanceTimersByTime(4999);
    expect(socket.closeCalls).toBe(0);
    expect(client.getStatus()).toBe('open');
    jest.advanceTimersByTime(1);
    expect(socket.pings()).toBe(3);
    expect(socket.closeCalls).toBe(1);
    expect(client.getStatus()).toBe('closed');
    // random() = 0: no delay (a 0 ms timer set inside a fake-timer tick runs 1 ms later).
    jest.advanceTimersByTime(1);
    expect(sockets()).toHaveLength(2);
    expect(client.getStatus()).toBe('connecting');
  });

  it('a pong clears the missed count', () => {
    const socket = openClient(makeClient());
    jest.advanceTimersByTime(15_000);
    socket.serverSend({ type: 'pong', id: 3 });
    jest.advanceTimersByTime(15_000);
    expect(socket.closeCalls).toBe(0);
    expect(socket.pings()).toBe(6);
    jest.advanceTimersByTime(5000);
    expect(socket.closeCalls).toBe(1);
  });

  it('stops pinging a dropped socket', () => {
    const socket = openClient(makeClient({ random: () => 0.5 }));
    jest.advanceTimersByTime(5000);
    socket.serverDrop();
    jest.advanceTimersByTime(60_000);
    expect(socket.pings()).toBe(1);
  });
});

describe('connect timeout', () => {
  it('gives up on a socket not open after 5 s and reconnects', () => {
    const client = makeClient();
    client.ensureOpen();
    const first = latest();
    jest.advanceTimersByTime(4999);
    expect(first.closeCalls).toBe(0);
    expect(client.getStatus()).toBe('connecting');
    jest.advanceTimersByTime(1);
    expect(first.closeCalls).toBe(1);
    expect(client.getStatus()).toBe('closed');
    jest.advanceTimersByTime(1);
    expect(sockets()).toHaveLength(2);
    // The abandoned socket opening late changes nothing.
    first.serverOpen();
    expect(first.sent).toEqual([]);
    expect(client.getStatus()).toBe('connecting');
  });

  it('does not time out a socket that opened in time', () => {
    const client = makeClient();
    client.ensureOpen();
    jest.advanceTimersByTime(4000);
    latest().serverOpen();
    latest().serverSend({ type: 'pong', id: 0 });
    jest.advanceTimersByTime(1000);
    expect(latest().closeCalls).toBe(0);
    expect(client.getStatus()).toBe('open');
  });
});

describe('reconnect backoff', () => {
  /** Milliseconds from a drop until the next socket is created. */
  function measureDelay(limit = 60_000): number {
    const before = sockets().length;
    for (let elapsed = 0; elapsed <= limit; elapsed += 1) {
      if (sockets().length > before) return elapsed;
      jest.advanceTimersByTime(elapsed === 0 ? 0 : 1);
      if (sockets().length > before) return elapsed;
    }
    throw new Error('no reconnect');
  }

  /** Drop n connections before they open; returns the delay before each retry. */
  function failingDelays(client: RealtimeClient, n: number): number[] {
    client.ensureOpen();
    const delays: number[] = [];
    for (let i = 0; i < n; i += 1) {
      latest().serverDrop();
      delays.push(measureDelay());
    }
    return delays;
  }

  it('retries at once with random() = 0', () => {
    expect(failingDelays(makeClient({ random: () => 0 }), 5)).toEqual([0, 0, 0, 0, 0]);
  });

  it('takes half the doubling window with random() = 0.5', () => {
    expect(failingDelays(makeClient({ random: () => 0.5 }), 4)).toEqual([250, 500, 1000, 2000]);
  });

  it('stays below the window with random() = 0.999 and stops growing at the cap', () => {
    expect(failingDelays(makeClient({ random: () => 0.999 }), 9)).toEqual([
      499, 999, 1998, 3996, 7992, 15984, 29970, 29970, 29970,
    ]);
  });

  it('honours custom bounds', () => {
    const client = makeClient({ random: () => 0.5, backoff: { baseMs: 100, maxMs: 300 } });
    expect(failingDelays(client, 4)).toEqual([50, 100, 150, 150]);
  });

  it('starts over after a login is accepted', () => {
    const client = makeClient({ random: () => 0.5 });
    expect(failingDelays(client, 3)).toEqual([250, 500, 1000]);
    latest().serverOpen();
    latest().serverSend({ type: 'login_result', code: 1, msg: 'ok' });
    latest().serverDrop();
    expect(measureDelay()).toBe(250);
  });

  it('starts over after a pong', () => {
    token = null;
    const client = makeClient({ random: () => 0.5 });
    expect(failingDelays(client, 3)).toEqual([250, 500, 1000]);
    latest().serverOpen();
    latest().serverSend({ type: 'pong', id: 1 });
    latest().serverDrop();
    expect(measureDelay()).toBe(250);
  });

  it('keeps backing off when the server accepts and drops at once', () => {
    const client = makeClient({ random: () => 0.5 });
    expect(failingDelays(client, 2)).toEqual([250, 500]);
    latest().serverOpen();
    latest().serverDrop();
    expect(measureDelay()).toBe(1000);
  });

  it('ensureOpen brings a pending reconnect forward', () => {
    const client = makeClient({ random: () => 0.5 });
    failingDelays(client, 4);
    latest().serverDrop();
    expect(client.getStatus()).toBe('closed');
    const count = sockets().length;
    client.ensureOpen();
    expect(sockets()).toHaveLength(count + 1);
    // The cancelled timer (due after 0.5 * 8000 ms) does not open a second socket.
    jest.advanceTimersByTime(4500);
    expect(sockets()).toHaveLength(count + 1);
  });

  it('retries when the socket cannot even be created', () => {
    let calls = 0;
    const Throwing = function (this: unknown, url: string) {
      calls += 1;
      if (calls === 1) throw new SyntaxError('bad url');
      return new FakeWebSocket(url);
    } as unknown as typeof WebSocket;
    const client = makeClient({ WebSocketImpl: Throwing });
    client.ensureOpen();
    expect(client.getStatus()).toBe('closed');
    expect(logger.warn).toHaveBeenCalledWith('[realtime] cannot create socket', expect.any(SyntaxError));
    jest.advanceTimersByTime(0);
    expect(sockets()).toHaveLength(1);
    expect(client.getStatus()).toBe('connecting');
  });
});

describe('topics', () => {
  it('sends subscribe once per topic, on open, after the login', () => {
    const client = makeClient();
    client.subscribe('DAY_MARKET', () => {});
    client.subscribe('DAY_MARKET', () => {});
    client.subscribe('KLINE.EURUSD', () => {});
    const socket = openClient(client);
    expect(socket.messages()).toEqual([
      { type: 'login', token: 'tok-1', version: PROTOCOL_VERSION },
      { type: 'subscribe', topic: 'DAY_MARKET' },
      { type: 'subscribe', topic: 'KLINE.EURUSD' },
    ]);
  });

  it('ref-counts: subscribe on the first handler, unsubscribe after the last', () => {
    token = null;
    const client = makeClient();
    const socket = openClient(client);
    const stopA = client.subscribe('FOREX_TRADE', () => {});
    const stopB = client.subscribe('FOREX_TRADE', () => {});
    expect(socket.messages()).toEqual([{ type: 'subscribe', topic: 'FOREX_TRADE' }]);
    stopA();
    stopA();
    expect(socket.messages()).toHaveLength(1);
    stopB();
    expect(socket.messages()).toEqual([
      { type: 'subscribe', topic: 'FOREX_TRADE' },
      { type: 'unsubscribe', topic: 'FOREX_TRADE' },
    ]);
  });

  it('counts the same handler subscribed twice as two subscriptions', () => {
    token = null;
    const client = makeClient();
    const socket = openClient(client);
    const handler = jest.fn();
    const stop1 = client.subscribe('FOREX_CLOSED', handler);
    client.subscribe('FOREX_CLOSED', handler);
    stop1();
    expect(socket.messages()).toEqual([{ type: 'subscribe', topic: 'FOREX_CLOSED' }]);
    socket.serverSend({ type: 'message', topic: 'FOREX_CLOSED', data: 1 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('re-sends every live topic after a reconnect, and not the released ones', () => {
    const client = makeClient();
    client.subscribe('DAY_MARKET', () => {});
    const stopKline = client.subscribe('KLINE.EURUSD', () => {});
    client.subscribe('FOREX_TRADE', () => {});
    const first = openClient(client);
    stopKline();
    first.serverDrop();
    jest.advanceTimersByTime(0);
    const second = latest();
    expect(second).not.toBe(first);
    second.serverOpen();
    expect(second.messages()).toEqual([
      { type: 'login', token: 'tok-1', version: PROTOCOL_VERSION },
      { type: 'subscribe', topic: 'DAY_MARKET' },
      { type: 'subscribe', topic: 'FOREX_TRADE' },
    ]);
  });

  it('dispatches a message to the handlers of its topic only', () => {
    const client = makeClient();
    const socket = openClient(client);
    const market = jest.fn();
    const kline = jest.fn();
    client.subscribe('DAY_MARKET', market);
    client.subscribe('KLINE.EURUSD', kline);
    const quote = { Id: 1, Code: 'EURUSD', price: 1.1 };
    socket.serverSend({ type: 'message', topic: 'DAY_MARKET', data: quote });
    expect(market).toHaveBeenCalledWith(quote, 'DAY_MARKET');
    expect(kline).not.toHaveBeenCalled();
  });

  it('takes the subscribed acknowledgement quietly: no handler call, nothing logged', () => {
    const client = makeClient();
    const socket = openClient(client);
    const market = jest.fn();
    client.subscribe('DAY_MARKET', market);
    socket.serverSend({ type: 'subscribed', topic: 'DAY_MARKET' });
    expect(market).not.toHaveBeenCalled();
    expect(logger.debug).not.toHaveBeenCalledWith('[realtime] unknown message', expect.anything());
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('keeps calling the other handlers when one throws, and logs it', () => {
    const client = makeClient();
    const socket = openClient(client);
    const before = jest.fn();
    const after = jest.fn();
    const boom = new Error('boom');
    client.subscribe('DAY_MARKET', before);
    client.subscribe('DAY_MARKET', () => {
      throw boom;
    });
    client.subscribe('DAY_MARKET', after);
    socket.serverSend({ type: 'message', topic: 'DAY_MARKET', data: 42 });
    expect(before).toHaveBeenCalledWith(42, 'DAY_MARKET');
    expect(after).toHaveBeenCalledWith(42, 'DAY_MARKET');
    expect(logger.warn).toHaveBeenCalledWith('[realtime] handler for DAY_MARKET threw', boom);
    expect(client.getStatus()).toBe('open');
  });

  it('lets a handler unsubscribe itself while being dispatched', () => {
    token = null;
    const client = makeClient();
    const socket = openClient(client);
    const other = jest.fn();
    const stop = client.subscribe('DAY_MARKET', () => stop());
    client.subscribe('DAY_MARKET', other);
    socket.serverSend({ type: 'message', topic: 'DAY_MARKET', data: 1 });
    socket.serverSend({ type: 'message', topic: 'DAY_MARKET', data: 2 });
    expect(other).toHaveBeenCalledTimes(2);
  });

  it('only logs a message without a type', () => {
    const client = makeClient();
    const socket = openClient(client);
    const handler = jest.fn();
    client.subscribe('DAY_MARKET', handler);
    socket.serverSend({ topic: 'DAY_MARKET', data: 1 });
    expect(handler).not.toHaveBeenCalled();
    expect(logger.debug).toHaveBeenCalledWith('[realtime] message without type', {
      topic: 'DAY_MARKET',
      data: 1,
    });
    expect(logger.debug).toHaveBeenCalledTimes(1);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(client.getStatus()).toBe('open');
  });

  it('logs an unparseable frame and carries on', () => {
    const client = makeClient();
    const socket = openClient(client);
    const handler = jest.fn();
    client.subscribe('DAY_MARKET', handler);
    socket.serverSend('not json {');
    expect(logger.warn).toHaveBeenCalledWith('[realtime] unparseable frame', 'not json {');
    socket.serverSend({ type: 'message', topic: 'DAY_MARKET', data: 3 });
    expect(handler).toHaveBeenCalledWith(3, 'DAY_MARKET');
  });

  it('logs server errors without dropping the connection', () => {
    const client = makeClient();
    const socket = openClient(client);
    socket.serverSend({ type: 'error', code: 1003, msg: 'forbidden topic' });
    expect(logger.warn).toHaveBeenCalledWith('[realtime] server error', 1003, 'forbidden topic');
    expect(socket.closeCalls).toBe(0);
  });
});

describe('close', () => {
  it('closes the socket and never reconnects', () => {
    const client = makeClient({ random: () => 0 });
    const socket = openClient(client);
    client.subscribe('DAY_MARKET', () => {});
    client.close();
    expect(socket.closeCalls).toBe(1);
    expect(client.getStatus()).toBe('closed');
    expect(client.isLoggedIn).toBe(false);
    jest.advanceTimersByTime(120_000);
    expect(sockets()).toHaveLength(1);
    expect(socket.pings()).toBe(0);
  });

  it('cancels a pending reconnect and a pending connect timeout', () => {
    const client = makeClient({ random: () => 0.5 });
    const socket = openClient(client);
    socket.serverDrop();
    client.close();
    jest.advanceTimersByTime(120_000);
    expect(sockets()).toHaveLength(1);

    const other = makeClient();
    other.ensureOpen();
    const connecting = latest();
    other.close();
    jest.advanceTimersByTime(120_000);
    expect(latest()).toBe(connecting);
    expect(connecting.closeCalls).toBe(1);
  });

  it('can be opened again, with its topics', () => {
    token = null;
    const client = makeClient();
    client.subscribe('KLINE.GBPUSD', () => {});
    openClient(client);
    client.close();
    const socket = openClient(client);
    expect(sockets()).toHaveLength(2);
    expect(socket.messages()).toEqual([{ type: 'subscribe', topic: 'KLINE.GBPUSD' }]);
  });
});

describe('a channel of its own on the socket (the support chat)', () => {
  it('send goes out on the open socket only; CHAT topic messages reach their subscribers', () => {
    const client = makeClient();
    const got = jest.fn();
    client.subscribe('CHAT', got);
    client.send({ type: 'chat.join' });
    const socket = openClient(client);
    expect(socket.messages()).not.toContainEqual({ type: 'chat.join' });
    client.send({ type: 'chat.join' });
    expect(socket.messages().at(-1)).toEqual({ type: 'chat.join' });
    const frame = { type: 'chat.typing', conversation: 1, sender: 'agent', name: 'a', typing: true };
    socket.serverSend({ type: 'message', topic: 'CHAT', data: frame });
    expect(got).toHaveBeenCalledWith(frame, 'CHAT');
  });
});
