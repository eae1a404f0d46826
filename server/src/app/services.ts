/**
 * The domain services, each built once from the pieces it declares (`createTrading({ db, market, ... })`). What one
 * module needs of another is handed over here, so no module reaches into another's internals or a global.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { createAlerts } from '../modules/alerts';
import type { Alerts } from '../modules/alerts';
import { getSetting } from '../modules/content';
import { createFunds } from '../modules/funds';
import type { Funds } from '../modules/funds';
import { createMarkets } from '../modules/markets';
import type { MarketData, Markets } from '../modules/markets';
import { createNotifier } from '../modules/notifications';
import type { Notifier } from '../modules/notifications';
import { createOps } from '../modules/ops';
import { createPush } from '../modules/push';
import { createReleases, DEFAULT_RULE } from '../modules/releases';
import { versionHealth } from '../modules/telemetry';
import type { Releases } from '../modules/releases';
import { watchRegistry } from '../modules/static/registry-watch';
import type { RegistryWatch } from '../modules/static/registry-watch';
import type { Push } from '../modules/push';
import type { Ops } from '../modules/ops';
import { createSocial } from '../modules/social';
import type { Social } from '../modules/social';
import { createSupport } from '../modules/support';
import type { Support } from '../modules/support';
import { createTrading } from '../modules/trading';
import type { Trading } from '../modules/trading';
import type { AppOverrides } from './overrides';

/** The domain services, built once by buildApp and reachable as `app.services` (tests drive them there). */
export type Services = {
  markets: Markets;
  trading: Trading;
  funds: Funds;
  social: Social;
  ops: Ops;
  support: Support;
  alerts: Alerts;
  push: Push;
  /** Open tabs hear of every registry change (the REMOTES topic), published by the lease holder. */
  registryWatch: RegistryWatch;
  /** Canary checks, automatic abort and rollback of the remotes' releases. */
  releases: Releases;
  /** Delivers what the producers stored (funds and compliance decisions use it from their routes). */
  notifier: Notifier;
};

export function createServices(
  ctx: AppContext,
  log: FastifyBaseLogger,
  overrides: AppOverrides,
  /** Sockets signed in right now (the realtime gateway, once it is registered). */
  onlineUsers: () => number,
  /** The market as the trading engine sees it (app/metrics.ts times its evaluation of each tick). */
  engineMarket: (market: MarketData) => MarketData = (market) => market,
): Services {
  const { config, db, bus, lease, now, i18n, mailer } = ctx;
  const markets = createMarkets(config, { db, bus, lease, now, log }, overrides);
  const push = createPush({
    db,
    i18n,
    bus,
    presence: ctx.presence,
    config,
    log,
    now,
    precisionOf: (id) => markets.market.instrument(id)?.pricePrecision,
    ...(overrides.pushAgent ? { pushAgent: overrides.pushAgent } : {}),
    ...(overrides.pushRetryDelaysMs ? { pushRetryDelaysMs: overrides.pushRetryDelaysMs } : {}),
  });
  // What a module stored for a trader in its transaction goes out after the commit: the socket, then Web Push.
  const notifier = createNotifier({ bus, delivery: push });
  const trading = createTrading({
    db,
    dialect: ctx.storage.dialect,
    market: engineMarket(markets.market),
    now,
    bus,
    lease,
    setting: (key) => getSetting(db, key),
    notifier,
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
    onError: (err) => log.error({ err }, 'social: simulated traders'),
  });
  const ops = createOps({
    now,
    staticDir: config.staticDir,
    onlineUsers,
    ordersPlacedSince: (at) => trading.reads.placedSince(at),
  });
  const support = createSupport({ ctx, offlineMailDelayMs: overrides.supportMailDelayMs, notifier });
  const alerts = createAlerts({ db, market: markets.market, bus, lease, now, delivery: push });
  const registryWatch = watchRegistry({ file: path.resolve(config.staticDir, 'remotes.json'), bus, lease });
  const releases = createReleases({
    db,
    now,
    lease,
    registry: ops.registry,
    // The per-version health the rule reads (the telemetry's versionHealth, handed in here).
    healthOf:
      overrides.releaseHealth ??
      ((remote, version, sinceMs, untilMs) => versionHealth(db, remote, version, sinceMs, untilMs)),
    rule: {
      ...DEFAULT_RULE,
      minSessions: config.canaryMinSessions,
      chunkFailurePercent: config.canaryChunkFailurePercent,
    },
    intervalMs: config.releaseCheckMs,
    watchMs: config.releaseWatchMs,
    publish: registryWatch.check,
    onError: (err, remote) => log.error({ err, remote }, 'release guard'),
  });
  return { markets, trading, funds, social, ops, support, alerts, push, registryWatch, releases, notifier };
}
