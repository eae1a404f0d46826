/**
 * Social calls (no session needed).
 *
 *   GET /api/follow/list  page?, limit? (10)  -> RankingPage { data: RankingItem[], total }
 */
import type { FastifyPluginAsync } from 'fastify';
import { okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validate';
import type { Social } from './index';
import { pageQuery, rankingPageSchema } from './schemas';

export const socialRoutes: FastifyPluginAsync<{ social: Social }> = async (app, { social }) => {
  app.get('/api/follow/list', { schema: { response: okResponse(rankingPageSchema) } }, async (req) => {
    const q = parseInput(pageQuery, req.query);
    return ok(await social.ranking.page(q.page, q.limit));
  });
};
