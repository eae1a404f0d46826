/**
 * `GET /metrics`: this node's figures in the Prometheus text format (docs/ops.md#metrics). Each app has a registry of
 * its own (tests build many apps in one process); the process figures of prom-client (CPU, memory, event loop, GC)
 * live in one registry per process, started by the first scrape, so an app nobody scrapes starts no monitor.
 *
 * Open to a request from this machine (loopback, not forwarded by a proxy) or one with `Authorization: Bearer
 * <METRICS_TOKEN>`; anyone else gets the unknown-route answer (404/1002), a wrong token 403/1003. No figure carries
 * a user, an address or a raw URL: labels are route patterns, methods, status classes, instrument codes, queue ids.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ERROR_CODES } from '@meridian/shared/pure';
import type { AppContext } from '../context';
import { envelope } from '../lib/envelope';
import { fromLoopback } from '../lib/loopback';
import type { MarketData, Quote } from '../modules/markets';
import type { FrameKind, Gateway } from '../realtime/gateway';

/** Queue counts are read at most this often (a scrape every few seconds costs one COUNT per queue, not more). */
export const QUEUE_CACHE_MS = 5000;

/** The route label of a request no route matched (unknown paths, the SPA fallback): never the raw URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const ENGINE_BUCKETS = [
  0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1,
];
const FRAME_KINDS: readonly FrameKind[] = ['market', 'private', 'other'];

export type QueueCount = { id: string; count: number; oldestAt: number | null };

/** What the figures are read from, handed over by buildApp. */
export type MetricsSources = {
  ctx: AppContext;
  market: MarketData;
  /** The realtime gateway once it is registered. */
  gateway: () => Gateway | null;
  /** What waits for ops, by queue (the dashboard's providers). */
  queues: (onError: (id: string, err: unknown) => void) => Promise<QueueCount[]>;
};

export type AppMetrics = {
  registry: Registry;
  /**
   * The market as the trading engine should see it: the same, except that each tick listener's run (the engine's
   * evaluation of one tick) is timed into `meridian_engine_tick_evaluation_seconds` on the leader.
   */
  timeTicks: (market: MarketData) => MarketData;
};

let processRegistry: Registry | null = null;

/** prom-client's default figures, once per process (they describe the process, not one app). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(ctx: Pick<AppContext, 'lease'>): AppMetrics {
  const registry = new Registry();
  const evaluation = new Histogram({
    name: 'meridian_engine_tick_evaluation_seconds',
    help: 'Time the trading engine spends evaluating one tick (trigger index, trailing stops, queueing fills), leader only',
    buckets: ENGINE_BUCKETS,
    registers: [registry],
  });
  const timeTicks = (market: MarketData): MarketData =>
    withTimedTicks(market, (listener) => (q) => {
      if (!ctx.lease.isLeader()) return listener(q);
      const start = performance.now();
      try {
        listener(q);
      } finally {
        evaluation.observe((performance.now() - start) / 1000);
      }
    });
  return { registry, timeTicks };
}

type TickListener = (q: Quote) => void;

/** `market` with every tick listener passed through `wrap`; everything else answered by `market` itself. */
function withTimedTicks(market: MarketData, wrap: (l: TickListener) => TickListener): MarketData {
  const timed: MarketData = {
    instruments: () => market.instruments(),
    instrument: (idOrCode) => market.instrument(idOrCode),
    quote: (id) => market.quote(id),
    isOpen: (id, now) => market.isOpen(id, now),
    onTick: (listener) => market.onTick(wrap(listener)),
    usdRate: (currency) => market.usdRate(currency),
  };
  // The optional parts exist exactly when the market has them (a fake without quoteFresh is always fresh).
  if (market.quoteFresh) timed.quoteFresh = (id, now) => market.quoteFresh?.(id, now) ?? true;
  if (market.feedAge) timed.feedAge = (now) => market.feedAge?.(now) ?? null;
  if (market.feedState) timed.feedState = (now) => market.feedState?.(now) ?? 'closed';
  return timed;
}

/** A bearer token equal to `expected`, compared in constant time. */
function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

