/**
 * A trader's stored notifications (docs/calls.md#notifications):
 *   GET  /api/notification/list   page, limit       -> { data, total, unread }, newest first
 *   POST /api/notification/read   form: ids | all=1 -> { unread }
 * Demo and real accounts alike; only the caller's own rows are ever read or marked.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser, userOf } from '../../lib/auth';
import { okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validate';
import { markRead, notificationPage, unreadCount } from './repository';
import { listQuery, notificationPageSchema, readBody, readSchema } from './schemas';

export const notificationsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);

  app.get(
    '/api/notification/list',
    { preHandler, schema: { response: okResponse(notificationPageSchema) } },
    async (req) => {
      const userId = userOf(req).id;
      const q = parseInput(listQuery, req.query);
      const [page, unread] = await Promise.all([
        notificationPage(ctx.db, userId, q.page, q.limit),
        unreadCount(ctx.db, userId),
      ]);
      return ok({ ...page, unread });
    },
  );

  app.post(
    '/api/notification/read',
    { preHandler, schema: { response: okResponse(readSchema) } },
    async (req) => {
      const userId = userOf(req).id;
      const b = parseInput(readBody, req.body);
      await markRead(ctx.db, userId, b.ids ?? 'all', ctx.now());
      return ok({ unread: await unreadCount(ctx.db, userId) });
    },
  );
};
