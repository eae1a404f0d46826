/**
 * The realtime connection (docs/states.md): one object owns the socket's whole life — open, login, heartbeat, reconnect,
 * resubscribe — so the host keeps exactly one WebSocket per tab and remotes only ever see topics (through the bridge).
 * Timers go through `globalThis` so tests drive them with fake timers.
 */
import { CODE_OK, CONNECT_TIMEOUT_MS, MAX_MISSED_PONGS, PING_INTERVAL_MS } from '../constants';
import { parseServerMessage, PROTOCOL_VERSION } from '../protocol/realtime';
import type { ClientMessage, PayloadOf, ServerMessage, Topic } from '../protocol/realtime';

/** `idle`: never opened; `connecting`; `open`; `closed`: dropped (a reconnect may be pending) or closed on purpose. */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

/** Receives the payload of each message on a subscribed topic (typed by the topic, see `TopicPayloads`). */
export type TopicHandler<T extends Topic = Topic> = (data: PayloadOf<T>, topic: T) => void;
/** What the socket stores: the payload is trusted to match its topic (the server publishes typed payloads). */
type RawHandler = (data: unknown, topic: Topic) => void;

/** Options of {@link RealtimeClient}. */
export type RealtimeClientOptions = {
  /** The socket URL, read on every (re)connect (see `resolveSocketUrl`). */
  url: () => string;
  /** The session token, read on every login; null when logged out. */
  getToken: () => string | null;
  /** The reader's language, sent with every login so the server's messages on the socket are in it. */
  getLanguage?: () => string;
  /** Defaults to the global `WebSocket`. */
  WebSocketImpl?: typeof WebSocket;
  logger?: Pick<Console, 'debug' | 'warn'>;
  /** Jitter source in [0, 1); defaults to `Math.random`. */
  random?: () => number;
  /** Reconnect backoff bounds (defaults 500 ms and 30 s). */
  backoff?: { baseMs: number; maxMs: number };
};

type Subscription = { handler: RawHandler };
type Timer = ReturnType<typeof globalThis.setTimeout>;
type Interval = ReturnType<typeof globalThis.setInterval>;

/** Enough doublings to pass any sane cap; stops the exponent growing without bound. */
const MAX_BACKOFF_EXPONENT = 30;

/**
 * The realtime client. Call {@link ensureOpen} whenever the socket should be up (the host does on start and on every
 * navigation); it reconnects by itself after drops until {@link close}.
 *
 * Heartbeat: a `ping` goes out every 5 s. Each ping still unanswered at the next tick counts as missed; a tick that
 * finds more than 2 missed drops the socket and reconnects — with no pong at all, pings go out at 5, 10 and 15 s
 * after open and the tick at 20 s reconnects. Any pong clears the count.
 *
 * Reconnect delay is exponential backoff with full jitter, `random() * min(maxMs, baseMs * 2^attempt)`; `attempt`
 * resets once the server has proven alive (login accepted or a pong), not merely on open, so a server that accepts
 * and drops at once still backs off.
 */
export class RealtimeClient {
  private readonly opts: RealtimeClientOptions;
  private readonly logger: Pick<Console, 'debug' | 'warn'>;
  private readonly random: () => number;
  private readonly backoff: { baseMs: number; maxMs: number };

  private socket: WebSocket | null = null;
  private status: RealtimeStatus = 'idle';
  private loggedIn = false;
  /** A login went out on the current connection (accepted or not yet answered). */
  private loginSent = false;
  private stopped = false;
  private attempt = 0;
  private missed = 0;
  private pingId = 0;
  private connectTimer: Timer | null = null;
  private reconnectTimer: Timer | null = null;
  private pingTimer: Interval | null = null;
  private readonly topics = new Map<Topic, Set<Subscription>>();
  private readonly statusListeners = new Set<(status: RealtimeStatus) => void>();

  constructor(opts: RealtimeClientOptions) {
    this.opts = opts;
    this.logger = opts.logger ?? console;
    this.random = opts.random ?? Math.random;
    this.backoff = opts.backoff ?? { baseMs: 500, maxMs: 30_000 };
  }