function access(req: FastifyRequest, token: string | undefined): 'open' | 'wrongToken' | 'hidden' {
  const auth = req.headers.authorization;
  if (token && typeof auth === 'string' && /^bearer /i.test(auth)) {
    return sameToken(auth.slice(7).trim(), token) ? 'open' : 'wrongToken';
  }
  return fromLoopback(req) ? 'open' : 'hidden';
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** The request histogram (every route, on the root) and the route `GET /metrics`. */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, sources: MetricsSources): void {
  const { ctx, market } = sources;
  const { registry } = metrics;

  const requests = new Histogram({
    name: 'meridian_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status class, from arrival to the last byte written',
    labelNames: ['route', 'method', 'status_class'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    requests.observe(
      {
        route: req.routeOptions.url ?? UNMATCHED_ROUTE,
        method: req.method,
        status_class: statusClass(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'meridian_ws_open_sockets',
    help: 'WebSocket connections open on this node (signed in or not)',
    registers: [registry],
    collect() {
      this.set(sources.gateway()?.connections() ?? 0);
    },
  });
  new Gauge({
    name: 'meridian_ws_users_online',
    help: 'Distinct signed-in traders with a socket on this node',
    registers: [registry],
    collect() {
      this.set(sources.gateway()?.onlineUsers() ?? 0);
    },
  });
  new Counter({
    name: 'meridian_ws_frames_sent_total',
    help: 'Frames written to sockets by this node: market (DAY_MARKET, KLINE), private (orders, chat), other (answers)',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const sent = sources.gateway()?.framesSent();
      this.reset();
      for (const kind of FRAME_KINDS) this.inc({ kind }, sent?.[kind] ?? 0);
    },
  });

  new Gauge({
    name: 'meridian_feed_tick_age_seconds',
    help: 'Seconds since the last tick of each instrument open now, as this node has it (closed ones left out)',
    labelNames: ['instrument'],
    registers: [registry],
    collect() {
      this.reset();
      const now = ctx.now();
      for (const inst of market.instruments()) {
        const q = market.quote(inst.id);
        if (!q || !market.isOpen(inst.id, now)) continue;
        this.set({ instrument: inst.code }, Math.max(0, now - q.time) / 1000);
      }
    },
  });
  new Gauge({
    name: 'meridian_leader',
    help: '1 when this node holds the lease (runs the price feed and the trading engine), else 0',
    registers: [registry],
    collect() {
      this.set(ctx.lease.isLeader() ? 1 : 0);
    },
  });

  // One read of every queue per QUEUE_CACHE_MS, shared by both gauges and by scrapes that overlap.
  let cached: { at: number; counts: Promise<QueueCount[]> } | null = null;
  const queues = () => {
    const now = ctx.now();
    if (!cached || now - cached.at >= QUEUE_CACHE_MS || now < cached.at) {
      cached = {
        at: now,
        counts: sources.queues((id, err) => app.log.error({ err, id }, 'metrics: queue count failed')),
      };
    }
    return cached;
  };
  new Gauge({
    name: 'meridian_queue_length',
    help: 'Items waiting for ops, by queue (funds.deposits, funds.withdrawals, kyc.waiting, support.open)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const counts = await queues().counts;
      this.reset();
      for (const q of counts) this.set({ queue: q.id }, q.count);
    },
  });
  new Gauge({
    name: 'meridian_queue_oldest_age_seconds',
    help: 'Seconds the oldest item of each queue has waited (0 when the queue is empty)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const { at, counts } = queues();
      this.reset();
      for (const q of await counts) {
        this.set({ queue: q.id }, q.oldestAt === null ? 0 : Math.max(0, at - q.oldestAt) / 1000);
      }
    },
  });

  // In a plugin of its own, so the route table hooks (the README's call table check) see it like /healthz.
  void app.register(async (scope) => {
    scope.get('/metrics', async (req, reply) => {
      const verdict = access(req, ctx.config.metricsToken);
      if (verdict === 'hidden') {
        return reply
          .code(404)
          .send(envelope(ERROR_CODES.notFound, ctx.i18n.t(req.lang, 'error.notFound'), null));
      }
      if (verdict === 'wrongToken') {
        return reply
          .code(403)
          .send(envelope(ERROR_CODES.forbidden, ctx.i18n.t(req.lang, 'error.forbidden'), null));
      }
      const text = (await processMetrics().metrics()) + (await registry.metrics());
      return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
    });
  });
}
