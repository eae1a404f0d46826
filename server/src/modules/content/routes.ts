/**
 * Base settings and content:
 *   GET /api/default/area_list                 -> [{ id, global_code, code, name }]
 *   GET /api/default/setting?key=is_show_mobile -> { key, value }
 *   GET /api/basicSet/getBasicInfo             -> { site_title, service_link, service_link_type, verify_reg_type, trade_fee_type }
 *   GET /api/news/list?category_id&page[&limit] -> { data: [news without content], total }
 *   GET /api/news/info?id                      -> news with sanitized HTML content
 *   GET /api/content/announcement              -> { title, content }  (in the caller's language)
 *   GET /api/content/complaint_email           -> { email }
 *   GET /api/company/getCompany[?company_id]   -> company (company_id from the query or the company_id cookie)
 *   GET /api/company/getCompanyStatus[?company_id] -> { status, type, loss_url }
 *   GET /api/company/search?name[&page&limit]  -> { data: [company], total }
 */
import { ERROR_CODES } from '@meridian/shared/pure';
import type { BootSite } from '@meridian/shared/pure';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { sql } from 'kysely';
import { z } from 'zod';
import { answers } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { fmtTime } from '../../lib/time';
import { id, optId, optInt, parseInput, str } from '../../lib/validate';
import type { Company, News } from '../../storage/schema';
import { AREAS } from './areas';
import { editedAnnouncement, getSetting } from './repository';
import {
  announcementSchema,
  areasSchema,
  basicInfoSchema,
  companyPageSchema,
  companySchema,
  companyStatusSchema,
  complaintEmailSchema,
  newsPageSchema,
  newsSchema,
  settingSchema,
} from './schemas';
import { imageUrlAllowed, sanitizeNewsHtml } from './sanitize';

/** Settings readable through /api/default/setting. */
const PUBLIC_SETTINGS = [
  'is_show_mobile',
  'verify_reg_type',
  'service_link',
  'service_link_type',
  'trade_fee_type',
];

const settingQuery = z.object({
  key: str(64).pipe(z.enum(PUBLIC_SETTINGS as [string, ...string[]], { message: 'v.oneOf' })),
});
const newsListQuery = z.object({
  category_id: optId(),
  page: optInt(1, 100_000),
  limit: optInt(1, 50),
});
const idQuery = z.object({ id: id() });
const companyQuery = z.object({ company_id: optId() });
const companySearchQuery = z.object({ name: str(100), page: optInt(1, 100_000), limit: optInt(1, 50) });

const newsItem = (n: News) => ({
  id: n.id,
  category_id: n.category_id,
  title: n.title,
  desc: n.desc,
  // Stored before the logo followed the body's image rule: served only if it does.
  logo: imageUrlAllowed(n.logo) ? n.logo : '',
  created_at: fmtTime(n.created_at),
});

const companyView = (c: Company) => ({
  id: c.id,
  name: c.name,
  logo: c.logo,
  url: c.url,
  subject: c.subject,
  registered_address: c.registered_address,
  location: c.location,
  email: c.email,
});

/** getBasicInfo data (also written into index.html, so the shell knows them before its first call). */
export async function basicInfo(ctx: AppContext): Promise<BootSite> {
  const rows = await ctx.db.selectFrom('settings').selectAll().execute();
  const s = new Map(rows.map((r) => [r.key, r.value]));
  return {
    // The site title (SITE_TITLE); 'DEMO' marks the demo site (api on the same origin, a test marker).
    site_title: ctx.config.siteTitle,
    service_link: s.get('service_link') ?? '',
    service_link_type: Number(s.get('service_link_type') ?? 1),
    verify_reg_type: Number(s.get('verify_reg_type') ?? 1),
    trade_fee_type: Number(s.get('trade_fee_type') ?? 1),
  };
}

/** The company in the `company_id` cookie, as getCompanyStatus answers it; undefined without cookie or company. */
export async function cookieCompanyStatus(
  ctx: AppContext,
  req: FastifyRequest,
): Promise<{ id: number; status: number; type: number; loss_url: string } | undefined> {
  const id = cookieCompanyId(req);
  if (id === undefined) return undefined;
  const c = await ctx.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
  return c ? { id: c.id, status: c.status, type: c.type, loss_url: c.loss_url } : undefined;
}

