/**
 * Leadership among API nodes: exactly one node runs the price feed (and the trading engine). Without Redis the single
 * node is always the leader (`LocalLease`). With REDIS_URL (`RedisLease`) the leader holds a key in Redis taken with
 * `SET key id NX PX ttl` and renewed every `renewMs` only while it still holds it (compare-and-extend in Lua); when
 * the holder dies or stops renewing, the key expires and another node takes it over at once (a follower that finds
 * the key held schedules an attempt for the moment it expires). A leader
 * that cannot confirm its renewal steps down before its ttl can have passed, so two leaders never overlap for long.
 */
import crypto from 'node:crypto';
import { Redis } from 'ioredis';

export type LeaderListener = (leader: boolean) => void;

export interface Lease {
  isLeader(): boolean;
  /** Called on every change of leadership. Returns an unsubscribe. */
  onChange(cb: LeaderListener): () => void;
  /** Begin competing (RedisLease) or become leader (LocalLease). Resolves after the first attempt. */
  start(): Promise<void>;
  /** Stop renewing and give the lease up (when held). */
  stop(): Promise<void>;
}

class Listeners {
  private readonly set = new Set<LeaderListener>();
  add(cb: LeaderListener): () => void {
    this.set.add(cb);
    return () => this.set.delete(cb);
  }
  emit(leader: boolean): void {
    for (const cb of this.set) {
      try {
        cb(leader);
      } catch {
        // a faulty listener must not stop the others
      }
    }
  }
}

/** One node: always the leader (until stopped, when the app closes). */
export class LocalLease implements Lease {
  private leader = true;
  private readonly listeners = new Listeners();

  isLeader(): boolean {
    return this.leader;
  }
  onChange(cb: LeaderListener): () => void {
    return this.listeners.add(cb);
  }
  async start(): Promise<void> {
    if (this.leader) return;
    this.leader = true;
    this.listeners.emit(true);
  }
  async stop(): Promise<void> {
    if (!this.leader) return;
    this.leader = false;
    this.listeners.emit(false);
  }
}

export type RedisLeaseOptions = {
  /** A Redis URL (a connection of its own is opened and closed) or a client (left open). */
  redis: string | Redis;
  /** Key of the lease, default `meridian:lease:feed`. */
  key?: string;
  /** Lease lifetime (ms), default 10000. */
  ttlMs?: number;
  /** Renewal / acquisition attempt interval (ms), default ttl / 3. */
  renewMs?: number;
  /** This node's id, default random. */
  id?: string;
  onError?: (err: unknown) => void;
  /** The clock the holding is timed with (tests move it); default Date.now. */
  now?: () => number;
};

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisLease implements Lease {
  readonly id: string;
  readonly key: string;
  private readonly ttlMs: number;
  private readonly renewMs: number;
  private readonly redis: Redis;
  private readonly ownsClient: boolean;
  private readonly listeners = new Listeners();
  private readonly onError: (err: unknown) => void;
  private leader = false;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** When the current holding is known to be valid until (local clock), minus a safety margin. */
  private validUntil = 0;
  private attempt: Promise<void> = Promise.resolve();
  private expiry: NodeJS.Timeout | undefined;
  private takeover: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  /** Renewals confirmed by Redis so far (tests wait on it instead of sleeping). */
  renewals = 0;

  constructor(opts: RedisLeaseOptions) {
    this.now = opts.now ?? Date.now;
    this.id = opts.id ?? crypto.randomBytes(9).toString('base64url');
    this.key = opts.key ?? 'meridian:lease:feed';
    this.ttlMs = opts.ttlMs ?? 10_000;
    this.renewMs = opts.renewMs ?? Math.max(50, Math.floor(this.ttlMs / 3));
    this.onError = opts.onError ?? (() => undefined);
    if (typeof opts.redis === 'string') {
      this.redis = new Redis(opts.redis, { maxRetriesPerRequest: 1, lazyConnect: false });
      this.redis.on('error', () => undefined);
      this.ownsClient = true;
    } else {
      this.redis = opts.redis;
      this.ownsClient = false;
    }
    // Redis back after an outage: compete at once rather than at the next interval, so the cluster is without a
    // leader (and a feed) for as short a time as the lease allows.
    this.redis.on('ready', () => {
      if (this.running) void this.tick();
    });
  }

  isLeader(): boolean {
    if (this.leader && this.now() > this.validUntil) this.setLeader(false);
    return this.leader;
  }

  onChange(cb: LeaderListener): () => void {
    return this.listeners.add(cb);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.renewMs);
    this.timer.unref();
  }

  /** Stop renewing without giving the lease up: as if this node died (tests). */
  pause(): void {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = undefined;
    if (this.takeover) clearTimeout(this.takeover);
    this.takeover = undefined;
  }

  async stop(): Promise<void> {
    const wasRunning = this.running || this.leader;
    this.pause();
    await this.attempt.catch(() => undefined);
    if (wasRunning && this.leader) {
      await this.redis.eval(RELEASE, 1, this.key, this.id).catch(() => undefined);
      this.setLeader(false);
    }
    if (this.ownsClient) this.redis.disconnect();
  }

  private tick(): Promise<void> {
    this.attempt = this.attempt.then(() => this.tryOnce());
    return this.attempt;
  }

  private async tryOnce(): Promise<void> {
    if (!this.running) return;
    const started = this.now();
    try {
      let held: boolean;
      if (this.leader) {
        held = Number(await this.redis.eval(RENEW, 1, this.key, this.id, String(this.ttlMs))) === 1;
        if (held) this.renewals += 1;
      } else held = (await this.redis.set(this.key, this.id, 'PX', this.ttlMs, 'NX')) === 'OK';
      if (!this.running) return;
      if (held) {
        // Valid for the ttl counted from before the request, less a margin for clock drift.
        this.validUntil = started + this.ttlMs - Math.min(1000, Math.floor(this.ttlMs / 5));
        this.setLeader(true);
        // Step down on time if the next renewals cannot be confirmed.
        if (this.expiry) clearTimeout(this.expiry);
        this.expiry = setTimeout(() => void this.isLeader(), Math.max(1, this.validUntil - this.now() + 1));
        this.expiry.unref();
      } else {
        this.setLeader(false);
        // Someone else holds it: try again the moment it would expire rather than at the next interval, so a dead
        // leader's lease is taken over within its lifetime (docs/ops.md#scale-out-and-health).
        const left = Number(await this.redis.pttl(this.key));
        if (this.running && left >= 0 && left < this.renewMs) {
          if (this.takeover) clearTimeout(this.takeover);
          this.takeover = setTimeout(() => void this.tick(), left + 1);
          this.takeover.unref();
        }
      }
    } catch (err) {
      this.onError(err);
      if (this.leader && this.now() > this.validUntil) this.setLeader(false);
    }
  }

  private setLeader(v: boolean): void {
    if (this.leader === v) return;
    this.leader = v;
    this.listeners.emit(v);
  }
}
