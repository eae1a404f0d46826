/**
 * First-start data: basic settings, two companies (one active, one with status 0 and a loss_url so the redirect
 * flow can be seen) and the news articles. Idempotent: each part is inserted only when missing.
 */
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from './schema';
import { insertNews, setSetting } from '../modules/content';
import { SEED_NEWS } from './seed-news';

export const DEFAULT_SETTINGS: Record<string, string> = {
  service_link: '/mine/chat',
  service_link_type: '1',
  verify_reg_type: '1',
  trade_fee_type: '1',
  is_show_mobile: '1',
  complaint_email: 'complaints@meridian.example',
};

export async function seed(ctx: AppContext): Promise<void> {
  // One transaction; on PostgreSQL a table lock makes API nodes starting together seed exactly once.
  await ctx.db.transaction().execute(async (db) => {
    if (ctx.storage.dialect === 'postgres') await sql`lock table settings in exclusive mode`.execute(db);
    await seedWith(db, ctx.now());
  });
}

async function seedWith(db: Transaction<Database>, now: number): Promise<void> {
  const existing = new Set((await db.selectFrom('settings').select('key').execute()).map((r) => r.key));
  for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
    if (!existing.has(key)) await setSetting(db, key, value);
  }

  const companies = await db.selectFrom('companies').select('id').limit(1).execute();
  if (companies.length === 0) {
    await db
      .insertInto('companies')
      .values([
        {
          name: 'Meridian Markets Ltd',
          logo: '',
          url: 'https://meridian.example',
          subject: 'Online trading of leveraged market products',
          registered_address: '12 Harbour Road, Wan Chai, Hong Kong',
          location: 'Hong Kong',
          email: 'support@meridian.example',
          status: 1,
          type: 1,
          loss_url: '',
        },
        {
          name: 'Northgate Capital Partners',
          logo: '',
          url: 'https://northgate.example',
          subject: 'Brokerage services (licence suspended)',
          registered_address: '4 Queen Street, London EC4N 1SP, United Kingdom',
          location: 'London',
          email: 'info@northgate.example',
          status: 0,
          type: 1,
          loss_url: 'https://meridian.example/notice/northgate',
        },
      ])
      .execute();
  }

  const news = await db.selectFrom('news').select('id').limit(1).execute();
  if (news.length === 0) {
    // Oldest first so that ids follow publication order.
    for (const a of [...SEED_NEWS].reverse()) {
      await insertNews(db, {
        category_id: 1,
        title: a.title,
        desc: a.desc,
        logo: '/icons/news.png',
        content: a.content,
        created_at: now - a.daysAgo * 86_400_000,
      });
    }
  }
}