function cookieCompanyId(req: FastifyRequest): number | undefined {
  const m = /(?:^|;\s*)company_id=(\d{1,15})(?:;|$)/.exec(req.headers.cookie ?? '');
  return m?.[1] ? Number(m[1]) : undefined;
}

export const contentRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.db;
  const t = ctx.i18n.t;

  app.get('/api/default/area_list', answers(areasSchema), async () => ok(AREAS));

  app.get('/api/default/setting', answers(settingSchema), async (req) => {
    const { key } = parseInput(settingQuery, req.query);
    const value = (await getSetting(db, key)) ?? '';
    return ok({ key, value: /^\d+$/.test(value) ? Number(value) : value });
  });

  app.get('/api/basicSet/getBasicInfo', answers(basicInfoSchema), async () => ok(await basicInfo(ctx)));

  app.get('/api/news/list', answers(newsPageSchema), async (req) => {
    const q = parseInput(newsListQuery, req.query);
    const categoryId = q.category_id ?? 1;
    const page = q.page ?? 1;
    const limit = q.limit ?? 10;
    const [rows, count] = await Promise.all([
      db
        .selectFrom('news')
        .selectAll()
        .where('category_id', '=', categoryId)
        .where('status', '=', 1)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      db
        .selectFrom('news')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('category_id', '=', categoryId)
        .where('status', '=', 1)
        .executeTakeFirstOrThrow(),
    ]);
    return ok({ data: rows.map(newsItem), total: Number(count.n) });
  });

  app.get('/api/news/info', answers(newsSchema), async (req) => {
    const { id } = parseInput(idQuery, req.query);
    const n = await db
      .selectFrom('news')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!n) throw new AppError(ERROR_CODES.notFound, 'error.notFound');
    return ok({ ...newsItem(n), content: sanitizeNewsHtml(n.content) });
  });

  app.get('/api/content/announcement', answers(announcementSchema), async (req) => {
    // An announcement edited and published in the back office replaces the translated default.
    const edited = await editedAnnouncement(db);
    if (edited?.published) return ok({ title: edited.title, content: edited.content });
    return ok({ title: t(req.lang, 'announcement.title'), content: t(req.lang, 'announcement.body') });
  });

  app.get('/api/content/complaint_email', answers(complaintEmailSchema), async () =>
    ok({ email: (await getSetting(db, 'complaint_email')) ?? '' }),
  );

  const findCompany = async (req: FastifyRequest): Promise<Company> => {
    const q = parseInput(companyQuery, req.query);
    const id = q.company_id ?? cookieCompanyId(req);
    const base = db.selectFrom('companies').selectAll();
    const c =
      id !== undefined
        ? await base.where('id', '=', id).executeTakeFirst()
        : await base.orderBy('status', 'desc').orderBy('id', 'asc').limit(1).executeTakeFirst();
    if (!c) throw new AppError(ERROR_CODES.notFound, 'error.notFound');
    return c;
  };

  app.get('/api/company/getCompany', answers(companySchema), async (req) =>
    ok(companyView(await findCompany(req))),
  );

  app.get('/api/company/getCompanyStatus', answers(companyStatusSchema), async (req) => {
    const c = await findCompany(req);
    return ok({ id: c.id, status: c.status, type: c.type, loss_url: c.loss_url });
  });

  app.get('/api/company/search', answers(companyPageSchema), async (req) => {
    const q = parseInput(companySearchQuery, req.query);
    const page = q.page ?? 1;
    const limit = q.limit ?? 20;
    const pattern = `%${q.name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = sql<boolean>`lower(name) like ${pattern} escape '\\'`;
    const [rows, count] = await Promise.all([
      db
        .selectFrom('companies')
        .selectAll()
        .where(where)
        .orderBy('id')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      db
        .selectFrom('companies')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(where)
        .executeTakeFirstOrThrow(),
    ]);
    return ok({ data: rows.map(companyView), total: Number(count.n) });
  });
};
