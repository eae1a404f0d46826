/** `GET /healthz`: one node's view of what it depends on (docs/ops.md#scale-out-and-health), 200 while it serves. */
import type { FastifyPluginAsync } from 'fastify';
import type { FeedState, Health, RedisState } from '@meridian/shared/pure';
import { z } from 'zod';
import type { AppContext } from '../context';
import { answers } from '../lib/contract';
import { ok } from '../lib/envelope';
import type { MarketData } from '../modules/markets';

const healthSchema = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  redis: z.enum(['off', 'up', 'down']),
  feed: z.enum(['live', 'stale', 'closed']),
  leader: z.boolean(),
  quoteAgeMs: z.number().int().min(0).nullable(),
}) satisfies z.ZodType<Health>;

export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext; market: MarketData }> = async (
  app,
  { ctx, market },
) => {
  const { config, bus, lease, i18n } = ctx;
  app.get('/healthz', answers(healthSchema), async (req) => {
    const at = ctx.now();
    const age = market.feedAge?.(at) ?? null;
    const redis: RedisState = !config.redisUrl ? 'off' : bus.connected?.() === false ? 'down' : 'up';
    const feed: FeedState = market.feedState?.(at) ?? (age === null ? 'closed' : 'live');
    const data: Health = {
      status: redis === 'down' || feed === 'stale' ? 'degraded' : 'ok',
      redis,
      feed,
      leader: lease.isLeader(),
      quoteAgeMs: age,
    };
    return ok(data, i18n.t(req.lang, 'common.success'));
  });
};
