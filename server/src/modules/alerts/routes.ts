/**
 * A trader's price alerts (docs/calls.md#price-alerts, docs/rules.md#alerts):
 *   GET  /api/alert/list                     -> { data: [alert], max } newest first
 *   POST /api/alert/save    form (see below) -> alert (new, or the caller's alert `id` replaced and armed again)
 *   POST /api/alert/delete  form: id         -> { id }
 * Demo and real accounts alike; another trader's alert id answers 1600, as a missing one does. Every number is
 * checked before any arithmetic or database access (schemas.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { ALERTS_MAX, ERROR_CODES } from '@meridian/shared/pure';
import type { AppContext } from '../../context';
import { requireUser, userOf } from '../../lib/auth';
import { okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { enforceLimit } from '../../lib/limits';
import { parseInput, ValidationError } from '../../lib/validate';
import type { AlertEvaluator } from './evaluator';
import * as repo from './repository';
import { alertDeletedSchema, alertListSchema, alertViewSchema, deleteBody, saveBody } from './schemas';
import type { SaveInput } from './schemas';
import { alertView } from './views';
import type { MarketData } from '../markets';

export type AlertsRouteDeps = {
  ctx: AppContext;
  market: Pick<MarketData, 'instrument'>;
  evaluator: Pick<AlertEvaluator, 'changed'>;
};

/** Decimals of a plain decimal text. */
const decimalsOf = (text: string) => text.split('.')[1]?.length ?? 0;

export const alertsRoutes: FastifyPluginAsync<AlertsRouteDeps> = async (app, { ctx, market, evaluator }) => {
  const preHandler = requireUser(ctx);
  const codeOf = (instrumentId: number) => market.instrument(instrumentId)?.showCode ?? '';

  app.get(
    '/api/alert/list',
    { preHandler, schema: { response: okResponse(alertListSchema) } },
    async (req) => {
      const rows = await repo.alertsOfUser(ctx.db, userOf(req).id);
      return ok({ data: rows.map((a) => alertView(a, codeOf(a.instrument_id))), max: ALERTS_MAX });
    },
  );

  app.post(
    '/api/alert/save',
    { preHandler, schema: { response: okResponse(alertViewSchema) } },
    async (req) => {
      const userId = userOf(req).id;
      await enforceLimit(ctx, 'alertsPerUser', String(userId));
      const b: SaveInput = parseInput(saveBody, req.body);
      const inst = market.instrument(b.forex_id);
      if (!inst) throw new AppError(ERROR_CODES.instrumentNotFound, 'alerts.unknownInstrument');
      if (b.level !== undefined && decimalsOf(b.level) > inst.pricePrecision)
        throw new ValidationError([
          { field: 'level', key: 'alerts.levelPrecision', params: { decimals: inst.pricePrecision } },
        ]);
      const values: repo.AlertValues = {
        instrument_id: inst.id,
        kind: b.kind,
        side: b.kind === 'percent' ? 'bid' : (b.side ?? 'bid'),
        direction: b.direction,
        level: b.kind === 'price' ? (b.level ?? null) : null,
        percent: b.kind === 'percent' ? (b.percent ?? null) : null,
        repeat: b.repeat,
        cooldown_s: b.repeat === 1 ? (b.cooldown ?? 0) : 0,
      };
      const now = ctx.now();
      const saved =
        b.id === undefined
          ? await repo.createAlert(ctx.db, userId, values, now)
          : await repo.updateAlert(ctx.db, userId, b.id, values, now);
      evaluator.changed(userId);
      return ok(alertView(saved, inst.showCode));
    },
  );

  app.post(
    '/api/alert/delete',
    { preHandler, schema: { response: okResponse(alertDeletedSchema) } },
    async (req) => {
      const userId = userOf(req).id;
      await enforceLimit(ctx, 'alertsPerUser', String(userId));
      const { id } = parseInput(deleteBody, req.body);
      await repo.deleteAlert(ctx.db, userId, id);
      evaluator.changed(userId);
      return ok({ id });
    },
  );
};
