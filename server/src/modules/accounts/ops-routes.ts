/**
 * Users for ops: search, one user's page, sign out everywhere, freeze and unfreeze. Viewing is open to every ops
 * role; signing out to support and compliance; freezing to compliance (admin always).
 *
 *   GET  /api/ops/users/search        q (e-mail or part of it, 8-digit uid, invite code)  -> users (≤ 50)
 *   GET  /api/ops/users/detail        uid   -> { user, open_orders, ledger (last 100), sessions }
 *   POST /api/ops/users/sign_out_all  uid   -> { revoked }
 *   POST /api/ops/users/freeze        uid, reason
 *   POST /api/ops/users/unfreeze      uid
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from '@meridian/shared/pure';
import type { OpsUserDetail, OpsUserRow } from '@meridian/shared/pure';
import { ok } from '../../lib/envelope';
import { AppError, notFound } from '../../lib/errors';
import { formatCents } from '../../lib/money';
import { parseInput, str } from '../../lib/validate';
import type { User } from '../../storage/schema';
import { audit } from '../ops';
import { requireOps } from '../ops';
import { revokeAllSessions } from './repository';

const uidField = str(16).pipe(z.string().regex(/^\d{1,16}$/, { message: 'v.invalid' }));

const rowOf = (u: User): OpsUserRow => ({
  id: u.id,
  uid: u.uid,
  email: u.email ?? '',
  invite_code: u.invite_code,
  is_demo: u.is_demo,
  is_bot: u.is_bot,
  frozen: u.frozen_at !== null,
  created_at: u.created_at,
});

export async function accountsOpsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const t = ctx.i18n.t;
  const view = { preHandler: requireOps(ctx, ['support', 'compliance', 'finance']) };
  const signOut = { preHandler: requireOps(ctx, ['support', 'compliance']) };
  const freeze = { preHandler: requireOps(ctx, ['compliance']) };

  const byUid = async (uid: string) => {
    const u = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('uid', '=', uid)
      .where('role', '=', 'user')
      .executeTakeFirst();
    if (!u) throw notFound('ops.userNotFound');
    return u;
  };

  app.get('/api/ops/users/search', view, async (req) => {
    const { q } = parseInput(z.object({ q: str(254) }), req.query);
    const text = q.toLowerCase();
    let query = ctx.db.selectFrom('users').selectAll().where('role', '=', 'user');
    if (/^\d{8}$/.test(text)) query = query.where('uid', '=', text);
    else if (text.includes('@')) query = query.where('email', 'like', `%${text.replace(/[%_\\]/g, '')}%`);
    else {
      const code = q.toUpperCase();
      query = query.where((eb) =>
        eb.or([eb('invite_code', '=', code), eb('email', 'like', `%${text.replace(/[%_\\]/g, '')}%`)]),
      );
    }
    const rows = await query.orderBy('id', 'desc').limit(50).execute();
    return ok(rows.map(rowOf));
  });

  app.get('/api/ops/users/detail', view, async (req) => {
    const { uid } = parseInput(z.object({ uid: uidField }), req.query);
    const u = await byUid(uid);
    const now = ctx.now();
    const [kyc, orders, ledger, sessions] = await Promise.all([
      ctx.db
        .selectFrom('real_name')
        .select('review_status')
        .where('user_id', '=', u.id)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
      ctx.db
        .selectFrom('orders')
        .select(['id', 'code', 'side', 'status', 'lots', 'open_price', 'target_price', 'created_at'])
        .where('user_id', '=', u.id)
        .where('status', 'in', [0, 1])
        .orderBy('id', 'desc')
        .limit(200)
        .execute(),
      ctx.db
        .selectFrom('ledger')
        .select(['id', 'amount', 'balance_after', 'account', 'kind', 'memo', 'created_at'])
        .where('user_id', '=', u.id)
        .orderBy('id', 'desc')
        .limit(100)
        .execute(),
      ctx.db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'expires_at', 'ip'])
        .where('user_id', '=', u.id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('id', 'desc')
        .execute(),
    ]);
    const data: OpsUserDetail = {
      user: {
        ...rowOf(u),
        balance: formatCents(u.balance),
        lock_balance: formatCents(u.lock_balance),
        credit_score: u.credit_score,
        frozen_reason: u.frozen_reason,
        frozen_at: u.frozen_at,
        kyc_status: (kyc?.review_status ?? 0) as 0 | 1 | 2 | 3,
      },
      open_orders: orders,
      ledger: ledger.map((l) => ({
        ...l,
        amount: formatCents(l.amount),
        balance_after: formatCents(l.balance_after),
      })),
      sessions,
    };
    return ok(data);
  });

  app.post('/api/ops/users/sign_out_all', signOut, async (req) => {
    const { uid } = parseInput(z.object({ uid: uidField }), req.body);
    const u = await byUid(uid);
    const now = ctx.now();
    const revoked = await ctx.db.transaction().execute(async (trx) => {
      const live = await trx
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', u.id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      await revokeAllSessions(trx, u.id, now);
      const n = Number(live?.n ?? 0);
      await audit(
        ctx,
        req,
        {
          action: 'user.sign_out_all',
          objectType: 'user',
          objectId: u.uid,
          before: { sessions: n },
          after: { sessions: 0 },
        },
        trx,
      );
      return n;
    });
    return ok({ revoked }, t(req.lang, 'ops.signedOutEverywhere', { count: revoked }));
  });

  app.post('/api/ops/users/freeze', freeze, async (req) => {
    const body = parseInput(z.object({ uid: uidField, reason: str(300) }), req.body);
    const u = await byUid(body.uid);
    const now = ctx.now();
    const done = await ctx.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('users')
        .set({ frozen_at: now, frozen_reason: body.reason, updated_at: now })
        .where('id', '=', u.id)
        .where('frozen_at', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await audit(
        ctx,
        req,
        {
          action: 'user.freeze',
          objectType: 'user',
          objectId: u.uid,
          before: { frozen: false },
          after: { frozen: true, reason: body.reason },
        },
        trx,
      );
      return true;
    });
    if (!done) throw new AppError(ERROR_CODES.opsAlreadyDecided, 'ops.alreadyFrozen');
    return ok({ uid: u.uid, frozen: true }, t(req.lang, 'ops.frozen'));
  });

  app.post('/api/ops/users/unfreeze', freeze, async (req) => {
    const { uid } = parseInput(z.object({ uid: uidField }), req.body);
    const u = await byUid(uid);
    const now = ctx.now();
    const done = await ctx.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('users')
        .set({ frozen_at: null, frozen_reason: null, updated_at: now })
        .where('id', '=', u.id)
        .where('frozen_at', 'is not', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await audit(
        ctx,
        req,
        {
          action: 'user.unfreeze',
          objectType: 'user',
          objectId: u.uid,
          before: { frozen: true, reason: u.frozen_reason },
          after: { frozen: false },
        },
        trx,
      );
      return true;
    });
    if (!done) throw new AppError(ERROR_CODES.opsAlreadyDecided, 'ops.notFrozen');
    return ok({ uid: u.uid, frozen: false }, t(req.lang, 'ops.unfrozen'));
  });
}
