/**
 * KYC review for ops (compliance, admin): the waiting real-name submissions oldest first, one submission with the
 * user's history, and the decision. Two reviewers deciding at once: exactly one wins (decideRealName's conditional
 * update), the other is told who decided and when. The trader is e-mailed either way, in the language they
 * submitted in, and gets a `kyc` notification stored in the decision's transaction (docs/rules.md#notifications).
 *
 *   GET  /api/ops/kyc/queue    page?, limit?  -> { data: [{ id, uid, email, name, card_id, created_at }], total, … }
 *   GET  /api/ops/kyc/detail   id             -> { submission, user, history }
 *   POST /api/ops/kyc/decide   id, decision (approve | reject), reason_code? (KYC_REJECT_REASONS), note?
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { ERROR_CODES, KYC_REJECT_REASONS, normalizeLanguage, OPS_PATHS } from '@meridian/shared/pure';
import type {
  KycRejectReason,
  OpsKycDecided,
  OpsKycDetail,
  OpsKycQueue,
  OpsKycSubmission,
} from '@meridian/shared/pure';
import { okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { AppError, notFound } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import type { RealName } from '../../storage/schema';
import { findUserById } from '../accounts';
import { recordNotification } from '../notifications';
import type { Notifier } from '../notifications';
import { audit, opsOf, requireOps } from '../ops';
import type { OpsDashboardRegistry } from '../ops';
import { rejectionText } from './reasons';
import {
  decideRealName,
  decisionOf,
  findRealName,
  realNamesOf,
  REVIEW,
  waitingPage,
  waitingSummary,
} from './repository';
import { decideBody, idQuery, kycDecidedSchema, kycDetailSchema, kycQueueSchema, pageQuery } from './schemas';

const KYC_ROLES = ['compliance'] as const;

const isListedReason = (code: string | null): code is KycRejectReason =>
  code !== null && (KYC_REJECT_REASONS as readonly string[]).includes(code);

/** `YYYY-MM-DD HH:mm UTC`: unambiguous for reviewers in any time zone. */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export const complianceOpsRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  dashboard: Pick<OpsDashboardRegistry, 'register'>;
  notifier?: Notifier;
}> = async (app, { ctx, dashboard, notifier }) => {
  const t = ctx.i18n.t;
  const preHandler = requireOps(ctx, KYC_ROLES);

  dashboard.register({
    id: 'kyc.waiting',
    labelKey: 'opsDashboard.kycWaiting',
    path: OPS_PATHS.kyc,
    roles: KYC_ROLES,
    count: () => waitingSummary(ctx.db),
  });

  app.get(
    '/api/ops/kyc/queue',
    { preHandler, schema: { response: okResponse(kycQueueSchema) } },
    async (req) => {
      const q = parseInput(pageQuery, req.query);
      const page = q.page ?? 1;
      const limit = q.limit ?? 50;
      const { rows, total } = await waitingPage(ctx.db, page, limit);
      const data: OpsKycQueue = {
        data: rows.map((r) => ({ ...r, email: r.email ?? '' })),
        total,
        page,
        limit,
        server_time: ctx.now(),
      };
      return ok(data);
    },
  );

  app.get(
    '/api/ops/kyc/detail',
    { preHandler, schema: { response: okResponse(kycDetailSchema) } },
    async (req) => {
      const { id } = parseInput(idQuery, req.query);
      const sub = await findRealName(ctx.db, id);
      if (!sub) throw notFound();
      const [user, history] = await Promise.all([
        findUserById(ctx.db, sub.user_id),
        realNamesOf(ctx.db, sub.user_id),
      ]);
      if (!user) throw notFound();
      const view = (r: RealName & { decider: string | null }): OpsKycSubmission => ({
        id: r.id,
        name: r.name,
        card_id: r.card_id,
        front_pic: r.front_pic,
        reverse_pic: r.reverse_pic,
        review_status: r.review_status as 1 | 2 | 3,
        reason_code: isListedReason(r.reason_code) ? r.reason_code : null,
        reason: r.review_status === REVIEW.rejected ? rejectionText(t, req.lang, r) : null,
        decided_by: r.decider,
        decided_at: r.decided_at,
        created_at: r.created_at,
      });
      const views = history.map(view);
      const data: OpsKycDetail = {
        submission: views.find((v) => v.id === id) ?? view({ ...sub, decider: null }),
        user: {
          id: user.id,
          uid: user.uid,
          email: user.email ?? '',
          created_at: user.created_at,
          frozen: user.frozen_at !== null,
        },
        history: views,
      };
      return ok(data);
    },
  );

  app.post(
    '/api/ops/kyc/decide',
    { preHandler, schema: { response: okResponse(kycDecidedSchema) } },
    async (req) => {
      const body = parseInput(decideBody, req.body);
      const actor = opsOf(req);
      const approved = body.decision === 'approve';
      const now = ctx.now();
      const note = body.note ?? null;
      const sub = await findRealName(ctx.db, body.id);
      if (!sub) throw notFound();
      const won = await ctx.db.transaction().execute(async (trx) => {
        const decided = await decideRealName(trx, body.id, {
          approved,
          decidedBy: actor.id,
          reasonCode: approved ? null : (body.reason_code ?? null),
          reason: approved ? null : note,
          at: now,
        });
        if (!decided) return false;
        await audit(
          ctx,
          req,
          {
            action: approved ? 'kyc.approve' : 'kyc.reject',
            objectType: 'real_name',
            objectId: body.id,
            before: { review_status: REVIEW.waiting },
            after: {
              review_status: approved ? REVIEW.approved : REVIEW.rejected,
              ...(approved ? {} : { reason_code: body.reason_code, note }),
            },
            extra: { user_id: sub.user_id },
          },
          trx,
        );
        const status = approved ? REVIEW.approved : REVIEW.rejected;
        return {
          notice: await recordNotification(trx, sub.user_id, 'kyc', { id: body.id, status, time: now }, now),
        };
      });
      if (!won) {
        const first = await decisionOf(ctx.db, body.id);
        const outcome = t(
          req.lang,
          first?.review_status === REVIEW.approved ? 'ops.outcomeApproved' : 'ops.outcomeRejected',
        );
        throw new AppError(ERROR_CODES.opsAlreadyDecided, 'ops.kycAlreadyDecided', {
          outcome,
          by: first?.decider ?? '-',
          at: first?.decided_at ? utc(first.decided_at) : '-',
        });
      }
      notifier?.deliver(won.notice);
      await notifyTrader(sub, approved, body.reason_code ?? null, note).catch((err: unknown) =>
        req.log.error({ err, id: body.id }, 'kyc decision e-mail not sent'),
      );
      const data: OpsKycDecided = {
        id: body.id,
        review_status: approved ? REVIEW.approved : REVIEW.rejected,
      };
      return ok(data, t(req.lang, approved ? 'ops.kycApproved' : 'ops.kycRejected'));
    },
  );

  async function notifyTrader(
    sub: RealName,
    approved: boolean,
    reasonCode: string | null,
    note: string | null,
  ) {
    const user = await findUserById(ctx.db, sub.user_id);
    if (!user?.email) return;
    const lang = normalizeLanguage(sub.lang ?? undefined);
    const site = ctx.config.siteTitle;
    const reason = approved ? '' : rejectionText(t, lang, { reason_code: reasonCode, reason: note });
    await ctx.mailer.send({
      to: user.email,
      subject: t(lang, approved ? 'mail.kycApprovedSubject' : 'mail.kycRejectedSubject', { site }),
      text: t(lang, approved ? 'mail.kycApprovedBody' : 'mail.kycRejectedBody', { site, reason }),
    });
  }
};
