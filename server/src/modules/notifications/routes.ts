/**
 * A trader's stored notifications (docs/calls.md#notifications):
 *   GET  /api/notification/list       page, limit            -> { data, total, unread }, newest first
 *   POST /api/notification/read       form: ids | all=1      -> { unread }
 *   GET  /api/notification/settings                          -> { types: { <type>: on } }
 *   POST /api/notification/settings   form: <type>=0|1 ...   -> { types }
 * Demo and real accounts alike; only the caller's own rows are ever read, marked or switched.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser, userOf } from '../../lib/auth';
import { okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validate';
import { markRead, notificationPage, saveSettings, settingsOf, unreadCount } from './repository';
import {
  listQuery,
  notificationPageSchema,
  readBody,
  readSchema,
  settingsBody,
  settingsSchema,
} from './schemas';

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

  app.get(
    '/api/notification/settings',
    { preHandler, schema: { response: okResponse(settingsSchema) } },
    async (req) => ok(await settingsOf(ctx.db, userOf(req).id)),
  );

  app.post(
    '/api/notification/settings',
    { preHandler, schema: { response: okResponse(settingsSchema) } },
    async (req) => {
      const userId = userOf(req).id;
      const changes = parseInput(settingsBody, req.body);
      await saveSettings(ctx.db, userId, changes, ctx.now());
      return ok(await settingsOf(ctx.db, userId), ctx.i18n.t(req.lang, 'notifications.saved'));
    },
  );
};
