/** Content storage: settings, news, companies. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../storage/schema';
import { plainText, sanitizeNewsHtml } from './sanitize';

type Q = Kysely<Database> | Transaction<Database>;

export async function getSetting(db: Q, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function setSetting(db: Q, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Store an article; its HTML is sanitized before storage (and again when served). */
export async function insertNews(
  db: Q,
  n: { category_id: number; title: string; desc: string; logo: string; content: string; created_at: number },
): Promise<number> {
  const row = await db
    .insertInto('news')
    .values({
      category_id: n.category_id,
      title: plainText(n.title),
      desc: plainText(n.desc),
      logo: n.logo,
      content: sanitizeNewsHtml(n.content),
      created_at: n.created_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
