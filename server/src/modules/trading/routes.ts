/**
 * Trading calls. All need a session; every order call is scoped to the caller's own orders (another user's id
 * answers 1206 "order not found"). Shapes: the wire contract (OrderView, DealPage) of @meridian/shared/pure.
 *
 *   GET /v1/api/forex/submit         type, cont, forex_id, status, target_price, stop_loss_price,
 *                                    target_profit_price, multiple, client_order_id?      -> OrderView
 *   GET /v1/api/forex/my_deal        status (1 holding, 0 pending, 3 history), page, limit?  -> DealPage
 *   GET /v1/api/forex/close          id, lots? (a part of the position)                   -> OrderView (closed)
 *   POST /v1/api/forex/close_all     scope, symbol?, ids (the confirmed positions)         -> CloseAllResult
 *   GET /v1/api/forex/cancel_trade   id                                                   -> OrderView (cancelled)
 *   GET /v1/api/forex/set_stop_price id, target_profit_price, stop_loss_price            -> OrderView
 *   GET /v1/api/main/user/resetForexDemoAccount  (demo users)                            -> DemoReset
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { ERROR_CODES } from '@meridian/shared/pure';
import { requireUser, userOf } from '../../lib/auth';
import { okResponse } from '../../lib/contract';
import { refuseFrozen } from '../accounts';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { enforceLimit } from '../../lib/limits';
import { parseInput } from '../../lib/validate';
import type { Trading } from './index';
import {
  closeAllBody,
  closeAllResultSchema,
  closeQuery,
  dealPageSchema,
  dealQuery,
  demoResetSchema,
  idQuery,
  orderViewSchema,
  stopsQuery,
  submitQuery,
} from './schemas';

export const tradingRoutes: FastifyPluginAsync<{ ctx: AppContext; trading: Trading }> = async (
  app,
  { ctx, trading },
) => {
  const t = ctx.i18n.t;
  const auth = { preHandler: requireUser(ctx) };
  const { commands, reads, risk } = trading;
  const order = { ...auth, schema: { response: okResponse(orderViewSchema) } };

  app.get(
    '/v1/api/forex/submit',
    { ...order, preHandler: [requireUser(ctx), refuseFrozen(ctx)] },
    async (req) => {
      const q = parseInput(submitQuery, req.query);
      const view = await commands.submit(userOf(req).id, q);
      return ok(view, t(req.lang, view.Status === 0 ? 'trade.pendingPlaced' : 'trade.opened'));
    },
  );

  app.get(
    '/v1/api/forex/my_deal',
    { ...auth, schema: { response: okResponse(dealPageSchema) } },
    async (req) => {
      const q = parseInput(dealQuery, req.query);
      const userId = userOf(req).id;
      return ok(
        q.id === undefined
          ? await reads.dealPage(userId, q.status, q.page, q.limit, q.parent_id)
          : await reads.dealOf(userId, q.id),
      );
    },
  );

  app.get('/v1/api/forex/close', order, async (req) => {
    const q = parseInput(closeQuery, req.query);
    const view = await commands.userClose(userOf(req).id, q.id, q.lots);
    return ok(
      view,
      q.lots === undefined
        ? t(req.lang, 'trade.closed')
        : t(req.lang, 'trade.partlyClosed', { lots: view.Quantity, id: q.id }),
    );
  });

  // A frozen account may close what is open, as with a single close (docs/ops.md): no refuseFrozen here.
  app.post(
    '/v1/api/forex/close_all',
    { ...auth, schema: { response: okResponse(closeAllResultSchema) } },
    async (req) => {
      const user = userOf(req);
      const b = parseInput(closeAllBody, req.body);
      await enforceLimit(ctx, 'closeAllPerUser', String(user.id));
      const r = await commands.userCloseAll(user.id, b);
      const failed = r.failed.map((f) => ({ id: f.id, code: f.code, msg: t(req.lang, f.key, f.params) }));
      return ok(
        { closed: r.closed, failed },
        t(req.lang, 'trade.closeAllDone', { closed: r.closed.length, failed: failed.length }),
      );
    },
  );

  app.get('/v1/api/forex/cancel_trade', order, async (req) => {
    const q = parseInput(idQuery, req.query);
    return ok(await commands.userCancel(userOf(req).id, q.id), t(req.lang, 'trade.cancelled'));
  });

  app.get('/v1/api/forex/set_stop_price', order, async (req) => {
    const q = parseInput(stopsQuery, req.query);
    return ok(await commands.userSetStops(userOf(req).id, q), t(req.lang, 'trade.stopsSet'));
  });

  app.get(
    '/v1/api/main/user/resetForexDemoAccount',
    { ...auth, schema: { response: okResponse(demoResetSchema) } },
    async (req) => {
      const user = userOf(req);
      if (!user.isDemo) throw new AppError(ERROR_CODES.forbidden, 'trade.demoOnly');
      return ok(await risk.resetDemo(user.id), t(req.lang, 'trade.demoReset'));
    },
  );
};
