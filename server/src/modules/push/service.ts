/**
 * Web Push delivery (docs/ops.md#web-push). `notify` is what the notifications' producers call after their commit: it
 * queues the notification and returns at once; the queue asks presence whether the trader has the app open on any
 * node (then the socket already carried it) and otherwise sends one encrypted message (RFC 8291, aes128gcm) per live
 * subscription with `web-push`, signed with the VAPID key (keys.ts).
 *
 * Per request: TTL one day, urgency by type (payload.ts); a 404 or 410 removes the subscription; a 429, a 5xx or a
 * network error is tried again after 1 s, 4 s and 16 s (or the push service's Retry-After when longer, up to
 * RETRY_AFTER_MAX_MS), after which it is logged and dropped; any other refusal is logged and dropped. Logs name a
 * subscription by its id and its push service's host, never by its whole endpoint (a capability URL).
 *
 * The queue is in-process and bounded: it runs CONCURRENCY requests at a time and holds at most QUEUE_MAX waiting
 * tasks (the oldest is dropped, and counted, beyond that). What is queued when the node stops is lost: the stored
 * notification stays in the list either way.
 */
import type https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { NotificationView } from '@meridian/shared/pure';
import type { Config } from '../../config';
import type { I18n } from '../../lib/i18n';
import type { EventBus } from '../../realtime/bus';
import type { Presence } from '../../realtime/presence';
import { revokedUserOf } from '../../realtime/revocation';
import type { DB } from '../../storage/db';
import type { PushSubscriptionRow } from '../../storage/schema';
import { loadVapidKeys } from './keys';
import type { VapidKeys } from './keys';
import { pushMessage, urgencyOf } from './payload';
import type { PrecisionOf } from './payload';
import * as repo from './repository';

/** Pieces a test may supply (AppOverrides). */
export type PushOverrides = {
  /** The HTTPS agent for the push services (tests: one that trusts their local push service). */
  pushAgent?: https.Agent;
  /** Waits before each retry, ms (default 1 s, 4 s, 16 s): one more try per entry. */
  pushRetryDelaysMs?: readonly number[];
};

export const RETRY_DELAYS_MS = [1000, 4000, 16000] as const;
/** A Retry-After longer than this is not waited for: the message is dropped (and logged). */
export const RETRY_AFTER_MAX_MS = 10 * 60_000;
export const TTL_SECONDS = 24 * 3600;
const CONCURRENCY = 8;
const QUEUE_MAX = 10_000;
const REQUEST_TIMEOUT_MS = 10_000;

export type PushDeps = {
  db: DB;
  i18n: I18n;
  bus: EventBus;
  presence: Pick<Presence, 'isOnline'>;
  config: Pick<Config, 'vapidPublicKey' | 'vapidPrivateKey' | 'vapidSubject'>;
  log: FastifyBaseLogger;
  now: () => number;
  precisionOf: PrecisionOf;
} & PushOverrides;

/** What happened to the pushes of this node since it started (tests, and a look at a node's health). */
export type PushStats = {
  sent: number;
  retried: number;
  failed: number;
  removed: number;
  skippedOnline: number;
  dropped: number;
};