  /** Current connection status. */
  getStatus(): RealtimeStatus {
    return this.status;
  }

  /** True once the server accepted the login on the current connection. */
  get isLoggedIn(): boolean {
    return this.loggedIn;
  }

  /** True while the socket is open. */
  get isOpen(): boolean {
    return this.status === 'open';
  }

  /** Listen to status changes; returns the unsubscribe function. */
  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  /**
   * Open the socket unless it is open or opening. Idempotent. A pending reconnect is brought forward (the caller is
   * user-paced, e.g. a navigation); a client stopped with {@link close} starts again.
   */
  ensureOpen(): void {
    this.stopped = false;
    if (this.status === 'open' || this.status === 'connecting') return;
    this.clearReconnect();
    this.connect();
  }

  /** Stop for good: close the socket, cancel every timer, no reconnect. Subscriptions are kept for a later {@link ensureOpen}. */
  close(): void {
    this.stopped = true;
    this.clearReconnect();
    this.dropSocket();
    this.setStatus('closed');
  }

  /**
   * Log in again on the open socket after the token or the language changed. Logging out cannot be expressed by a login message, so
   * without a token the connection is renewed anonymously (a fresh socket, topics re-sent).
   */
  relogin(): void {
    if (this.status !== 'open') return;
    const token = this.opts.getToken();
    if (token) {
      this.login(token);
      return;
    }
    if (this.loginSent) {
      this.dropSocket();
      this.connect();
    }
  }

