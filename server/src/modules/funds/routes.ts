/**
 * Funds calls; all need a session and answer about the caller only.
 *
 *   GET /v1/api/main/wallet/getBalance       -> Balance { balance, lock_balance }
 *   GET /v1/api/main/account/forexDetail     -> AccountFigures (equity, margins, floating P/L, stop-out level, ...)
 *   GET /v1/api/main/accountLog/forexChange  page, limit?  -> LedgerPage { list, total }
 */
import type { FastifyPluginAsync } from 'fastify';
import { requireUser, userOf } from '../../lib/auth';
import { okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validate';
import type { Funds } from './index';
import { accountFiguresSchema, balanceSchema, ledgerPageSchema, pageQuery } from './schemas';

export const fundsRoutes: FastifyPluginAsync<{ funds: Funds }> = async (app, { funds }) => {
  const preHandler = requireUser(app.ctx);

  app.get(
    '/v1/api/main/wallet/getBalance',
    { preHandler, schema: { response: okResponse(balanceSchema) } },
    async (req) => ok(await funds.balance(userOf(req).id)),
  );

  app.get(
    '/v1/api/main/account/forexDetail',
    { preHandler, schema: { response: okResponse(accountFiguresSchema) } },
    async (req) => ok(await funds.figures(userOf(req).id)),
  );

  app.get(
    '/v1/api/main/accountLog/forexChange',
    { preHandler, schema: { response: okResponse(ledgerPageSchema) } },
    async (req) => {
      const q = parseInput(pageQuery, req.query);
      return ok(await funds.ledger(userOf(req).id, req.lang, q.page, q.limit));
    },
  );
};
