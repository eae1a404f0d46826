/**
 * Web Push subscriptions (docs/calls.md#web-push):
 *   GET  /api/push/key                                    -> { public_key }   anyone
 *   POST /api/push/subscribe    form: endpoint, p256dh, auth -> { devices }   any trader (demo too)
 *   POST /api/push/unsubscribe  form: endpoint            -> { removed }      any trader
 * A subscription belongs to the session that made it: it goes with that session (logout, revocation, expiry).
 * Only the caller's own subscriptions are ever removed; every refusal happens before the database.
 */
import type { FastifyPluginAsync } from 'fastify';
import { PUSH_LIMITS } from '@meridian/shared/pure';
import type { AppContext } from '../../context';
import { requireUser, userOf } from '../../lib/auth';
import { answers, okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { enforceLimit } from '../../lib/limits';
import { parseInput } from '../../lib/validate';
import { deleteOwnSubscription, saveSubscription } from './repository';
import { keySchema, subscribeBody, subscribedSchema, unsubscribeBody, unsubscribedSchema } from './schemas';
import type { Push } from './service';

export const pushRoutes: FastifyPluginAsync<{ ctx: AppContext; push: Pick<Push, 'publicKey'> }> = async (
  app,
  { ctx, push },
) => {
  const preHandler = requireUser(ctx);
  const subscribe = subscribeBody(ctx.config.pushEndpointHosts);

  app.get('/api/push/key', answers(keySchema), async () => ok({ public_key: await push.publicKey() }));

  app.post(
    '/api/push/subscribe',
    { preHandler, schema: { response: okResponse(subscribedSchema) } },
    async (req) => {
      const user = userOf(req);
      await enforceLimit(ctx, 'pushPerUser', String(user.id));
      const b = parseInput(subscribe, req.body);
      const devices = await saveSubscription(
        ctx.db,
        {
          userId: user.id,
          sessionId: user.sessionId,
          endpoint: b.endpoint,
          p256dh: b.p256dh,
          auth: b.auth,
          lang: req.lang,
          vapidKey: await push.publicKey(),
        },
        PUSH_LIMITS.devicesPerUser,
        ctx.now(),
      );
      return ok({ devices });
    },
  );

  app.post(
    '/api/push/unsubscribe',
    { preHandler, schema: { response: okResponse(unsubscribedSchema) } },
    async (req) => {
      await enforceLimit(ctx, 'pushPerUser', String(userOf(req).id));
      const b = parseInput(unsubscribeBody, req.body);
      const removed = await deleteOwnSubscription(ctx.db, userOf(req).id, b.endpoint);
      return ok({ removed: removed ? 1 : 0 });
    },
  );
};