  /**
   * Receive the messages of `topic`. Ref-counted: the first handler of a topic sends `subscribe` (now if open, else
   * on connect), removing the last sends `unsubscribe`. Returns the unsubscribe function (safe to call twice).
   */
  subscribe<T extends Topic>(topic: T, handler: TopicHandler<T>): () => void {
    const entry: Subscription = { handler: handler as RawHandler };
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
      if (this.status === 'open') this.send({ type: 'subscribe', topic });
    }
    set.add(entry);
    return () => {
      const current = this.topics.get(topic);
      if (!current || !current.delete(entry)) return;
      if (current.size === 0) {
        this.topics.delete(topic);
        if (this.status === 'open') this.send({ type: 'unsubscribe', topic });
      }
    };
  }

  // ---- internals ----

  private connect(): void {
    const Impl = this.opts.WebSocketImpl ?? globalThis.WebSocket;
    this.setStatus('connecting');
    let socket: WebSocket;
    try {
      socket = new Impl(this.opts.url());
    } catch (error) {
      this.logger.warn('[realtime] cannot create socket', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.handleOpen(socket);
    socket.onmessage = (event: MessageEvent) => this.handleFrame(socket, event.data);
    socket.onerror = () => this.logger.debug('[realtime] socket error');
    socket.onclose = () => this.handleClose(socket);
    this.connectTimer = globalThis.setTimeout(() => {
      this.connectTimer = null;
      if (this.socket !== socket || this.status !== 'connecting') return;
      this.logger.warn(`[realtime] not open after ${CONNECT_TIMEOUT_MS} ms, retrying`);
      this.dropSocket();
      this.scheduleReconnect();
    }, CONNECT_TIMEOUT_MS);
  }

  private handleOpen(socket: WebSocket): void {
    if (this.socket !== socket) return;
    this.clearConnectTimer();
    this.missed = 0;
    this.setStatus('open');
    const token = this.opts.getToken();
    if (token) this.login(token);
    for (const topic of this.topics.keys()) this.send({ type: 'subscribe', topic });
    this.pingTimer = globalThis.setInterval(() => this.heartbeat(), PING_INTERVAL_MS);
  }

  private login(token: string): void {
    this.loggedIn = false;
    this.loginSent = true;
    const lang = this.opts.getLanguage?.();
    this.send({ type: 'login', token, version: PROTOCOL_VERSION, ...(lang ? { lang } : {}) });
  }

  private heartbeat(): void {
    if (this.status !== 'open') return;
    if (this.missed > MAX_MISSED_PONGS) {
      this.logger.warn(`[realtime] ${this.missed} pings unanswered, reconnecting`);
      this.dropSocket();
      this.scheduleReconnect();
      return;
    }
    this.pingId += 1;
    this.missed += 1;
    this.send({ type: 'ping', id: this.pingId });
  }

  private handleFrame(socket: WebSocket, data: unknown): void {
    if (this.socket !== socket) return;
    if (typeof data !== 'string') {
      this.logger.warn('[realtime] ignoring non-text frame');
      return;
    }
    const message = parseServerMessage(data);
    if (message === undefined) {
      this.logger.warn('[realtime] unparseable frame', data);
      return;
    }
    if (message.type === undefined) {
      this.logger.debug('[realtime] message without type', message.raw);
      return;
    }
    this.handleMessage(message);
  }

  private handleMessage(message: ServerMessage): void {
    switch (message.type) {
      case 'login_result':
        this.loggedIn = message.code === CODE_OK;
        if (this.loggedIn) this.attempt = 0;
        else this.logger.warn('[realtime] login refused', message.code, message.msg);
        return;
      case 'pong':
        this.missed = 0;
        this.attempt = 0;
        return;
      case 'subscribed':
        return;
      case 'message':
        this.dispatch(message.topic, message.data);
        return;
      case 'error':
        this.logger.warn('[realtime] server error', message.code, message.msg);
        return;
      default:
        this.logger.debug('[realtime] unknown message', message);
    }
  }

  private dispatch(topic: Topic, data: unknown): void {
    const set = this.topics.get(topic);
    if (!set) return;
    // Copy: a handler may unsubscribe itself or others while we iterate.
    for (const { handler } of [...set]) {
      try {
        handler(data, topic);
      } catch (error) {
        this.logger.warn(`[realtime] handler for ${topic} threw`, error);
      }
    }
  }

  private handleClose(socket: WebSocket): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.clearConnectTimer();
    this.clearPing();
    this.loggedIn = false;
    this.loginSent = false;
    if (this.stopped) {
      this.setStatus('closed');
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.setStatus('closed');
    if (this.stopped) return;
    this.clearReconnect();
    const exponent = Math.min(this.attempt, MAX_BACKOFF_EXPONENT);
    const ceiling = Math.min(this.backoff.maxMs, this.backoff.baseMs * 2 ** exponent);
    const delay = Math.floor(this.random() * ceiling);
    this.attempt += 1;
    this.logger.debug(`[realtime] reconnecting in ${delay} ms`);
    this.reconnectTimer = globalThis.setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.connect();
    }, delay);
  }

  /** Detach and close the current socket so its late events cannot touch the new one. */
  private dropSocket(): void {
    this.clearConnectTimer();
    this.clearPing();
    this.loggedIn = false;
    this.loginSent = false;
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    try {
      socket.close();
    } catch (error) {
      this.logger.debug('[realtime] close failed', error);
    }
  }

  /** Send on the open socket (dropped when it is not open: a channel of its own checks first and keeps it). */
  send(message: ClientMessage): void {
    const socket = this.socket;
    if (!socket || this.status !== 'open') return;
    try {
      socket.send(JSON.stringify(message));
    } catch (error) {
      this.logger.warn('[realtime] send failed', error);
    }
  }

  private setStatus(next: RealtimeStatus): void {
    if (this.status === next) return;
    this.status = next;
    for (const listener of [...this.statusListeners]) {
      try {
        listener(next);
      } catch (error) {
        this.logger.warn('[realtime] status listener threw', error);
      }
    }
  }

  private clearConnectTimer(): void {
    if (this.connectTimer !== null) globalThis.clearTimeout(this.connectTimer);
    this.connectTimer = null;
  }

  private clearPing(): void {
    if (this.pingTimer !== null) globalThis.clearInterval(this.pingTimer);
    this.pingTimer = null;
    this.missed = 0;
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== null) globalThis.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}
