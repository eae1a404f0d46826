/**
 * Users for ops: search, one user's page, sign out everywhere, freeze and unfreeze. Viewing is open to support,
 * compliance and finance; signing out to support and compliance; freezing to compliance (admin always).
 *
 *   GET  /api/ops/users/search        q (e-mail or part of it, 8-digit uid, invite code)  -> users (≤ 50)
 *   GET  /api/ops/users/detail        uid   -> { user, open_orders, ledger (last 100), sessions }
 *   POST /api/ops/users/sign_out_all  uid   -> { revoked }
 *   POST /api/ops/users/freeze        uid, reason
 *   POST /api/ops/users/unfreeze      uid
 *
 * A user's open orders (trading), identity check state (compliance) and ledger wording (funds) are handed in by
 * buildApp; this module reads only its own tables.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { ERROR_CODES, priceText } from '@meridian/shared/pure';
import type { Language } from '@meridian/shared/pure';
import type {
  OpsFreezeState,
  OpsSignOutAll,
  OpsUserDetail,
  OpsUserOrder,
  OpsUserRow,
} from '@meridian/shared/pure';
import { okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { AppError, notFound } from '../../lib/errors';
import { formatCents } from '../../lib/money';
import { parseInput } from '../../lib/validate';
import { publishRevocation } from '../../realtime/revocation';
import type { I18n } from '../../lib/i18n';
import type { Order, User } from '../../storage/schema';
import { audit, requireOps } from '../ops';
import {
  findTraderByUid,
  latestLedger,
  liveSessions,
  revokeAllSessions,
  searchTraders,
  setFrozen,
} from './repository';
import {
  freezeBody,
  freezeStateSchema,
  opsUserDetailSchema,
  opsUsersSchema,
  searchQuery,
  signOutAllSchema,
  uidInput,
} from './schemas';

/** What the users page reads from the trading module. */
export type OpsOrderReads = { openOrders: (userId: number) => Promise<Order[]> };
/** What the users page reads of the other modules, handed in by buildApp (no import of theirs). */
export type OpsUserReads = {
  orders: OpsOrderReads;
  /** The identity check's state (compliance): the latest submission's review status, if any. */
  identity: (userId: number) => Promise<{ review_status: number } | undefined>;
  /** A ledger row as the trader's own history names it (funds). */
  ledgerText: (
    t: I18n['t'],
    lang: Language,
    row: { kind: string; memo: string | null; ref_id: string | null },
  ) => string;
};

const rowOf = (u: User): OpsUserRow => ({
  id: u.id,
  uid: u.uid,
  email: u.email ?? '',
  invite_code: u.invite_code,
  is_demo: u.is_demo === 1 ? 1 : 0,
  is_bot: u.is_bot === 1 ? 1 : 0,
  frozen: u.frozen_at !== null,
  created_at: u.created_at,
});

const orderOf = (o: Order): OpsUserOrder => ({
  id: o.id,
  code: o.code,
  side: o.side === 2 ? 2 : 1,
  status: o.status === 1 ? 1 : 0,
  lots: o.lots,
  // At the instrument's precision, as the trader's own order list shows them.
  open_price: o.open_price === null ? null : priceText(o.open_price, o.price_precision),
  target_price: o.target_price === null ? null : priceText(o.target_price, o.price_precision),
  created_at: o.created_at,
});

export const accountsOpsRoutes: FastifyPluginAsync<OpsUserReads & { ctx: AppContext }> = async (
  app,
  { ctx, orders, identity, ledgerText },
) => {
  const t = ctx.i18n.t;
  const view = requireOps(ctx, ['support', 'compliance', 'finance']);
  const signOut = requireOps(ctx, ['support', 'compliance']);
  const freeze = requireOps(ctx, ['compliance']);

  const byUid = async (uid: string) => {
    const u = await findTraderByUid(ctx.db, uid);
    if (!u) throw notFound('ops.userNotFound');
    return u;
  };

  app.get(
    '/api/ops/users/search',
    { preHandler: view, schema: { response: okResponse(opsUsersSchema) } },
    async (req) => {
      const { q } = parseInput(searchQuery, req.query);
      return ok((await searchTraders(ctx.db, q)).map(rowOf));
    },
  );

  app.get(
    '/api/ops/users/detail',
    { preHandler: view, schema: { response: okResponse(opsUserDetailSchema) } },
    async (req) => {
      const { uid } = parseInput(uidInput, req.query);
      const u = await byUid(uid);
      const [kyc, open, ledger, sessions] = await Promise.all([
        identity(u.id),
        orders.openOrders(u.id),
        latestLedger(ctx.db, u.id, 100),
        liveSessions(ctx.db, u.id, ctx.now()),
      ]);
      const data: OpsUserDetail = {
        user: {
          ...rowOf(u),
          balance: formatCents(u.balance),
          lock_balance: formatCents(u.lock_balance),
          credit_score: u.credit_score,
          frozen_reason: u.frozen_reason,
          frozen_at: u.frozen_at,
          kyc_status: (kyc?.review_status ?? 0) as OpsUserDetail['user']['kyc_status'],
        },
        open_orders: open.map(orderOf),
        ledger: ledger.map((l) => ({
          id: l.id,
          amount: formatCents(l.amount),
          balance_after: formatCents(l.balance_after),
          account: l.account === 'lock_balance' ? 'lock_balance' : 'balance',
          kind: l.kind,
          label: ledgerText(t, req.lang, l),
          memo: l.memo,
          created_at: l.created_at,
        })),
        sessions,
      };
      return ok(data);
    },
  );

  app.post(
    '/api/ops/users/sign_out_all',
    { preHandler: signOut, schema: { response: okResponse(signOutAllSchema) } },
    async (req) => {
      const { uid } = parseInput(uidInput, req.body);
      const u = await byUid(uid);
      const now = ctx.now();
      const revoked = await ctx.db.transaction().execute(async (trx) => {
        const n = (await liveSessions(trx, u.id, now)).length;
        await revokeAllSessions(trx, u.id, now);
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
      publishRevocation(ctx.bus, u.id);
      const data: OpsSignOutAll = { revoked };
      return ok(data, t(req.lang, 'ops.signedOutEverywhere', { count: revoked }));
    },
  );

  app.post(
    '/api/ops/users/freeze',
    { preHandler: freeze, schema: { response: okResponse(freezeStateSchema) } },
    async (req) => {
      const body = parseInput(freezeBody, req.body);
      const u = await byUid(body.uid);
      const done = await ctx.db.transaction().execute(async (trx) => {
        if (!(await setFrozen(trx, u.id, { reason: body.reason }, ctx.now()))) return false;
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
      const data: OpsFreezeState = { uid: u.uid, frozen: true };
      return ok(data, t(req.lang, 'ops.frozen'));
    },
  );

  app.post(
    '/api/ops/users/unfreeze',
    { preHandler: freeze, schema: { response: okResponse(freezeStateSchema) } },
    async (req) => {
      const { uid } = parseInput(uidInput, req.body);
      const u = await byUid(uid);
      const done = await ctx.db.transaction().execute(async (trx) => {
        if (!(await setFrozen(trx, u.id, null, ctx.now()))) return false;
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
      const data: OpsFreezeState = { uid: u.uid, frozen: false };
      return ok(data, t(req.lang, 'ops.unfrozen'));
    },
  );
};