export type Push = {
  /** The VAPID public key (base64url) the devices subscribe with. */
  publicKey: () => Promise<string>;
  /** Sends the stored notification to each of the trader's devices (queued: returns at once). */
  send: (userId: number, notification: NotificationView) => void;
  /** A notification after its commit: pushed when the trader has no signed-in socket on any node (queued). */
  notify: (userId: number, notification: NotificationView) => void;
  readonly stats: Readonly<PushStats>;
  /** Resolves once nothing is queued, running or waiting for a retry. */
  idle: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * How long to wait before try `attempt + 1` (attempt 0 is the first request), or null when there is no try left or
 * the push service asks for more than RETRY_AFTER_MAX_MS. Retry-After is seconds or an HTTP date.
 */
export function retryDelay(
  attempt: number,
  delays: readonly number[],
  retryAfter: string | undefined,
  now: number,
): number | null {
  const base = delays[attempt];
  if (base === undefined) return null;
  let asked = 0;
  if (retryAfter !== undefined) {
    const text = retryAfter.trim();
    if (/^\d{1,10}$/.test(text)) asked = Number(text) * 1000;
    else {
      const at = Date.parse(text);
      if (!Number.isNaN(at)) asked = at - now;
    }
  }
  if (asked > RETRY_AFTER_MAX_MS) return null;
  return Math.max(base, asked);
}

/** A subscription as the logs name it: its id and its push service's host. */
function logName(sub: Pick<PushSubscriptionRow, 'id' | 'endpoint'>) {
  let host = '?';
  try {
    host = new URL(sub.endpoint).host;
  } catch {
    // stored endpoints are checked URLs; keep '?' otherwise
  }
  return { subscription: sub.id, host };
}

type SendError = { statusCode?: unknown; headers?: Record<string, string | string[] | undefined> };

/** A small bounded task queue with a concurrency limit and delayed tasks (retries). */
class TaskQueue {
  private running = 0;
  private waiting: (() => Promise<void>)[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly concurrency: number,
    private readonly max: number,
    private readonly onDrop: () => void,
  ) {}

  add(task: () => Promise<void>): void {
    if (this.closed) return;
    if (this.waiting.length >= this.max) {
      this.waiting.shift();
      this.onDrop();
    }
    this.waiting.push(task);
    this.pump();
  }

  later(ms: number, task: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.add(task);
      this.settle();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private pump(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const task = this.waiting.shift() as () => Promise<void>;
      this.running++;
      void task()
        .catch(() => undefined)
        .finally(() => {
          this.running--;
          this.pump();
          this.settle();
        });
    }
  }

  private settle(): void {
    if (this.running > 0 || this.waiting.length > 0 || this.timers.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0 && this.timers.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.waiting = [];
    this.settle();
    await this.idle();
  }
}

export function createPush(deps: PushDeps): Push {
  const delays = deps.pushRetryDelaysMs ?? RETRY_DELAYS_MS;
  const stats: PushStats = { sent: 0, retried: 0, failed: 0, removed: 0, skippedOnline: 0, dropped: 0 };
  const queue = new TaskQueue(CONCURRENCY, QUEUE_MAX, () => {
    stats.dropped++;
    deps.log.warn('push: queue full, the oldest message was dropped');
  });

  let keys: Promise<VapidKeys> | undefined;
  const vapid = (): Promise<VapidKeys> => {
    if (!keys) {
      keys = loadVapidKeys(deps.db, deps.config);
      keys.catch(() => {
        keys = undefined;
      });
    }
    return keys;
  };

  const deliver = async (
    sub: PushSubscriptionRow,
    body: string,
    urgency: 'high' | 'normal',
    attempt: number,
  ) => {
    // A retry goes out only while the subscription is there as it was (not after a logout or a new subscription).
    if (attempt > 0 && !(await repo.stillSubscribed(deps.db, sub.id, sub.p256dh, deps.now()))) return;
    const k = await vapid();
    try {
      await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        body,
        {
          vapidDetails: k,
          TTL: TTL_SECONDS,
          urgency,
          timeout: REQUEST_TIMEOUT_MS,
          ...(deps.pushAgent ? { agent: deps.pushAgent } : {}),
        },
      );
      stats.sent++;
    } catch (err) {
      const e = (err ?? {}) as SendError;
      const status = typeof e.statusCode === 'number' ? e.statusCode : undefined;
      if (status === 404 || status === 410) {
        if (await repo.deleteGone(deps.db, sub.id, sub.endpoint, sub.p256dh)) stats.removed++;
        deps.log.info({ push: { ...logName(sub), status } }, 'push: subscription gone, removed');
        return;
      }
      const transient = status === undefined || status === 429 || status >= 500;
      const header = e.headers?.['retry-after'];
      const wait = transient
        ? retryDelay(attempt, delays, Array.isArray(header) ? header[0] : header, Date.now())
        : null;
      if (wait !== null) {
        stats.retried++;
        queue.later(wait, () => deliver(sub, body, urgency, attempt + 1));
        return;
      }
      stats.failed++;
      deps.log.warn(
        {
          push: { ...logName(sub), status: status ?? null, attempts: attempt + 1 },
          reason: status === undefined ? ((err as Error)?.message ?? 'error') : undefined,
        },
        'push: delivery failed',
      );
    }
  };

  const sendNow = async (userId: number, n: NotificationView) => {
    const k = await vapid();
    const now = deps.now();
    await repo.dropStale(deps.db, userId, now, k.publicKey);
    const subs = await repo.liveSubscriptions(deps.db, userId, now, k.publicKey);
    const bodies = new Map<string, string>();
    for (const sub of subs) {
      const lang = deps.i18n.languages.find((l) => l === sub.lang) ?? 'hk';
      let body = bodies.get(lang);
      if (body === undefined) {
        body = JSON.stringify(pushMessage(deps.i18n.t, lang, n, deps.precisionOf));
        bodies.set(lang, body);
      }
      const text = body;
      queue.add(() => deliver(sub, text, urgencyOf(n), 0));
    }
  };

  const failed = (what: string) => (err: unknown) => {
    deps.log.error({ err }, `push: ${what}`);
  };

  // Whatever ends a session (logout, password change or reset, ops "sign out everywhere") publishes a revocation:
  // that session's devices are removed (and, should the event be lost, never sent to: liveSubscriptions).
  const unsubscribe = deps.bus.subscribe((ev) => {
    const userId = revokedUserOf(ev);
    if (userId === null) return;
    queue.add(() =>
      repo
        .dropStale(deps.db, userId, deps.now(), null)
        .then((n) => {
          stats.removed += n;
        })
        .catch(failed('removing the devices of ended sessions')),
    );
  });

  return {
    publicKey: async () => (await vapid()).publicKey,
    send: (userId, n) => queue.add(() => sendNow(userId, n).catch(failed('sending'))),
    notify: (userId, n) =>
      queue.add(async () => {
        try {
          // null (unknown: Redis unreachable) sends: a notification shown twice beats one lost.
          if ((await deps.presence.isOnline(userId)) === true) {
            stats.skippedOnline++;
            return;
          }
          await sendNow(userId, n);
        } catch (err) {
          failed('sending')(err);
        }
      }),
    stats,
    idle: () => queue.idle(),
    close: async () => {
      unsubscribe();
      await queue.close();
    },
  };
}
