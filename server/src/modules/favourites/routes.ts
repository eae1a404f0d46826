/**
 * A trader's favourite instruments (docs/calls.md "Favourites", docs/rules.md#favourites):
 *   GET  /api/favourite/list             -> { ids } in the trader's order
 *   POST /api/favourite/save  form: ids  -> { ids } as saved (replace-all: add, remove, reorder and the login merge)
 * Demo and real accounts alike; guests keep theirs on the device. Every refusal happens before the database.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser, userOf } from '../../lib/auth';
import { okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { enforceLimit } from '../../lib/limits';
import { parseInput } from '../../lib/validate';
import { listFavourites, replaceFavourites } from './repository';
import { favouriteListSchema, instrumentsOnly, parseIds, saveBody } from './schemas';

export type FavouritesDeps = {
  ctx: AppContext;
  /** Whether `id` is an instrument of the trade list (markets). */
  isInstrument: (id: number) => boolean;
};

export const favouritesRoutes: FastifyPluginAsync<FavouritesDeps> = async (app, { ctx, isInstrument }) => {
  const preHandler = requireUser(ctx);
  const answer = { preHandler, schema: { response: okResponse(favouriteListSchema) } };

  app.get('/api/favourite/list', answer, async (req) =>
    ok({ ids: await listFavourites(ctx.db, userOf(req).id) }),
  );

  app.post('/api/favourite/save', answer, async (req) => {
    const user = userOf(req);
    await enforceLimit(ctx, 'favouritesPerUser', String(user.id));
    const ids = parseIds(parseInput(saveBody, req.body).ids);
    instrumentsOnly(ids, isInstrument);
    await replaceFavourites(ctx.db, user.id, ids, ctx.now());
    return ok({ ids });
  });
};
