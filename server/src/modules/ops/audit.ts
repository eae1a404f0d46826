/**
 * The audit log: every ops action appends one row (who, roles, what, which object, before/after, IP, time).
 * Rows are only ever inserted: the database refuses UPDATE and DELETE on the table (migration 0004's triggers),
 * and test/ops-audit.test.ts fails if any code path writes one.
 *
 * Modules call `audit(ctx, req, {...}, trx)` inside the transaction of the change it records, so a decision and its
 * audit row commit together.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { OpsAuditQuery, OpsAuditRow, OpsPage } from '@meridian/shared/pure';
import type { AppContext } from '../../context';
import type { Database } from '../../storage/schema';

type Q = Kysely<Database> | Transaction<Database>;

const SUMMARY_MAX = 4000;

export type AuditEntry = {
  /** `<area>.<verb>`, e.g. `kyc.approve`, `deposit.reject`, `remote.rollback`. */
  action: string;
  objectType?: string;
  objectId?: string | number;
  /** What the object looked like before and after (small: the fields that changed). */
  before?: unknown;
  after?: unknown;
  /** Anything else worth keeping (a reason, a note). */
  extra?: Record<string, unknown>;
};

export type AuditActor = { id: number | null; email: string; roles: string };

/** Append one row with an explicit actor (sign-in attempts, the CLI). Prefer {@link audit} in request handlers. */
export async function appendAudit(
  db: Q,
  row: AuditEntry & { actor: AuditActor; ip: string; at: number },
): Promise<void> {
  const summary: Record<string, unknown> = { ...row.extra };
  if (row.before !== undefined) summary.before = row.before;
  if (row.after !== undefined) summary.after = row.after;
  let text = JSON.stringify(summary);
  if (text.length > SUMMARY_MAX) text = `${text.slice(0, SUMMARY_MAX - 1)}…`;
  await db
    .insertInto('audit_log')
    .values({
      at: row.at,
      actor_id: row.actor.id,
      actor_email: row.actor.email.slice(0, 254),
      actor_roles: row.actor.roles.slice(0, 64),
      action: row.action.slice(0, 64),
      object_type: row.objectType?.slice(0, 32) ?? null,
      object_id: row.objectId === undefined ? null : String(row.objectId).slice(0, 64),
      summary: text,
      ip: (row.ip || '-').slice(0, 64),
    })
    .execute();
}

/** Append the audit row of an ops call: actor, roles and IP come from the request, time from the app clock. */
export async function audit(
  ctx: Pick<AppContext, 'db' | 'now'>,
  req: FastifyRequest,
  entry: AuditEntry,
  db: Q = ctx.db,
): Promise<void> {
  const ops = req.ops;
  await appendAudit(db, {
    ...entry,
    actor: ops
      ? { id: ops.id, email: ops.email, roles: ops.roles.join(',') }
      : { id: null, email: '-', roles: '' },
    ip: req.ip,
    at: ctx.now(),
  });
}

/** Filtered, paged, newest first. `actor` matches the e-mail (substring) or an exact id. */
export async function listAudit(
  db: Q,
  q: Required<Pick<OpsAuditQuery, 'page' | 'limit'>> & OpsAuditQuery,
): Promise<OpsPage<OpsAuditRow>> {
  let base = db.selectFrom('audit_log');
  if (q.actor) {
    const actor = q.actor;
    base = /^\d+$/.test(actor)
      ? base.where('actor_id', '=', Number(actor))
      : base.where('actor_email', 'like', `%${escapeLike(actor.toLowerCase())}%`);
  }
  if (q.action) {
    // `kyc.` lists a whole area; a full name lists that action only.
    base = q.action.endsWith('.')
      ? base.where('action', 'like', `${escapeLike(q.action)}%`)
      : base.where('action', '=', q.action);
  }
  if (q.object_type) base = base.where('object_type', '=', q.object_type);
  if (q.object_id) base = base.where('object_id', '=', q.object_id);
  if (q.from !== undefined) base = base.where('at', '>=', q.from);
  if (q.to !== undefined) base = base.where('at', '<', q.to);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return {
    data: await withRefs(db, rows),
    total: Number(total?.n ?? 0),
    page: q.page,
    limit: q.limit,
  };
}

/** Summary keys that hold a trader's internal id, and those that hold an ops account's id. */
const USER_ID_KEYS = new Set(['user_id']);
const OPS_ID_KEYS = new Set(['assignee', 'ops_id']);

/** Every `key: number` of the summary's objects (`before`, `after`, the rest) whose key is in `keys`. */
function idsIn(summary: unknown, keys: Set<string>, out: Set<number>): void {
  if (!summary || typeof summary !== 'object' || Array.isArray(summary)) return;
  for (const [k, v] of Object.entries(summary as Record<string, unknown>)) {
    if (keys.has(k) && typeof v === 'number' && Number.isInteger(v) && v > 0) out.add(v);
    else if (v && typeof v === 'object') idsIn(v, keys, out);
  }
}

/**
 * The rows with `refs`: the traders' UIDs and the ops accounts' e-mails their summaries (and a `security.*` row's
 * object, a trader's internal id) refer to, so the page shows a person a reader can look up, not `user_id: 9`.
 */
async function withRefs(db: Q, rows: Omit<OpsAuditRow, 'refs'>[]): Promise<OpsAuditRow[]> {
  const parsed = rows.map((r) => {
    try {
      return JSON.parse(r.summary) as unknown;
    } catch {
      return null;
    }
  });
  const users = new Set<number>();
  const ops = new Set<number>();
  rows.forEach((r, i) => {
    idsIn(parsed[i], USER_ID_KEYS, users);
    idsIn(parsed[i], OPS_ID_KEYS, ops);
    if (r.object_type === 'user' && r.action.startsWith('security.') && /^\d+$/.test(r.object_id ?? ''))
      users.add(Number(r.object_id));
  });
  const userRows = users.size
    ? await db
        .selectFrom('users')
        .select(['id', 'uid'])
        .where('id', 'in', [...users])
        .execute()
    : [];
  const opsRows = ops.size
    ? await db
        .selectFrom('ops_accounts')
        .select(['id', 'email'])
        .where('id', 'in', [...ops])
        .execute()
    : [];
  const uidOf = new Map(userRows.map((u) => [Number(u.id), String(u.uid)]));
  const emailOf = new Map(opsRows.map((o) => [Number(o.id), o.email]));
  return rows.map((r, i) => {
    const mine = { users: new Set<number>(), ops: new Set<number>() };
    idsIn(parsed[i], USER_ID_KEYS, mine.users);
    idsIn(parsed[i], OPS_ID_KEYS, mine.ops);
    if (r.object_type === 'user' && r.action.startsWith('security.') && /^\d+$/.test(r.object_id ?? ''))
      mine.users.add(Number(r.object_id));
    const refs: Record<string, string> = {};
    for (const id of mine.users) {
      const uid = uidOf.get(id);
      if (uid) refs[`user:${id}`] = uid;
    }
    for (const id of mine.ops) {
      const email = emailOf.get(id);
      if (email) refs[`ops:${id}`] = email;
    }
    return { ...r, refs };
  });
}

/** The user's text taken literally in a LIKE pattern: its wildcards are dropped (no dialect-specific ESCAPE). */
function escapeLike(s: string): string {
  return s.replace(/[%_\\]/g, '');
}
