/**
 * The event bus between what produces realtime events (the price feed, the trading engine) and the gateways that
 * push them to sockets. In-process by default; with REDIS_URL, Redis pub/sub, so an event published on any API
 * node reaches the sockets connected to every node.
 */
import { Redis } from 'ioredis';
import type { TopicPayloads } from '@meridian/shared/pure';

/**
 * An event for the sockets: a topic with its payload as the wire contract types it (`TopicPayloads`), and for
 * private topics the only user who may receive it.
 */
export type TopicEvent = {
  [T in keyof TopicPayloads]: { topic: T; data: TopicPayloads[T]; userId?: number };
}[keyof TopicPayloads];
/** An event between API nodes only (`internal.*`), never sent to a socket. */
export type InternalEvent = { topic: `internal.${string}`; data: unknown; userId?: number };
export type BusEvent = TopicEvent | InternalEvent;
export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  publish(event: BusEvent): void;
  /** Whether the bus reaches the other nodes now (Redis); absent for the in-process bus. */
  connected?(): boolean;
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

export class LocalBus implements EventBus {
  private listeners = new Set<BusListener>();

  publish(event: BusEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch {
        // one faulty listener must not stop the others
      }
    }
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

const CHANNEL = 'meridian:realtime';

/**
 * Redis pub/sub across API nodes. Events are delivered locally only when they come back from Redis. Redis may be down
 * at start-up or go away later: the node keeps running (events published meanwhile are lost, sockets re-check their
 * sessions on their own), and the subscription is made again as soon as Redis answers.
 */
export class RedisBus implements EventBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly local = new LocalBus();
  private readonly ready: Promise<void>;
  private subscribed = false;
  private closed = false;
  private markReady: () => void = () => undefined;
  private readonly channel: string;

  constructor(url: string, channel = CHANNEL) {
    this.channel = channel;
    this.pub = new Redis(url, { maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { maxRetriesPerRequest: 2 });
    // Without a listener ioredis reports every failed reconnect as an unhandled error event.
    this.pub.on('error', () => undefined);
    this.sub.on('error', () => undefined);
    this.sub.on('close', () => {
      this.subscribed = false;
    });
    this.ready = new Promise<void>((resolve) => {
      this.markReady = resolve;
    });
    this.sub.on('ready', () => this.listen());
    this.sub.on('message', (_ch: string, raw: string) => {
      try {
        this.local.publish(JSON.parse(raw) as BusEvent);
      } catch {
        // ignore a malformed message
      }
    });
  }

  /** (Re)subscribe whenever the subscriber connection is (again) ready. */
  private listen(): void {
    if (this.closed) return;
    this.sub.subscribe(this.channel).then(
      () => {
        this.subscribed = true;
        this.markReady();
      },
      () => undefined, // Redis went away again: the next 'ready' tries again
    );
  }

  /** Resolves once this node listens, so nothing published after it is missed. */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  connected(): boolean {
    return this.subscribed && this.pub.status === 'ready';
  }

  publish(event: BusEvent): void {
    void this.pub.publish(this.channel, JSON.stringify(event)).catch(() => undefined);
  }

  subscribe(listener: BusListener): () => void {
    return this.local.subscribe(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.local.close();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

export function createBus(redisUrl?: string | null): EventBus {
  return redisUrl ? new RedisBus(redisUrl) : new LocalBus();
}
