/**
 * Builds the HTTP app: security headers, the envelope `{code, msg, data}` of every /api and /v1/api call, the central
 * error mapping, static files, and the domain modules. Storage is migrated and seeded while the app gets ready.
 *
 * Wiring is explicit: the platform (`AppContext`) is built first, then every domain service once, each from the
 * pieces it declares (`createTrading({ db, market, ... })`), and each route plugin is registered with its service
 * (`app.register(tradingRoutes, { trading })`). Tests replace a piece through the same `AppOverrides`.
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { Redis } from 'ioredis';
import { AmountOutOfRangeError, ERROR_CODES } from '@meridian/shared/pure';
import type { FeedState, Health, RedisState } from '@meridian/shared/pure';
import { z } from 'zod';
import type { Config } from './config';
import type { AppContext } from './context';
import { uploadsDirOf } from './context';
import { AppError } from './lib/errors';
import { envelope, isApiPath, ok } from './lib/envelope';
import { loadI18n, requestLanguage } from './lib/i18n';
import { DEFAULT_RATE_LIMITS, MemoryRateLimiter, RedisRateLimiter, scaleLimits } from './lib/rate-limit';
import type { RateLimiter, RateLimits } from './lib/rate-limit';
import { fieldLabel, issueMessage, ValidationError } from './lib/validate';
import { registerParamGuard } from './lib/params';
import { originAllowed } from './lib/origins';
import { REDACT_PATHS, serializeRequest } from './lib/logging';
import { clientErrorHandler, frameworkErrors, isMultipartParseError } from './lib/transport';
import './lib/request';
import { answers, ResponseContractError, registerResponseSchemas } from './lib/contract';
import { OutboxMailer, SmtpMailer } from './modules/notify';
import type { Mailer, SmsProvider } from './modules/notify';
import { BOOT_SCRIPT_CSP } from './modules/static/boot';
import { registerStatic } from './modules/static/routes';
import { createStorage } from './storage/db';
import type { Storage } from './storage/db';
import { seed } from './storage/seed';
import { findUserByEmail } from './modules/accounts';
import { accountsRoutes } from './modules/accounts/routes';
import { notifyRoutes } from './modules/notify/routes';
import { getSetting } from './modules/content';
import { contentRoutes } from './modules/content/routes';
import { contentOpsRoutes } from './modules/content/ops-routes';
import { uploadsRoutes } from './modules/uploads/routes';
import { MAX_UPLOAD_BYTES } from './modules/uploads';
import { latestRealName } from './modules/compliance';
import { complianceRoutes } from './modules/compliance/routes';
import { createMarkets } from './modules/markets';
import type { MarketOverrides, Markets } from './modules/markets';
import { marketsRoutes } from './modules/markets/routes';
import { createTrading } from './modules/trading';
import type { Trading } from './modules/trading';
import { tradingRoutes } from './modules/trading/routes';
import { createFunds, ledgerText } from './modules/funds';
import type { Funds } from './modules/funds';
import { fundsRoutes } from './modules/funds/routes';
import { fundsOpsRoutes } from './modules/funds/ops-routes';
import { createSocial } from './modules/social';
import type { Social } from './modules/social';
import { socialRoutes } from './modules/social/routes';
import { createBus } from './realtime/bus';
import type { EventBus } from './realtime/bus';
import { registerRealtime } from './realtime/gateway';
import { LocalLease, RedisLease } from './realtime/lease';
import type { Gateway } from './realtime/gateway';
import type { Lease } from './realtime/lease';
import { createOps } from './modules/ops';
import type { Ops } from './modules/ops';
import { opsRoutes } from './modules/ops/routes';
import { complianceOpsRoutes } from './modules/compliance/ops-routes';
import { accountsOpsRoutes } from './modules/accounts/ops-routes';
import { createSupport } from './modules/support';
import type { Support } from './modules/support';
import { supportRoutes } from './modules/support/routes';

/** Pieces a test (or a bench) may supply instead of the ones buildApp would build. */
export type AppOverrides = {
  storage?: Storage;
  limiter?: RateLimiter;
  limits?: Partial<RateLimits>;
  sms?: SmsProvider | null;
  mailer?: Mailer;
  now?: () => number;
  bus?: EventBus;
  lease?: Lease;
  /** Where the log goes instead of stdout (tests read it back). */
  logStream?: { write(line: string): void };
  /** Delay before an unread agent reply is e-mailed to the trader. */
  supportMailDelayMs?: number;
} & MarketOverrides;

