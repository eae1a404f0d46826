/**
 * Trading calls (spec §7 "Markets and orders" and the account figures of "Funds"). All need a session; every order
 * call is scoped to the caller's own orders (another user's id answers 1206 "order not found").
 *
 *   GET /v1/api/forex/submit        type, cont, forex_id, status, target_price, stop_loss_price,
 *                                   target_profit_price, multiple, client_order_id?      -> order
 *   GET /v1/api/forex/my_deal       status (1 holding, 0 pending, 3 history), page, limit?
 *                                   -> { data: order[], total, all_fact_profits, balance }
 *   GET /v1/api/forex/close         id                                                   -> order (closed)
 *   GET /v1/api/forex/cancel_trade  id                                                   -> order (cancelled)
 *   GET /v1/api/forex/set_stop_price id, target_profit_price, stop_loss_price            -> order
 *   GET /v1/api/main/wallet/getBalance                         -> { balance, lock_balance } ("0.00")
 *   GET /v1/api/main/user/resetForexDemoAccount  (demo users)  -> { balance }
 *   GET /v1/api/main/account/forexDetail  -> { balance, lock_balance, equity, used_margin, free_margin,
 *                                             margin_level, floating_profit, stop_out_level, positions }
 *   GET /v1/api/main/accountLog/forexChange page, limit?
 *                                   -> { list: [{ Id, Value, BalanceAfter, Type, Memo, MemoTran, CreatedAtTran }], total }
 *   GET /api/follow/list            page?, limit?  -> ranking (see ranking.ts)
 */
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@meridian/shared/pure';
import { requireUser, userOf } from '../../lib/auth';
import { refuseFrozen } from '../accounts/frozen';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { TradingEngine, setEngine } from './engine';
import { followList, startBots } from './ranking';
import { dealQuery, idQuery, pageQuery, stopsQuery, submitQuery } from './schemas';
import * as service from './service';

export async function tradingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const t = ctx.i18n.t;
  const auth = { preHandler: requireUser(ctx) };

  app.get('/v1/api/forex/submit', { preHandler: [requireUser(ctx), refuseFrozen(ctx)] }, async (req) => {
    const q = parseInput(submitQuery, req.query);
    const order = await service.submit(ctx, userOf(req).id, q);
    return ok(order, t(req.lang, order.Status === 0 ? 'trade.pendingPlaced' : 'trade.opened'));
  });

  app.get('/v1/api/forex/my_deal', auth, async (req) => {
    const q = parseInput(dealQuery, req.query);
    return ok(await service.myDeal(ctx, userOf(req).id, q.status, q.page, q.limit));
  });

  app.get('/v1/api/forex/close', auth, async (req) => {
    const q = parseInput(idQuery, req.query);
    return ok(await service.userClose(ctx, userOf(req).id, q.id), t(req.lang, 'trade.closed'));
  });

  app.get('/v1/api/forex/cancel_trade', auth, async (req) => {
    const q = parseInput(idQuery, req.query);
    return ok(await service.userCancel(ctx, userOf(req).id, q.id), t(req.lang, 'trade.cancelled'));
  });

  app.get('/v1/api/forex/set_stop_price', auth, async (req) => {
    const q = parseInput(stopsQuery, req.query);
    return ok(await service.userSetStops(ctx, userOf(req).id, q), t(req.lang, 'trade.stopsSet'));
  });

  app.get('/v1/api/main/wallet/getBalance', auth, async (req) => {
    return ok(await service.getBalance(ctx, userOf(req).id));
  });

  app.get('/v1/api/main/user/resetForexDemoAccount', auth, async (req) => {
    const user = userOf(req);
    if (!user.isDemo) throw new AppError(ERROR_CODES.forbidden, 'trade.demoOnly');
    return ok(await service.resetDemo(ctx, user.id), t(req.lang, 'trade.demoReset'));
  });

  app.get('/v1/api/main/account/forexDetail', auth, async (req) => {
    return ok(await service.forexDetail(ctx, userOf(req).id));
  });

  app.get('/v1/api/main/accountLog/forexChange', auth, async (req) => {
    const q = parseInput(pageQuery, req.query);
    return ok(await service.forexChange(ctx, userOf(req).id, req.lang, q.page, q.limit));
  });

  app.get('/api/follow/list', async (req) => {
    const q = parseInput(pageQuery, req.query);
    return ok(await followList(ctx, q.page, q.limit));
  });

  // The engine and the simulated traders start when the app is ready: storage migrated, market data initialised.
  if (!service.hasMarket(ctx)) {
    app.log.warn('trading: no market data (ctx.market); the engine is not started');
    return;
  }
  const engine = new TradingEngine(ctx, { isLeader: () => ctx.lease.isLeader() });
  setEngine(ctx, engine);
  let stopBots: () => void = () => undefined;
  app.addHook('onReady', async () => {
    await engine.start();
    stopBots = startBots(ctx, engine, {
      onError: (err) => app.log.error({ err }, 'trading: simulated traders'),
    });
  });
  app.addHook('onClose', async () => {
    stopBots();
    await engine.stop();
  });
}
