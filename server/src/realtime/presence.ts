/**
 * Which traders have the app open: a signed-in socket on any API node. The gateway tells its presence when a user's
 * first socket on this node signs in and when the last one goes; Web Push asks it before waking a phone for a
 * notification the open tabs already received (docs/ops.md#web-push).
 *
 * One node (`LocalPresence`): the gateway's own sockets. Several nodes (`RedisPresence`): besides its own count, each
 * node keeps one member per online user in a Redis sorted set per user (`<prefix><userId>`: member = node id, score =
 * the time it lapses), re-dated every third of `ttlMs` while the user has a socket here and removed when the last one
 * closes. A node that dies without saying so lapses after `ttlMs`. Asking reads this node's count, then counts the
 * members not lapsed; with Redis unreachable the answer is "unknown" (null), and the caller sends the push anyway: a
 * notification shown twice beats one lost.
 */
import crypto from 'node:crypto';
import { Redis } from 'ioredis';

export interface Presence {
  /** A user's first signed-in socket on this node. */
  join(userId: number): void;
  /** That user's last signed-in socket on this node went (or logged out). */
  leave(userId: number): void;
  /** Sockets of the user on this node (tests wait on it). */
  localCount(userId: number): number;
  /** Whether the user has a signed-in socket on any node; null when that cannot be known now. */
  isOnline(userId: number): Promise<boolean | null>;
  close(): Promise<void>;
}

/** The counts of this node's sockets per user: the whole answer for one node, the local part for several. */
export class LocalPresence implements Presence {
  protected readonly counts = new Map<number, number>();

  join(userId: number): void {
    this.counts.set(userId, (this.counts.get(userId) ?? 0) + 1);
  }

  leave(userId: number): void {
    const n = (this.counts.get(userId) ?? 0) - 1;
    if (n > 0) this.counts.set(userId, n);
    else this.counts.delete(userId);
  }

  localCount(userId: number): number {
    return this.counts.get(userId) ?? 0;
  }

  async isOnline(userId: number): Promise<boolean | null> {
    return this.localCount(userId) > 0;
  }

  async close(): Promise<void> {
    this.counts.clear();
  }
}

export type RedisPresenceOptions = {
  redis: string;
  /** Key prefix; installations sharing one Redis use their own (default `meridian:presence:`). */
  prefix?: string;
  /** How long a node's mark lasts without being re-dated (ms). */
  ttlMs?: number;
  /** This node's id (default random). */
  nodeId?: string;
  now?: () => number;
};

export class RedisPresence extends LocalPresence {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly ttlMs: number;
  private readonly nodeId: string;
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout;

  constructor(o: RedisPresenceOptions) {
    super();
    this.redis = new Redis(o.redis, { maxRetriesPerRequest: 1 });
    this.redis.on('error', () => undefined);
    this.prefix = o.prefix ?? 'meridian:presence:';
    this.ttlMs = o.ttlMs ?? 45_000;
    this.nodeId = o.nodeId ?? crypto.randomBytes(8).toString('hex');
    this.now = o.now ?? Date.now;
    this.timer = setInterval(() => this.refresh([...this.counts.keys()]), Math.floor(this.ttlMs / 3));
    this.timer.unref();
  }

  override join(userId: number): void {
    const first = this.localCount(userId) === 0;
    super.join(userId);
    if (first) this.refresh([userId]);
  }

  override leave(userId: number): void {
    super.leave(userId);
    if (this.localCount(userId) === 0)
      void this.redis.zrem(this.prefix + userId, this.nodeId).catch(() => undefined);
  }

  /** Mark (again) this node's users as present until now + ttl. */
  private refresh(userIds: number[]): void {
    if (userIds.length === 0) return;
    const until = this.now() + this.ttlMs;
    const p = this.redis.pipeline();
    for (const id of userIds) {
      p.zadd(this.prefix + id, until, this.nodeId);
      p.pexpire(this.prefix + id, this.ttlMs * 2);
    }
    void p.exec().catch(() => undefined);
  }

  override async isOnline(userId: number): Promise<boolean | null> {
    if (this.localCount(userId) > 0) return true;
    try {
      const n = await this.redis.zcount(this.prefix + userId, this.now(), '+inf');
      return n > 0;
    } catch {
      return null;
    }
  }

  override async close(): Promise<void> {
    clearInterval(this.timer);
    const ids = [...this.counts.keys()];
    await super.close();
    if (ids.length > 0 && this.redis.status === 'ready') {
      const p = this.redis.pipeline();
      for (const id of ids) p.zrem(this.prefix + id, this.nodeId);
      await p.exec().catch(() => undefined);
    }
    this.redis.disconnect();
  }
}