/** The domain services, built once by buildApp and reachable as `app.services` (tests drive them there). */
export type Services = {
  markets: Markets;
  trading: Trading;
  funds: Funds;
  social: Social;
  ops: Ops;
  support: Support;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    services: Services;
  }
}

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // index.html's one inline script (the translations preloader), by its hash.
  scriptSrc: ["'self'", BOOT_SCRIPT_CSP],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const healthSchema = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  redis: z.enum(['off', 'up', 'down']),
  feed: z.enum(['live', 'stale', 'closed']),
  leader: z.boolean(),
  quoteAgeMs: z.number().int().min(0).nullable(),
}) satisfies z.ZodType<Health>;

export function buildApp(config: Config, overrides: AppOverrides = {}): FastifyInstance {
  const i18n = loadI18n(config.localesDir);
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Never a token, password, code or ID number in the log (lib/logging.ts).
            redact: REDACT_PATHS,
            serializers: { req: serializeRequest },
            ...(overrides.logStream ? { stream: overrides.logStream } : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Generous but bounded: a slow client cannot hold a connection forever.
    requestTimeout: 60_000,
    return503OnClosing: true,
    // Answers made before any route runs are envelopes too (lib/transport.ts).
    clientErrorHandler: clientErrorHandler(i18n),
    frameworkErrors: frameworkErrors(i18n),
  });

  const now = overrides.now ?? Date.now;
  const storage =
    overrides.storage ??
    createStorage({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema,
    });
  let limiter = overrides.limiter;
  if (!limiter) {
    limiter = config.redisUrl
      ? new RedisRateLimiter(
          // Redis down: limited calls answer 1008 (enforceLimit) and the node keeps running (health: degraded).
          new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }).on(
            'error',
            () => undefined,
          ),
          undefined,
          now,
        )
      : new MemoryRateLimiter(now);
  }
  const mailer =
    overrides.mailer ??
    (config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.smtpFrom) : new OutboxMailer(storage.db, now));
  const bus = overrides.bus ?? createBus(config.redisUrl);
  const lease =
    overrides.lease ??
    (config.redisUrl
      ? new RedisLease({
          redis: config.redisUrl,
          ttlMs: config.leaseTtlMs,
          onError: (err) => app.log.warn({ err }, 'lease: redis error'),
        })
      : new LocalLease());
  const ctx: AppContext = {
    config,
    storage,
    db: storage.db,
    i18n,
    mailer,
    sms: overrides.sms ?? null,
    limiter,
    limits: scaleLimits({ ...DEFAULT_RATE_LIMITS, ...overrides.limits }, config.rateLimitScale),
    now,
    uploadsDir: uploadsDirOf(config),
    bus,
    lease,
  };

  // The domain services, each from what it declares.
  const db = storage.db;
  const markets = createMarkets(config, { db, bus, lease, now, log: app.log }, overrides);
  const trading = createTrading({
    db,
    dialect: storage.dialect,
    market: markets.market,
    now,
    bus,
    lease,
    setting: (key) => getSetting(db, key),
  });
  const funds = createFunds({
    db,
    i18n,
    now,
    mailer,
    siteTitle: config.siteTitle,
    coolingMs: config.withdrawCoolingMs,
    accounts: trading.reads,
  });
  const social = createSocial({
    db,
    market: markets.market,
    now,
    trading,
    live: config.nodeEnv !== 'test',
    onError: (err) => app.log.error({ err }, 'social: simulated traders'),
  });
  // The realtime gateway is registered with the routes below; until then nobody is online.
  let gateway: Gateway | null = null;
  const ops = createOps({
    now,
    staticDir: config.staticDir,
    onlineUsers: () => gateway?.onlineUsers() ?? 0,
    ordersPlacedSince: (at) => trading.reads.placedSince(at),
  });
  const support = createSupport({ ctx, offlineMailDelayMs: overrides.supportMailDelayMs });
  const services: Services = { markets, trading, funds, social, ops, support };

  app.decorate('ctx', ctx);
  app.decorate('services', services);
  app.decorateRequest('lang', 'hk');
  app.decorateRequest('user', null);
  app.decorateRequest('ops', null);

  app.addHook('onRequest', async (req, reply) => {
    req.lang = requestLanguage(req.headers.lang);
    const origin = req.headers.origin;
    if (origin && isApiPath(req.url) && originAllowed(origin, req.headers.host, config.allowedOrigins)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Vary', 'Origin');
      if (req.method === 'OPTIONS') {
        reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
        reply.header(
          'Access-Control-Allow-Headers',
          'lang, authorization, content-type, token, x-ops-passive',
        );
        reply.header('Access-Control-Max-Age', '600');
        return reply.code(204).send();
      }
    }
    return undefined;
  });

  void app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    hsts: config.nodeEnv === 'production' ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  void app.register(formbody, { bodyLimit: 64 * 1024 });
  void app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 10,
      parts: 12,
      fieldSize: 1024,
      headerPairs: 100,
    },
  });

  // Storage: migrate and seed before the app reports ready.
  void app.register(async () => {
    await storage.migrate();
    await seed(ctx);
    fs.mkdirSync(ctx.uploadsDir, { recursive: true });
    if (config.nodeEnv === 'production' && mailer.kind === 'outbox') {
      app.log.warn('SMTP_URL is not set: e-mail is kept in the database outbox and not delivered');
    }
  });

  // Success envelopes built without a sentence get the generic one in the caller's language.
  app.addHook('preSerialization', async (req, _reply, payload) => {
    const p = payload as { code?: unknown; msg?: unknown } | null;
    if (p && typeof p === 'object' && p.code === 1 && p.msg === 'success') {
      return { ...p, msg: i18n.t(req.lang, 'common.success') };
    }
    return payload;
  });

  registerResponseSchemas(app, config.checkResponses);
  registerParamGuard(app);

  app.setErrorHandler((err: FastifyError | AppError | ValidationError | Error, req, reply) =>
    handleError(app, err, req, reply),
  );

  const serveHost = registerStatic(app, { staticDir: config.staticDir, market: markets.market });
  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url)) {
      return reply.code(404).send(envelope(ERROR_CODES.notFound, i18n.t(req.lang, 'error.notFound'), null));
    }
    if (req.method === 'GET' || req.method === 'HEAD') return serveHost(req, reply);
    return reply.code(404).type('text/plain').send('Not Found');
  });

  // One node's view of what it depends on (docs/ops.md#scale-out-and-health): always 200 while the process serves.
  app.get('/healthz', answers(healthSchema), async (req) => {
    const at = now();
    const age = markets.market.feedAge?.(at) ?? null;
    const redis: RedisState = !config.redisUrl ? 'off' : bus.connected?.() === false ? 'down' : 'up';
    const feed: FeedState = markets.market.feedState?.(at) ?? (age === null ? 'closed' : 'live');
    const data: Health = {
      status: redis === 'down' || feed === 'stale' ? 'degraded' : 'ok',
      redis,
      feed,
      leader: lease.isLeader(),
      quoteAgeMs: age,
    };
    return ok(data, i18n.t(req.lang, 'common.success'));
  });

  void app.register(accountsRoutes);
  void app.register(notifyRoutes, { findUser: (email: string) => findUserByEmail(ctx.db, email) });
  void app.register(contentRoutes);
  void app.register(uploadsRoutes);
  void app.register(complianceRoutes);
  void app.register(marketsRoutes, { markets });
  void app.register(tradingRoutes, { trading });
  void app.register(fundsRoutes, { funds });
  void app.register(socialRoutes, { social });
  void app.register(opsRoutes, { ops });
  void app.register(complianceOpsRoutes, { dashboard: ops.dashboard });
  void app.register(accountsOpsRoutes, {
    orders: trading.reads,
    identity: (userId) => latestRealName(ctx.db, userId),
    ledgerText,
  });
  void app.register(fundsOpsRoutes, { funds, dashboard: ops.dashboard });
  void app.register(supportRoutes, { chat: support.chat, dashboard: ops.dashboard });
  void app.register(contentOpsRoutes);
  void app.register(async (scope) => {
    gateway = await registerRealtime(scope, ctx, ctx.bus, [support.chat.extension]);
  });
  // After the markets plugin (its service starts first and stops last): the engine, then the simulated traders.
  void app.register(async (scope) => {
    scope.addHook('onReady', async () => {
      await trading.start();
      await social.start();
    });
    scope.addHook('onClose', async () => {
      await social.stop();
      await trading.stop();
    });
  });

  app.addHook('onClose', async () => {
    support.chat.close();
    await Promise.allSettled([ctx.limiter.close(), ctx.mailer.close(), ctx.bus.close()]);
    await storage.close();
  });
  return app;
}

