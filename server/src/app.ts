/**
 * Builds the HTTP app — the composition root. In order: the platform (`AppContext`: storage, limiter, mail, bus,
 * lease; app/platform.ts), the domain services each from the pieces it declares (app/services.ts), the HTTP frame
 * (envelope, errors, security headers; app/http.ts), the metrics (app/metrics.ts), storage migration and seed, and
 * every module's routes registered with what they use (app/modules.ts). Tests replace a piece through the same
 * `AppOverrides`.
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { AppContext } from './context';
import { loadI18n } from './lib/i18n';
import { REDACT_PATHS, serializeRequest } from './lib/logging';
import { clientErrorHandler, frameworkErrors } from './lib/transport';
import './lib/request';
import { registerStatic } from './modules/static/routes';
import { seed } from './storage/seed';
import type { Gateway } from './realtime/gateway';
import { healthRoutes } from './app/health';
import { registerHttp, registerNotFound } from './app/http';
import { createMetrics, registerMetrics } from './app/metrics';
import { registerModules } from './app/modules';
import type { AppOverrides } from './app/overrides';
import { createPlatform } from './app/platform';
import { createServices } from './app/services';
import type { Services } from './app/services';

export type { AppOverrides } from './app/overrides';
export type { Services } from './app/services';

declare module 'fastify' {
  interface FastifyInstance {
    /** For tests: the platform and services the app was built with. Modules get theirs handed in, never from here. */
    ctx: AppContext;
    services: Services;
  }
}

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

  const ctx = createPlatform(config, i18n, app.log, overrides);
  // The realtime gateway is registered with the routes; until then nobody is online.
  let gateway: Gateway | null = null;
  const metrics = createMetrics(ctx);
  const services = createServices(
    ctx,
    app.log,
    overrides,
    () => gateway?.onlineUsers() ?? 0,
    metrics.timeTicks,
  );
  app.decorate('ctx', ctx);
  app.decorate('services', services);

  registerHttp(app, config, i18n);
  // GET /metrics and the request histogram, on the root before any route (docs/ops.md#metrics).
  registerMetrics(app, metrics, {
    ctx,
    market: services.markets.market,
    gateway: () => gateway,
    queues: (onError) => services.ops.dashboard.counts(onError),
  });

  // Storage: migrate and seed before the app reports ready.
  void app.register(async () => {
    await ctx.storage.migrate();
    await seed(ctx);
    fs.mkdirSync(ctx.uploadsDir, { recursive: true });
    if (config.nodeEnv === 'production' && ctx.mailer.kind === 'outbox') {
      app.log.warn('SMTP_URL is not set: e-mail is kept in the database outbox and not delivered');
    }
  });

  const serveHost = registerStatic(app, {
    ctx,
    staticDir: config.staticDir,
    market: services.markets.market,
  });
  registerNotFound(app, i18n, serveHost);
  void app.register(healthRoutes, { ctx, market: services.markets.market });
  registerModules(app, ctx, services, metrics.registry, (g) => {
    gateway = g;
  });

  app.addHook('onClose', async () => {
    services.registryWatch.stop();
    services.support.chat.close();
    await Promise.allSettled([
      ctx.limiter.close(),
      ctx.mailer.close(),
      ctx.bus.close(),
      ctx.presence.close(),
    ]);
    await ctx.storage.close();
  });
  return app;
}
