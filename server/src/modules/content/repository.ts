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
  n: {
    category_id: number;
    title: string;
    desc: string;
    logo: string;
    content: string;
    created_at: number;
    status?: 0 | 1;
  },
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
      ...(n.status === undefined ? {} : { status: n.status }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Change an article (its HTML sanitized again); a draft stays a draft. */
export async function updateNews(
  db: Q,
  id: number,
  n: { title: string; desc: string; logo: string; content: string; now: number },
): Promise<void> {
  await db
    .updateTable('news')
    .set({
      title: plainText(n.title),
      desc: plainText(n.desc),
      logo: n.logo,
      content: sanitizeNewsHtml(n.content),
      updated_at: n.now,
    })
    .where('id', '=', id)
    .execute();
}

/** Publish (dated now, so it lists first) or take back to draft. */
export async function setNewsStatus(db: Q, id: number, published: boolean, now: number): Promise<void> {
  await db
    .updateTable('news')
    .set(published ? { status: 1, created_at: now, updated_at: now } : { status: 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The announcement edited in the back office (settings key `announcement`; plain text), or null. */
export async function editedAnnouncement(
  db: Q,
): Promise<{ title: string; content: string; published: boolean; updated_at: number | null } | null> {
  const raw = await getSetting(db, 'announcement');
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as {
      title?: unknown;
      content?: unknown;
      published?: unknown;
      updated_at?: unknown;
    };
    if (typeof v.title !== 'string' || typeof v.content !== 'string') return null;
    return {
      title: plainText(v.title),
      content: plainText(v.content),
      published: v.published === true,
      updated_at: typeof v.updated_at === 'number' ? v.updated_at : null,
    };
  } catch {
    return null;
  }
}