function handleError(
  app: FastifyInstance,
  err: FastifyError | AppError | ValidationError | Error,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const t = app.ctx.i18n.t;
  const lang = req.lang ?? requestLanguage(req.headers.lang);
  if (err instanceof AppError) {
    if (err.httpStatus === 429) reply.header('Retry-After', String(err.params.seconds ?? 60));
    const params =
      typeof err.params.field === 'string'
        ? { ...err.params, field: fieldLabel(app.ctx.i18n, lang, err.params.field) }
        : err.params;
    return reply.code(err.httpStatus).send(envelope(err.code, t(lang, err.key, params), null));
  }
  if (err instanceof ValidationError) {
    const first = err.issues[0];
    const msg = issueMessage(app.ctx.i18n, lang, first);
    return reply.code(200).send(envelope(first?.code ?? ERROR_CODES.validation, msg, null));
  }
  if (err instanceof AmountOutOfRangeError) {
    // The numbers each passed their own range but their product does not fit an exact amount: refuse, never crash.
    const msg = issueMessage(app.ctx.i18n, lang, { field: 'input', key: 'v.outOfRange', params: {} });
    return reply.code(200).send(envelope(ERROR_CODES.validation, msg, null));
  }
  const fe = err as FastifyError;
  if (fe.validation) {
    return reply
      .code(200)
      .send(envelope(ERROR_CODES.validation, issueMessage(app.ctx.i18n, lang, undefined), null));
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  // More than one file is not "too large" (however small they are): an upload carries one file.
  if (fe.code === 'FST_FILES_LIMIT') {
    return reply.code(200).send(envelope(ERROR_CODES.badUpload, t(lang, 'upload.oneFile'), null));
  }
  if (status === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_PARTS_LIMIT') {
    return reply.code(413).send(envelope(ERROR_CODES.payloadTooLarge, t(lang, 'error.tooLarge'), null));
  }
  if (status === 429) {
    return reply
      .code(429)
      .send(envelope(ERROR_CODES.rateLimited, t(lang, 'error.rateLimited', { seconds: 60 }), null));
  }
  if ((status >= 400 && status < 500) || isMultipartParseError(err, req)) {
    // Malformed body, unsupported content type, bad multipart: a transport-level problem of the request.
    return reply
      .code(status >= 400 && status < 500 ? status : 400)
      .send(envelope(ERROR_CODES.badRequest, t(lang, 'error.badRequest'), null));
  }
  if (err instanceof ResponseContractError) {
    // Only with checkResponses (tests, development): say which field drifted, so the failing test shows it.
    req.log.error({ err }, 'response contract');
    return reply.code(500).send(envelope(ERROR_CODES.internal, err.message, null));
  }
  req.log.error({ err }, 'unexpected error');
  return reply.code(500).send(envelope(ERROR_CODES.internal, t(lang, 'error.internal'), null));
}
