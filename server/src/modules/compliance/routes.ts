/**
 * Real-name verification (docs/calls.md, docs/states.md):
 *   GET  /api/user_real/center     -> { review_status, name, card_id, front_pic, reverse_pic, reason }
 *   POST /api/user_real/real_name  form: name, card_id, front_pic, reverse_pic  (0 -> 1; real users only)
 * review_status: 0 not submitted (or rejected: the form is shown again, with `reason`), 1 waiting, 2 approved.
 * Every submission is a row; the decision (outcome, decider, reason, time) is stored on it by the ops review.
 */
import { ERROR_CODES } from '@meridian/shared/pure';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser, userOf } from '../../lib/auth';
import { okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { isUniqueViolation } from '../accounts';
import { claimRefusal, claimUpload } from '../uploads';
import { rejectionText } from './reasons';
import { latestRealName, REVIEW } from './repository';
import { realNameBody, realNameSchema, submittedSchema } from './schemas';

export const complianceRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const t = ctx.i18n.t;
  const preHandler = requireUser(ctx, { realOnly: true });
  const center = { preHandler, schema: { response: okResponse(realNameSchema) } };
  const submit = { preHandler, schema: { response: okResponse(submittedSchema) } };

  app.get('/api/user_real/center', center, async (req) => {
    const row = await latestRealName(ctx.db, userOf(req).id);
    if (!row)
      return ok({ review_status: 0, name: '', card_id: '', front_pic: '', reverse_pic: '', reason: '' });
    const status = row.review_status === REVIEW.rejected ? 0 : row.review_status;
    return ok({
      review_status: status,
      name: row.name,
      card_id: row.card_id,
      front_pic: row.front_pic,
      reverse_pic: row.reverse_pic,
      reason: row.review_status === REVIEW.rejected ? rejectionText(t, req.lang, row) : '',
    });
  });

  app.post('/api/user_real/real_name', submit, async (req) => {
    const body = parseInput(realNameBody, req.body);
    const user = userOf(req);
    // Each photo is the caller's upload, used for identity only (never one sent as a deposit proof or in a chat).
    const photo = async (url: string, field: string) => {
      const claim = await claimUpload(ctx.db, user.id, url, 'identity');
      if (claim.ok) return claim;
      if (claim.reason === 'missing') throw new AppError(ERROR_CODES.badUpload, 'realName.badPic', { field });
      throw new AppError(ERROR_CODES.badUpload, claimRefusal(claim.reason));
    };
    const front = await photo(body.front_pic, 'front_pic');
    const back = await photo(body.reverse_pic, 'reverse_pic');
    const now = ctx.now();
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const latest = await latestRealName(trx, user.id);
        if (latest?.review_status === REVIEW.waiting)
          throw new AppError(ERROR_CODES.realNamePending, 'realName.pending');
        if (latest?.review_status === REVIEW.approved)
          throw new AppError(ERROR_CODES.realNameApproved, 'realName.approved');
        await trx
          .insertInto('real_name')
          .values({
            user_id: user.id,
            name: body.name,
            card_id: body.card_id.toUpperCase(),
            front_pic: `/api/common/upload/${front.name}`,
            reverse_pic: `/api/common/upload/${back.name}`,
            review_status: REVIEW.waiting,
            decided_by: null,
            decided_at: null,
            reason: null,
            lang: req.lang,
            created_at: now,
          })
          .execute();
      });
    } catch (err) {
      // A concurrent submission won the race (unique index on the waiting submission).
      if (isUniqueViolation(err)) throw new AppError(ERROR_CODES.realNamePending, 'realName.pending');
      throw err;
    }
    return ok({ review_status: REVIEW.waiting }, t(req.lang, 'realName.submitted'));
  });
};
