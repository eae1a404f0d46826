/**
 * Every module's routes, each registered with what it declares: the platform (`ctx`) and the services or reads of
 * other modules it uses — no route file looks anything up on the app. Then the realtime gateway, and the start and
 * stop order of the engine and the simulated traders.
 */
import type { FastifyInstance } from 'fastify';
import type { Registry as PromRegistry } from 'prom-client';
import type { AppContext } from '../context';
import { findUserByEmail } from '../modules/accounts';
import { accountsRoutes } from '../modules/accounts/routes';
import { accountsOpsRoutes } from '../modules/accounts/ops-routes';
import { alertsRoutes } from '../modules/alerts/routes';
import { latestRealName } from '../modules/compliance';
import { complianceRoutes } from '../modules/compliance/routes';
import { complianceOpsRoutes } from '../modules/compliance/ops-routes';
import { contentRoutes } from '../modules/content/routes';
import { contentOpsRoutes } from '../modules/content/ops-routes';
import { favouritesRoutes } from '../modules/favourites/routes';
import { ledgerText } from '../modules/funds';
import { fundsRoutes } from '../modules/funds/routes';
import { fundsOpsRoutes } from '../modules/funds/ops-routes';
import { marketsRoutes } from '../modules/markets/routes';
import { notificationsRoutes } from '../modules/notifications/routes';
import { notifyRoutes } from '../modules/notify/routes';
import { opsRoutes } from '../modules/ops/routes';
import { opsCanaryRoutes } from '../modules/ops/canary-routes';
import { pushRoutes } from '../modules/push/routes';
import { socialRoutes } from '../modules/social/routes';
import { supportRoutes } from '../modules/support/routes';
import { telemetryRoutes } from '../modules/telemetry/routes';
import { tradingRoutes } from '../modules/trading/routes';
import { uploadsRoutes } from '../modules/uploads/routes';
import { registerRealtime } from '../realtime/gateway';
import type { Gateway } from '../realtime/gateway';
import type { Services } from './services';

export function registerModules(
  app: FastifyInstance,
  ctx: AppContext,
  services: Services,
  /** The app's Prometheus registry: modules add their own figures to it (release health). */
  metrics: PromRegistry,
  onGateway: (gateway: Gateway) => void,
): void {
  const { markets, trading, funds, social, ops, support, alerts, push, releases, notifier } = services;
  const dashboard = ops.dashboard;

  void app.register(accountsRoutes, { ctx });
  void app.register(notifyRoutes, { ctx, findUser: (email: string) => findUserByEmail(ctx.db, email) });
  void app.register(contentRoutes, { ctx });
  void app.register(uploadsRoutes, { ctx });
  void app.register(complianceRoutes, { ctx });
  void app.register(marketsRoutes, { ctx, markets });
  void app.register(favouritesRoutes, {
    ctx,
    isInstrument: (id: number) => markets.market.instrument(id) !== undefined,
  });
  void app.register(alertsRoutes, { ctx, market: markets.market, evaluator: alerts.evaluator });
  void app.register(notificationsRoutes, { ctx });
  void app.register(pushRoutes, { ctx, push });
  void app.register(tradingRoutes, { ctx, trading });
  void app.register(fundsRoutes, { ctx, funds });
  void app.register(socialRoutes, { social });
  void app.register(opsRoutes, { ctx, ops, releases });
  void app.register(complianceOpsRoutes, { ctx, dashboard, notifier });
  void app.register(accountsOpsRoutes, {
    ctx,
    orders: trading.reads,
    identity: (userId) => latestRealName(ctx.db, userId),
    ledgerText,
  });
  void app.register(fundsOpsRoutes, { ctx, funds, dashboard, notifier });
  void app.register(supportRoutes, { ctx, chat: support.chat, dashboard });
  void app.register(contentOpsRoutes, { ctx });
  void app.register(telemetryRoutes, { ctx, registry: ops.registry, metrics });
  // Last: its dashboard count (releases the guard stopped) comes after the queues.
  void app.register(opsCanaryRoutes, { ctx, ops, releases, dashboard });
  void app.register(async (scope) => {
    onGateway(await registerRealtime(scope, ctx, ctx.bus, [support.chat.extension]));
  });
  // After the markets plugin (its service starts first and stops last): the engine and the alert evaluator (the
  // same ticks, the same lease), then the simulated traders.
  void app.register(async (scope) => {
    scope.addHook('onReady', async () => {
      await trading.start();
      await alerts.start();
      await social.start();
      releases.start();
    });
    scope.addHook('onClose', async () => {
      releases.stop();
      await social.stop();
      await alerts.stop();
      await push.close();
      await trading.stop();
    });
  });
}
