/**
 * Funds calls; all need a session and answer about the caller only.
 *
 *   GET /v1/api/main/wallet/getBalance       -> Balance { balance, lock_balance }
 *   GET /v1/api/main/account/forexDetail     -> AccountFigures (equity, margins, floating P/L, stop-out level, ...)
 *   GET /v1/api/main/accountLog/forexChange  page, limit?  -> LedgerPage { list, total }
 *   GET /api/statement                       from, to (UTC days) -> Statement (demo and real)
 *
 * The cashier (real users only; demo 1009, frozen 1304 on anything that moves money or binds a method):
 *
 *   GET  /api/quickCharge/info          -> DepositNetwork[] (our receiving addresses)
 *   GET  /api/quickCharge/wire_list     -> PayWay[] (bank pay ways)
 *   GET  /api/quickCharge/submit        number, proofImg, address, charge_id -> DepositSubmitted
 *   GET  /api/quickCharge/wire_submit   number, proofImg, wire_id            -> DepositSubmitted
 *   GET  /api/quickCharge/quick_ist     type (0 coin, 1 bank), page          -> { data, total }
 *   GET  /api/account/draw_symbol_list  type (1 coin, 2 bank)                -> DrawSymbol[]
 *   GET  /api/account/draw_state        -> CashierState (why a withdrawal cannot be made now)
 *   POST /api/account/draw              draw_currency_id, number, memo, draw_method_id -> WithdrawPlaced
 *   GET  /api/account/draw_list         type (1 coin, 2 bank), page          -> { data, total }
 *   GET  /api/wallet/get_draw_method    draw_type, draw_id?                  -> DrawMethod[]
 *   POST /api/wallet/bind_draw_method   type, draw_id, dc_address | bank fields -> DrawMethod
 *   POST /api/wallet/del_draw_method    id                                   -> null
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { z } from 'zod';
import { requireUser, userOf } from '../../lib/auth';
import { okResponse } from '../../lib/contract';
import { ERROR_CODES } from '@meridian/shared/pure';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { enforceLimit } from '../../lib/limits';
import { refuseFrozen } from '../accounts';
import { claimRefusal, claimUpload, releaseUpload } from '../uploads';
import type { Funds } from './index';
import {
  accountFiguresSchema,
  balanceSchema,
  bindBody,
  cashierStateSchema,
  coinDepositQuery,
  depositNetworksSchema,
  depositRecordPageSchema,
  depositRecordsQuery,
  depositSubmittedSchema,
  drawBody,
  drawListQuery,
  drawMethodQuery,
  drawMethodSchema,
  drawMethodsSchema,
  drawSymbolQuery,
  drawSymbolsSchema,
  idBody,
  ledgerPageSchema,
  pageQuery,
  statementQuery,
  statementSchema,
  payWaysSchema,
  wireDepositQuery,
  withdrawPlacedSchema,
  withdrawRecordPageSchema,
} from './schemas';

export const fundsRoutes: FastifyPluginAsync<{ ctx: AppContext; funds: Funds }> = async (
  app,
  { ctx, funds },
) => {
  const preHandler = requireUser(ctx);

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

  app.get(
    '/api/statement',
    { preHandler, schema: { response: okResponse(statementSchema) } },
    async (req) => {
      await enforceLimit(ctx, 'statementPerUser', String(userOf(req).id));
      return ok(await funds.statement(userOf(req).id, req.lang, parseInput(statementQuery, req.query)));
    },
  );

  const cashier = funds.cashier;
  const real = requireUser(ctx, { realOnly: true });
  const moving = [real, refuseFrozen(ctx)];
  const t = ctx.i18n.t;

  app.get(
    '/api/quickCharge/info',
    { preHandler: real, schema: { response: okResponse(depositNetworksSchema) } },
    async () => ok(await cashier.networks()),
  );

  app.get(
    '/api/quickCharge/wire_list',
    { preHandler: real, schema: { response: okResponse(payWaysSchema) } },
    async () => ok(await cashier.payWays()),
  );

  /**
   * The proof must be an image the caller uploaded (another user's is refused the same as a missing one), not used
   * for anything else and not for another deposit (uploads/service.ts `claimUpload`); given back when the deposit is
   * refused.
   */
  async function withProof<T>(
    userId: number,
    url: string,
    submit: (proof: string) => Promise<T>,
  ): Promise<T> {
    const claim = await claimUpload(ctx.db, userId, url, 'deposit');
    if (!claim.ok) {
      if (claim.reason === 'missing')
        throw new AppError(ERROR_CODES.proofInvalid, 'funds.badProof', { field: 'proofImg' });
      // A proof already behind another deposit has its own code (the finance check answers the same); an image
      // of another purpose (an identity photo, a chat picture) is no proof at all.
      if (claim.reason === 'used')
        throw new AppError(ERROR_CODES.proofUsed, 'funds.proofUsed', { field: 'proofImg' });
      throw new AppError(ERROR_CODES.proofInvalid, claimRefusal(claim.reason));
    }
    try {
      return await submit(claim.url);
    } catch (err) {
      await releaseUpload(ctx.db, claim.name, 'deposit', async () =>
        Boolean(
          await ctx.db
            .selectFrom('deposits')
            .select('id')
            .where('proof_img', '=', claim.url)
            .executeTakeFirst(),
        ),
      ).catch(() => undefined);
      throw err;
    }
  }

  app.get(
    '/api/quickCharge/submit',
    { preHandler: moving, schema: { response: okResponse(depositSubmittedSchema) } },
    async (req) => {
      const q = parseInput(coinDepositQuery, req.query);
      const user = userOf(req);
      const row = await withProof(user.id, q.proofImg, (proof) =>
        cashier.submitDeposit(user.id, req.lang, {
          type: 0,
          channelId: q.charge_id,
          amount: q.number,
          proof,
          address: q.address,
        }),
      );
      return ok({ id: row.id, status: 0 as const }, t(req.lang, 'funds.depositSubmitted'));
    },
  );

  app.get(
    '/api/quickCharge/wire_submit',
    { preHandler: moving, schema: { response: okResponse(depositSubmittedSchema) } },
    async (req) => {
      const q = parseInput(wireDepositQuery, req.query);
      const user = userOf(req);
      const row = await withProof(user.id, q.proofImg, (proof) =>
        cashier.submitDeposit(user.id, req.lang, {
          type: 1,
          channelId: q.wire_id,
          amount: q.number,
          proof,
        }),
      );
      return ok({ id: row.id, status: 0 as const }, t(req.lang, 'funds.depositSubmitted'));
    },
  );

  app.get(
    '/api/quickCharge/quick_ist',
    { preHandler: real, schema: { response: okResponse(depositRecordPageSchema) } },
    async (req) => {
      const q = parseInput(depositRecordsQuery, req.query);
      return ok(await cashier.depositRecords(userOf(req).id, q.type as 0 | 1, q.page, q.limit));
    },
  );

  app.get(
    '/api/account/draw_symbol_list',
    { preHandler: real, schema: { response: okResponse(drawSymbolsSchema) } },
    async (req) => ok(await cashier.symbols(parseInput(drawSymbolQuery, req.query).type)),
  );

  app.get(
    '/api/account/draw_state',
    { preHandler: real, schema: { response: okResponse(cashierStateSchema) } },
    async (req) => ok(await cashier.state(userOf(req).id, req.lang)),
  );

  app.post(
    '/api/account/draw',
    { preHandler: moving, schema: { response: okResponse(withdrawPlacedSchema) } },
    async (req) => {
      const b = parseInput(drawBody, req.body);
      const placed = await cashier.withdraw(userOf(req).id, req.lang, {
        currencyId: b.draw_currency_id,
        amount: b.number,
        memo: b.memo ?? '',
        methodId: b.draw_method_id,
      });
      return ok(placed, t(req.lang, 'funds.withdrawSubmitted'));
    },
  );

  app.get(
    '/api/account/draw_list',
    { preHandler: real, schema: { response: okResponse(withdrawRecordPageSchema) } },
    async (req) => {
      const q = parseInput(drawListQuery, req.query);
      return ok(await cashier.withdrawRecords(userOf(req).id, req.lang, q.type, q.page, q.limit));
    },
  );

  app.get(
    '/api/wallet/get_draw_method',
    { preHandler: real, schema: { response: okResponse(drawMethodsSchema) } },
    async (req) => {
      const q = parseInput(drawMethodQuery, req.query);
      return ok(await cashier.methods(userOf(req).id, q.draw_type, q.draw_id));
    },
  );

  app.post(
    '/api/wallet/bind_draw_method',
    { preHandler: moving, schema: { response: okResponse(drawMethodSchema) } },
    async (req) => {
      const b = parseInput(bindBody, req.body);
      const { method, msg } = await cashier.bind(userOf(req).id, req.lang, b);
      return ok(method, msg);
    },
  );

  app.post(
    '/api/wallet/del_draw_method',
    { preHandler: real, schema: { response: okResponse(z.null()) } },
    async (req) => {
      await cashier.unbind(userOf(req).id, parseInput(idBody, req.body).id);
      return ok(null, t(req.lang, 'funds.deleted'));
    },
  );
};
