/**
 * Support calls. The chat itself is on the socket (chat/); these are the trader's unread count and feedback form,
 * and the agent inbox (roles support/admin, every change audited):
 *
 *   GET  /api/support/unread                         token                    -> { unread }
 *   POST /api/support/feedback                       topic, text, image?, visitor?  -> { conversation_id }
 *   GET  /api/ops/support/conversations              status?, mine?, page?, limit?  -> inbox page
 *   GET  /api/ops/support/conversation               id                       -> thread with the user's facts
 *   POST /api/ops/support/assign                     id, ops_id (0 = nobody)  -> row
 *   POST /api/ops/support/status                     id, status (open | resolved) -> row
 *   POST /api/ops/support/reply                      id, client_id, text      -> message
 *   GET  /api/ops/support/agents                                              -> agents
 *   GET  /api/ops/support/canned                                              -> canned replies
 *   POST /api/ops/support/canned/create              title, body              -> canned reply
 *   POST /api/ops/support/canned/delete              id                       -> null
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { sql } from 'kysely';
import { z } from 'zod';
import { ERROR_CODES, OPS_PATHS } from '@meridian/shared/pure';
import type { ChatStatus, SupportConversationRow, SupportUserFacts } from '@meridian/shared/pure';
import { optionalUser, requireUser, userOf } from '../../lib/auth';
import { answers, okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { enforceLimit } from '../../lib/limits';
import { formatCents } from '../../lib/money';
import { parseInput } from '../../lib/validate';
import { claimUpload } from '../uploads';
import { audit, opsOf, requireOps } from '../ops';
import type { OpsDashboardRegistry } from '../ops';
import { ChatError, SUPPORT_ROLES } from './chat';
import type { Chat } from './chat';
import * as repo from './repository';
import {
  agentsSchema,
  assignBody,
  cannedBody,
  cannedSchema,
  feedbackBody,
  feedbackResultSchema,
  idQuery,
  inboxQuery,
  inboxSchema,
  messageSchema,
  replyBody,
  statusBody,
  threadSchema,
  unreadSchema,
} from './schemas';

const STATUSES: ChatStatus[] = ['open', 'pending', 'resolved'];

export const supportRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  chat: Chat;
  dashboard: Pick<OpsDashboardRegistry, 'register'>;
}> = async (app, { ctx, chat, dashboard }) => {
  const db = ctx.db;
  const t = ctx.i18n.t;
  const staff = requireOps(ctx, SUPPORT_ROLES);
  const only = (data: z.ZodType) => ({ preHandler: staff, schema: { response: okResponse(data) } });

  dashboard.register({
    id: 'support.open',
    labelKey: 'opsDashboard.supportOpen',
    path: OPS_PATHS.inbox,
    roles: SUPPORT_ROLES,
    count: async () => {
      const r = await db
        .selectFrom('support_conversations')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('waiting_since').as('oldest')])
        .where('status', '=', 'open')
        .executeTakeFirst();
      return { count: Number(r?.n ?? 0), oldestAt: r?.oldest == null ? null : Number(r.oldest) };
    },
  });

  const chatError = (err: unknown): never => {
    if (err instanceof ChatError) throw new AppError(err.code, err.key);
    throw err;
  };

  // ---- trader ----

  app.get('/api/support/unread', { preHandler: requireUser(ctx), ...answers(unreadSchema) }, async (req) =>
    ok({ unread: await repo.unreadForUser(db, userOf(req).id) }),
  );

  app.post('/api/support/feedback', answers(feedbackResultSchema), async (req) => {
    const body = parseInput(feedbackBody, req.body);
    const user = await optionalUser(ctx, req);
    if (!user && !body.visitor) throw new AppError(ERROR_CODES.chatNotJoined, 'support.notJoined');
    if (body.image !== undefined && (!user || !(await claimUpload(db, user.id, body.image, 'feedback')).ok))
      throw new AppError(ERROR_CODES.chatInvalid, 'support.badImage');
    if (user) await enforceLimit(ctx, 'chatPerUser', String(user.id));
    else {
      // Per source first: fresh visitor ids from one address do not step around it.
      await enforceLimit(ctx, 'feedbackGuestPerIp', req.ip);
      await enforceLimit(ctx, 'chatPerVisitor', body.visitor ?? req.ip);
    }
    const now = ctx.now();
    const id = await db.transaction().execute(async (trx) => {
      const conv = await repo.createConversation(trx, {
        channel: 'feedback',
        userId: user?.id ?? null,
        visitorId: user ? null : (body.visitor ?? null),
        topic: body.topic,
        now,
      });
      await repo.insertMessage(trx, {
        conversationId: conv,
        sender: 'user',
        opsId: null,
        clientId: null,
        text: body.text,
        image: body.image ?? null,
        now,
      });
      await repo.afterUserMessage(trx, conv, repo.summaryOf(body.text, body.image ?? null), now);
      return conv;
    });
    chat.newConversation(id);
    return ok({ conversation_id: id }, t(req.lang, 'support.feedbackSent'));
  });

  // ---- agent inbox ----

  const unreadExpr = sql<number>`(select count(*) from support_messages m where m.conversation_id = c.id and m.sender = 'user' and m.id > c.agent_read_id)`;
  const rowQuery = () =>
    db
      .selectFrom('support_conversations as c')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('ops_accounts as a', 'a.id', 'c.assignee_id')
      .select([
        'c.id',
        'c.channel',
        'c.status',
        'c.topic',
        'c.user_id',
        'c.assignee_id',
        'c.waiting_since',
        'c.last_text',
        'c.updated_at',
        'u.uid as uid',
        'u.email as user_email',
        'a.email as assignee_email',
      ])
      .select(unreadExpr.as('unread'));
  type RowQ = Awaited<ReturnType<ReturnType<typeof rowQuery>['executeTakeFirstOrThrow']>>;
  const rowView = (r: RowQ): SupportConversationRow => ({
    id: Number(r.id),
    channel: r.channel,
    status: r.status,
    topic: r.topic,
    user: r.user_id === null ? null : { id: Number(r.user_id), uid: r.uid ?? '', email: r.user_email ?? '' },
    visitor: r.user_id === null,
    assignee: r.assignee_id === null ? null : { id: Number(r.assignee_id), email: r.assignee_email ?? '' },
    unread: Number(r.unread),
    waiting_since: r.waiting_since === null ? null : Number(r.waiting_since),
    last_text: r.last_text,
    updated_at: Number(r.updated_at),
  });
  const rowOf = async (id: number) => {
    const r = await rowQuery().where('c.id', '=', id).executeTakeFirst();
    if (!r) throw new AppError(ERROR_CODES.chatNotFound, 'support.notFound');
    return rowView(r);
  };

  app.get('/api/ops/support/conversations', only(inboxSchema), async (req) => {
    const q = parseInput(inboxQuery, req.query);
    const page = q.page ?? 1;
    const limit = q.limit ?? 50;
    const status = q.status ?? 'open';
    let list = rowQuery().where('c.status', '=', status);
    let total = db
      .selectFrom('support_conversations as c')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('c.status', '=', status);
    if (q.mine === '1') {
      list = list.where('c.assignee_id', '=', opsOf(req).id);
      total = total.where('c.assignee_id', '=', opsOf(req).id);
    }
    const [rows, count, groups] = await Promise.all([
      list
        .orderBy('c.updated_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      total.executeTakeFirstOrThrow(),
      db
        .selectFrom('support_conversations as c')
        .select([
          'c.status',
          (eb) => eb.fn.countAll<number>().as('n'),
          sql<number>`sum(${unreadExpr})`.as('u'),
        ])
        .groupBy('c.status')
        .execute(),
    ]);
    const counts = { open: 0, pending: 0, resolved: 0 };
    const unread = { open: 0, pending: 0, resolved: 0 };
    for (const g of groups) {
      if (!STATUSES.includes(g.status)) continue;
      counts[g.status] = Number(g.n);
      unread[g.status] = Number(g.u ?? 0);
    }
    return ok({
      data: rows.map(rowView),
      total: Number(count.n),
      page,
      limit,
      counts,
      unread,
      server_time: ctx.now(),
    });
  });

  const factsOf = async (userId: number | null): Promise<SupportUserFacts | null> => {
    if (userId === null) return null;
    const u = await db
      .selectFrom('users')
      .select(['id', 'uid', 'email', 'is_demo', 'balance'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!u) return null;
    const kyc = await db
      .selectFrom('real_name')
      .select('review_status')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      id: Number(u.id),
      uid: u.uid,
      email: u.email ?? '',
      account_type: u.is_demo === 1 ? 'demo' : 'real',
      kyc: kyc ? Number(kyc.review_status) : 0,
      balance: formatCents(Number(u.balance)),
    };
  };

  app.get('/api/ops/support/conversation', only(threadSchema), async (req) => {
    const { id } = parseInput(idQuery, req.query);
    const conversation = await rowOf(id);
    const c = await repo.findConversation(db, id);
    if (!c) throw new AppError(ERROR_CODES.chatNotFound, 'support.notFound');
    const page = await repo.messagesPage(db, id);
    return ok({
      conversation,
      facts: await factsOf(conversation.user?.id ?? null),
      ...page,
      user_read_id: Number(c.user_read_id),
      agent_read_id: Number(c.agent_read_id),
    });
  });

  app.post('/api/ops/support/assign', only(threadSchema.shape.conversation), async (req) => {
    const body = parseInput(assignBody, req.body);
    const before = await rowOf(body.id);
    let target: number | null = null;
    if (body.ops_id !== 0) {
      const a = await db
        .selectFrom('ops_accounts')
        .select(['id', 'roles'])
        .where('id', '=', body.ops_id)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      if (!a || !/(^|,)(support|admin)(,|$)/.test(a.roles))
        throw new AppError(ERROR_CODES.validation, 'support.noSuchAgent');
      target = Number(a.id);
    }
    await db.transaction().execute(async (trx) => {
      await repo.setAssignee(trx, body.id, target, ctx.now());
      await audit(
        ctx,
        req,
        {
          action: 'support.assign',
          objectType: 'conversation',
          objectId: body.id,
          before: { assignee: before.assignee?.id ?? null },
          after: { assignee: target },
        },
        trx,
      );
    });
    await chat.statusChanged(body.id);
    return ok(await rowOf(body.id));
  });

  app.post('/api/ops/support/status', only(threadSchema.shape.conversation), async (req) => {
    const body = parseInput(statusBody, req.body);
    const before = await rowOf(body.id);
    await db.transaction().execute(async (trx) => {
      await repo.setStatus(trx, body.id, body.status, ctx.now());
      await audit(
        ctx,
        req,
        {
          action: body.status === 'resolved' ? 'support.resolve' : 'support.reopen',
          objectType: 'conversation',
          objectId: body.id,
          before: { status: before.status },
          after: { status: body.status },
        },
        trx,
      );
    });
    await chat.statusChanged(body.id);
    return ok(await rowOf(body.id));
  });

  app.post('/api/ops/support/reply', only(messageSchema), async (req) => {
    const body = parseInput(replyBody, req.body);
    const actor = opsOf(req);
    const m = await chat
      .agentReply({ id: actor.id, email: actor.email, roles: actor.roles.join(',') }, req.ip, body.id, body)
      .catch(chatError);
    return ok(m);
  });

  app.get('/api/ops/support/agents', only(agentsSchema), async () => {
    const rows = await db
      .selectFrom('ops_accounts')
      .select(['id', 'email', 'roles'])
      .where('disabled_at', 'is', null)
      .orderBy('email')
      .execute();
    return ok(
      rows
        .filter((r) => /(^|,)(support|admin)(,|$)/.test(r.roles))
        .map((r) => ({ id: Number(r.id), email: r.email, name: repo.agentName(r.email) ?? r.email })),
    );
  });

  app.get('/api/ops/support/canned', only(z.array(cannedSchema)), async () => {
    const rows = await db.selectFrom('support_canned').selectAll().orderBy('title').execute();
    return ok(rows.map((r) => ({ id: Number(r.id), title: r.title, body: r.body })));
  });

  app.post('/api/ops/support/canned/create', only(cannedSchema), async (req) => {
    const body = parseInput(cannedBody, req.body);
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('support_canned')
        .values({ title: body.title, body: body.body, created_at: ctx.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(
        ctx,
        req,
        { action: 'support.canned_create', objectType: 'canned', objectId: Number(row.id), after: body },
        trx,
      );
      return Number(row.id);
    });
    return ok({ id, title: body.title, body: body.body });
  });

  app.post('/api/ops/support/canned/delete', only(z.null()), async (req) => {
    const { id } = parseInput(idQuery, req.body);
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('support_canned').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new AppError(ERROR_CODES.notFound, 'error.notFound');
      await trx.deleteFrom('support_canned').where('id', '=', id).execute();
      await audit(
        ctx,
        req,
        { action: 'support.canned_delete', objectType: 'canned', objectId: id, before: { title: row.title } },
        trx,
      );
    });
    return ok(null);
  });
};
