/**
 * News and announcement editing for ops (support, admin), every change audited. Article HTML is sanitized on save
 * and again when served (routes.ts); a new article is a draft until published; the announcement is plain text and,
 * once published, replaces the translated default for every language.
 *
 *   GET  /api/ops/news               page?, limit?                       -> OpsPage<OpsNewsRow> (drafts too)
 *   GET  /api/ops/news/detail        id                                  -> OpsNewsDetail
 *   POST /api/ops/news/save          id? (absent: new draft), title, desc, logo?, content -> OpsNewsDetail
 *   POST /api/ops/news/preview       content                             -> { content } as it will be served
 *   POST /api/ops/news/publish       id, published (1 | 0)               -> OpsNewsDetail
 *   GET  /api/ops/announcement                                           -> OpsAnnouncement
 *   POST /api/ops/announcement/save  title, content, published (1 | 0)   -> OpsAnnouncement
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { z } from 'zod';
import { ERROR_CODES, NEWS_CATEGORY_ID } from '@meridian/shared/pure';
import type {
  OpsAnnouncement,
  OpsNewsDetail,
  OpsNewsPreview,
  OpsNewsRow,
  OpsPage,
} from '@meridian/shared/pure';
import { contract, okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { int, optInt, optStr, parseInput, str } from '../../lib/validate';
import type { News } from '../../storage/schema';
import { audit, requireOps } from '../ops';
import { editedAnnouncement, insertNews, setNewsStatus, setSetting, updateNews } from './repository';
import { imageUrlAllowed, plainText, sanitizeNewsHtml } from './sanitize';

const NEWS_ROLES = ['support'] as const;
const MAX_HTML = 100_000;

const rowShape = {
  id: z.number().int(),
  category_id: z.number().int(),
  title: z.string(),
  desc: z.string(),
  logo: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  created_at: z.number().int(),
  updated_at: z.number().int().nullable(),
};
const rowSchema = contract<OpsNewsRow>()(z.strictObject(rowShape));
const detailSchema = contract<OpsNewsDetail>()(z.strictObject({ ...rowShape, content: z.string() }));
const pageSchema = contract<OpsPage<OpsNewsRow>>()(
  z.strictObject({
    data: z.array(rowSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
const previewSchema = contract<OpsNewsPreview>()(z.strictObject({ content: z.string() }));
const announcementSchema = contract<OpsAnnouncement>()(
  z.strictObject({
    title: z.string(),
    content: z.string(),
    published: z.boolean(),
    updated_at: z.number().int().nullable(),
  }),
);

const pageQuery = z.object({ page: optInt(1, 100_000), limit: optInt(1, 100) });
const idQuery = z.object({ id: int(1, Number.MAX_SAFE_INTEGER) });
const saveBody = z.object({
  id: optInt(1, Number.MAX_SAFE_INTEGER),
  title: str(200),
  desc: str(500),
  logo: optStr(500).pipe(z.string().refine(imageUrlAllowed, { message: 'v.invalid' }).optional()),
  content: str(MAX_HTML),
});
const previewBody = z.object({ content: str(MAX_HTML) });
const publishBody = z.object({ id: int(1, Number.MAX_SAFE_INTEGER), published: z.enum(['0', '1']) });
const announcementBody = z.object({ title: str(200), content: str(10_000), published: z.enum(['0', '1']) });

const rowOf = (n: News): OpsNewsRow => ({
  id: Number(n.id),
  category_id: n.category_id,
  title: n.title,
  desc: n.desc,
  logo: imageUrlAllowed(n.logo) ? n.logo : '',
  status: n.status === 1 ? 1 : 0,
  created_at: Number(n.created_at),
  updated_at: n.updated_at === null ? null : Number(n.updated_at),
});

export const contentOpsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.db;
  const only = (data: z.ZodType) => ({
    preHandler: requireOps(ctx, NEWS_ROLES),
    schema: { response: okResponse(data) },
  });
  const detail = async (id: number): Promise<OpsNewsDetail> => {
    const n = await db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
    if (!n) throw new AppError(ERROR_CODES.notFound, 'error.notFound');
    return { ...rowOf(n), content: sanitizeNewsHtml(n.content) };
  };

  app.get('/api/ops/news', only(pageSchema), async (req) => {
    const q = parseInput(pageQuery, req.query);
    const page = q.page ?? 1;
    const limit = q.limit ?? 20;
    const [rows, count] = await Promise.all([
      db
        .selectFrom('news')
        .selectAll()
        .where('category_id', '=', NEWS_CATEGORY_ID)
        .orderBy('status', 'asc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      db
        .selectFrom('news')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('category_id', '=', NEWS_CATEGORY_ID)
        .executeTakeFirstOrThrow(),
    ]);
    return ok({ data: rows.map(rowOf), total: Number(count.n), page, limit });
  });

  app.get('/api/ops/news/detail', only(detailSchema), async (req) => {
    const { id } = parseInput(idQuery, req.query);
    return ok(await detail(id));
  });

  app.post('/api/ops/news/preview', only(previewSchema), async (req) => {
    const { content } = parseInput(previewBody, req.body);
    return ok({ content: sanitizeNewsHtml(content) });
  });

  app.post('/api/ops/news/save', only(detailSchema), async (req) => {
    const body = parseInput(saveBody, req.body);
    const now = ctx.now();
    const id = await db.transaction().execute(async (trx) => {
      if (body.id !== undefined) {
        const before = await trx
          .selectFrom('news')
          .select(['id', 'title'])
          .where('id', '=', body.id)
          .executeTakeFirst();
        if (!before) throw new AppError(ERROR_CODES.notFound, 'error.notFound');
        await updateNews(trx, body.id, { ...body, logo: body.logo ?? '', now });
        await audit(
          ctx,
          req,
          {
            action: 'news.update',
            objectType: 'news',
            objectId: body.id,
            before: { title: before.title },
            after: { title: plainText(body.title) },
          },
          trx,
        );
        return body.id;
      }
      const created = await insertNews(trx, {
        category_id: NEWS_CATEGORY_ID,
        title: body.title,
        desc: body.desc,
        logo: body.logo ?? '',
        content: body.content,
        created_at: now,
        status: 0,
      });
      await audit(
        ctx,
        req,
        {
          action: 'news.create',
          objectType: 'news',
          objectId: created,
          after: { title: plainText(body.title) },
        },
        trx,
      );
      return created;
    });
    return ok(await detail(id));
  });

  app.post('/api/ops/news/publish', only(detailSchema), async (req) => {
    const body = parseInput(publishBody, req.body);
    const published = body.published === '1';
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('news')
        .select(['status'])
        .where('id', '=', body.id)
        .executeTakeFirst();
      if (!before) throw new AppError(ERROR_CODES.notFound, 'error.notFound');
      await setNewsStatus(trx, body.id, published, ctx.now());
      await audit(
        ctx,
        req,
        {
          action: published ? 'news.publish' : 'news.unpublish',
          objectType: 'news',
          objectId: body.id,
          before: { status: before.status },
          after: { status: published ? 1 : 0 },
        },
        trx,
      );
    });
    return ok(await detail(body.id));
  });

  const announcement = async (): Promise<OpsAnnouncement> =>
    (await editedAnnouncement(db)) ?? { title: '', content: '', published: false, updated_at: null };

  app.get('/api/ops/announcement', only(announcementSchema), async () => ok(await announcement()));

  app.post('/api/ops/announcement/save', only(announcementSchema), async (req) => {
    const body = parseInput(announcementBody, req.body);
    const now = ctx.now();
    const next = {
      title: plainText(body.title),
      content: plainText(body.content),
      published: body.published === '1',
      updated_at: now,
    };
    await db.transaction().execute(async (trx) => {
      const before = await editedAnnouncement(trx);
      await setSetting(trx, 'announcement', JSON.stringify(next));
      await audit(
        ctx,
        req,
        {
          action: 'announcement.save',
          objectType: 'announcement',
          before: before ? { title: before.title, published: before.published } : null,
          after: { title: next.title, published: next.published },
        },
        trx,
      );
    });
    return ok(await announcement());
  });
};
