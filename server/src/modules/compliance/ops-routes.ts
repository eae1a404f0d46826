/**
 * KYC review for ops (compliance, admin): the waiting real-name submissions oldest first, one submission with the
 * user's history, and the decision. Two reviewers deciding at once: exactly one wins (decideRealName's conditional
 * update), the other is told who decided and when. The trader is e-mailed either way, in the language they
 * submitted in.
 *
 *   GET  /api/ops/kyc/queue    page?, limit?  -> { data: [{ id, uid, email, name, card_id, created_at }], total, … }
 *   GET  /api/ops/kyc/detail   id             -> { submission, user, history }
 *   POST /api/ops/kyc/decide   id, decision (approve | reject), reason_code? (KYC_REJECT_REASONS), note?
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES, KYC_REJECT_REASONS, normalizeLanguage } from '@meridian/shared/pure';
import type { OpsKycDetail, OpsKycQueueItem, OpsKycSubmission, OpsPage } from '@meridian/shared/pure';
import { ok } from '../../lib/envelope';
import { AppError, notFound } from '../../lib/errors';
import { int, optInt, optStr, parseInput } from '../../lib/validate';
import type { RealName } from '../../storage/schema';
import { audit } from '../ops';
import { opsOf, requireOps } from '../ops';
import { rejectionText } from './reasons';
import { decideRealName, REVIEW } from './repository';

const KYC_ROLES = ['compliance'] as const;

const pageQuery = z.object({ page: optInt(1, 100_000), limit: optInt(1, 100) });
const decideBody = z
  .object({
    id: int(1),
    decision: z.enum(['approve', 'reject'], { message: 'v.oneOf' }),
    reason_code: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(KYC_REJECT_REASONS, { message: 'v.oneOf' }).optional(),
    ),
    note: optStr(500),
  })
  .superRefine((b, c) => {
    if (b.decision === 'reject' && !b.reason_code)
      c.addIssue({ code: 'custom', path: ['reason_code'], message: 'v.reasonRequired' });
    if (b.reason_code === 'other' && !b.note)
      c.addIssue({ code: 'custom', path: ['note'], message: 'v.noteRequired' });
  });

/** `YYYY-MM-DD HH:mm UTC`: unambiguous for reviewers in any time zone. */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export async function complianceOpsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const t = ctx.i18n.t;
  const kyc = { preHandler: requireOps(ctx, KYC_ROLES) };

  ctx.opsDashboard.register({
    id: 'kyc.waiting',
    labelKey: 'opsDashboard.kycWaiting',
    path: '/ops/kyc',
    roles: KYC_ROLES,
    count: async () => {
      const r = await ctx.db
        .selectFrom('real_name')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
        .where('review_status', '=', REVIEW.waiting)
        .executeTakeFirst();
      return { count: Number(r?.n ?? 0), oldestAt: r?.oldest == null ? null : Number(r.oldest) };
    },
  });

  app.get('/api/ops/kyc/queue', kyc, async (req) => {
    const q = parseInput(pageQuery, req.query);
    const page = q.page ?? 1;
    const limit = q.limit ?? 50;
    const waiting = ctx.db.selectFrom('real_name').where('real_name.review_status', '=', REVIEW.waiting);
    const total = await waiting.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await waiting
      .innerJoin('users', 'users.id', 'real_name.user_id')
      .select([
        'real_name.id as id',
        'users.uid as uid',
        'users.email as email',
        'real_name.name as name',
        'real_name.card_id as card_id',
        'real_name.created_at as created_at',
      ])
      .orderBy('real_name.id', 'asc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    const data: OpsPage<OpsKycQueueItem> & { server_time: number } = {
      data: rows.map((r) => ({ ...r, email: r.email ?? '' })),
      total: Number(total?.n ?? 0),
      page,
      limit,
      server_time: ctx.now(),
    };
    return ok(data);
  });

  app.get('/api/ops/kyc/detail', kyc, async (req) => {
    const { id } = parseInput(z.object({ id: int(1) }), req.query);
    const sub = await ctx.db.selectFrom('real_name').selectAll().where('id', '=', id).executeTakeFirst();
    if (!sub) throw notFound();
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'uid', 'email', 'created_at', 'frozen_at'])
      .where('id', '=', sub.user_id)
      .executeTakeFirstOrThrow();
    const history = await ctx.db
      .selectFrom('real_name')
      .leftJoin('ops_accounts', 'ops_accounts.id', 'real_name.decided_by_ops')
      .selectAll('real_name')
      .select('ops_accounts.email as decider')
      .where('real_name.user_id', '=', sub.user_id)
      .orderBy('real_name.id', 'desc')
      .execute();
    const view = (r: RealName & { decider: string | null }): OpsKycSubmission => ({
      id: r.id,
      name: r.name,
      card_id: r.card_id,
      front_pic: r.front_pic,
      reverse_pic: r.reverse_pic,
      review_status: r.review_status as 1 | 2 | 3,
      reason_code: r.reason_code,
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
  });

  app.post('/api/ops/kyc/decide', kyc, async (req) => {
    const body = parseInput(decideBody, req.body);
    const actor = opsOf(req);
    const approved = body.decision === 'approve';
    const now = ctx.now();
    const note = body.note ?? null;
    const sub = await ctx.db.selectFrom('real_name').selectAll().where('id', '=', body.id).executeTakeFirst();
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
      return true;
    });
    if (!won) {
      const now2 = await ctx.db
        .selectFrom('real_name')
        .leftJoin('ops_accounts', 'ops_accounts.id', 'real_name.decided_by_ops')
        .select(['real_name.review_status', 'real_name.decided_at', 'ops_accounts.email as decider'])
        .where('real_name.id', '=', body.id)
        .executeTakeFirst();
      const outcome = t(
        req.lang,
        now2?.review_status === REVIEW.approved ? 'ops.outcomeApproved' : 'ops.outcomeRejected',
      );
      throw new AppError(ERROR_CODES.opsAlreadyDecided, 'ops.kycAlreadyDecided', {
        outcome,
        by: now2?.decider ?? '-',
        at: now2?.decided_at ? utc(now2.decided_at) : '-',
      });
    }
    await notifyTrader(sub, approved, body.reason_code ?? null, note).catch((err: unknown) =>
      req.log.error({ err, id: body.id }, 'kyc decision e-mail not sent'),
    );
    return ok(
      { id: body.id, review_status: approved ? REVIEW.approved : REVIEW.rejected },
      t(req.lang, approved ? 'ops.kycApproved' : 'ops.kycRejected'),
    );
  });

  async function notifyTrader(
    sub: RealName,
    approved: boolean,
    reasonCode: string | null,
    note: string | null,
  ) {
    const user = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', sub.user_id)
      .executeTakeFirst();
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
}
