/**
 * The ops frame's calls (all under /api/ops, all ops-token only; see auth.ts for the roles rule):
 *
 *   POST /api/ops/auth/login      form email, password, code (6-digit TOTP)   -> { token, account }   (anyone)
 *   POST /api/ops/auth/logout                                                -> null                   (any role)
 *   GET  /api/ops/auth/me                                                    -> account                (any role)
 *   GET  /api/ops/dashboard       -> { items, users_online, orders_today, server_time }                (any role)
 *   GET  /api/ops/audit           actor?, action?, object_type?, object_id?, from?, to?, page?, limit?  (admin)
 *   GET  /api/ops/staff                                                      -> accounts               (admin)
 *   POST /api/ops/staff/create    email, roles                -> { account, password, otpauth_uri }  (admin)
 *   POST /api/ops/staff/roles     id, roles                                  -> account                (admin)
 *   POST /api/ops/staff/disable | /enable   id                               -> account                (admin)
 *   POST /api/ops/staff/reset_totp          id                -> { account, otpauth_uri }            (admin)
 *   POST /api/ops/staff/reset_password      id                -> { account, password }               (admin)
 *   GET  /api/ops/remotes                                                    -> remotes                (admin)
 *   POST /api/ops/remotes/release   remote, version            make a published version current      (admin)
 *   POST /api/ops/remotes/rollback  remote, version?           back to the previous (or named) one    (admin)
 *
 * Every change appends an audit row.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from '@meridian/shared/pure';
import type { OpsDashboard, OpsSecrets } from '@meridian/shared/pure';
import { ok } from '../../lib/envelope';
import { AppError, notFound } from '../../lib/errors';
import { email, int, optInt, optStr, parseInput, str } from '../../lib/validate';
import {
  accountView,
  createOpsAccount,
  findOpsById,
  listOps,
  otherActiveAdmins,
  parseRoles,
  resetOpsPassword,
  resetOpsTotp,
  setOpsDisabled,
  setOpsRoles,
} from './accounts';
import { audit, listAudit } from './audit';
import { meOf, opsOf, requireOps, revokeOpsSession, signIn } from './auth';
import { isRemoteName, registryOf, remotesView } from './remotes';

const loginBody = z.object({
  email: email(),
  password: z.string({ message: 'v.required' }).min(1, { message: 'v.required' }).max(128),
  code: str(6).pipe(z.string().regex(/^\d{6}$/, { message: 'v.totpCode' })),
});

const rolesField = z
  .union([z.array(z.string().max(16)).max(8), z.string().max(100)], { message: 'v.required' })
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((r) => r.trim()).filter(Boolean));

const idBody = z.object({ id: int(1) });

const auditQuery = z.object({
  actor: optStr(254),
  action: optStr(64),
  object_type: optStr(32),
  object_id: optStr(64),
  from: optInt(0, 8_640_000_000_000_000),
  to: optInt(0, 8_640_000_000_000_000),
  page: optInt(1, 100_000),
  limit: optInt(1, 100),
});

const remoteBody = z.object({
  remote: str(32).refine(isRemoteName, { message: 'v.unknownRemote' }),
  version: optStr(80).pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,80}$/, { message: 'v.invalid' })
      .optional(),
  ),
});

function registryError(err: unknown): AppError {
  const message = err instanceof Error ? err.message : String(err);
  if (/no published version/.test(message)) return new AppError(ERROR_CODES.notFound, 'ops.remoteNoVersion');
  if (/no earlier version/.test(message)) return new AppError(ERROR_CODES.conflict, 'ops.remoteNoEarlier');
  if (/never been released/.test(message)) return new AppError(ERROR_CODES.conflict, 'ops.remoteNever');
  if (/held by another/.test(message)) return new AppError(ERROR_CODES.conflict, 'ops.remoteBusy');
  throw err;
}

export async function opsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const t = ctx.i18n.t;
  const admin = { preHandler: requireOps(ctx, ['admin']) };
  const anyRole = { preHandler: requireOps(ctx, 'any') };

  app.post('/api/ops/auth/login', async (req) => {
    const body = parseInput(loginBody, req.body);
    const { token, actor } = await signIn(ctx, body, req.ip);
    return ok({ token, account: meOf(actor) }, t(req.lang, 'ops.signedIn'));
  });

  app.post('/api/ops/auth/logout', anyRole, async (req) => {
    const actor = opsOf(req);
    await revokeOpsSession(ctx, actor.sessionId);
    await audit(ctx, req, { action: 'ops.sign_out', objectType: 'ops_account', objectId: actor.id });
    return ok(null, t(req.lang, 'ops.signedOut'));
  });

  app.get('/api/ops/auth/me', anyRole, async (req) => ok(meOf(opsOf(req))));

  app.get('/api/ops/dashboard', anyRole, async (req) => {
    const actor = opsOf(req);
    const now = ctx.now();
    const dayStart = now - (now % 86_400_000);
    const orders = await ctx.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('orders.created_at', '>=', dayStart)
      .where('users.is_bot', '=', 0)
      .executeTakeFirst();
    const items = await ctx.opsDashboard.items(actor.roles, t, req.lang, (id, err) =>
      req.log.error({ err, id }, 'ops dashboard count failed'),
    );
    const data: OpsDashboard = {
      items,
      users_online: ctx.opsDashboard.onlineUsers(),
      orders_today: Number(orders?.n ?? 0),
      server_time: now,
    };
    return ok(data);
  });

  app.get('/api/ops/audit', admin, async (req) => {
    const q = parseInput(auditQuery, req.query);
    return ok(await listAudit(ctx.db, { ...q, page: q.page ?? 1, limit: q.limit ?? 50 }));
  });

  // ---- staff ----

  app.get('/api/ops/staff', admin, async () => ok(await listOps(ctx.db)));

  app.post('/api/ops/staff/create', admin, async (req) => {
    const body = parseInput(z.object({ email: email(), roles: rolesField }), req.body);
    const now = ctx.now();
    const created = await ctx.db.transaction().execute(async (trx) => {
      const c = await createOpsAccount(trx, { email: body.email, roles: body.roles, now });
      await audit(
        ctx,
        req,
        {
          action: 'staff.create',
          objectType: 'ops_account',
          objectId: c.account.id,
          after: { email: c.account.email, roles: c.account.roles },
        },
        trx,
      );
      return c;
    });
    const data: OpsSecrets = {
      account: created.account,
      password: created.password,
      otpauth_uri: created.otpauthUri,
    };
    return ok(data, t(req.lang, 'ops.staffCreated'));
  });

  /** The target account, refusing changes that would leave no active admin. */
  const target = async (id: number, opts: { losesAdmin?: boolean } = {}) => {
    const row = await findOpsById(ctx.db, id);
    if (!row) throw notFound();
    if (opts.losesAdmin && parseRoles(row.roles).includes('admin')) {
      if ((await otherActiveAdmins(ctx.db, id)) === 0)
        throw new AppError(ERROR_CODES.conflict, 'ops.lastAdmin');
    }
    return row;
  };

  app.post('/api/ops/staff/roles', admin, async (req) => {
    const body = parseInput(idBody.extend({ roles: rolesField }), req.body);
    const losesAdmin = !body.roles.includes('admin');
    const before = await target(body.id, { losesAdmin });
    const now = ctx.now();
    const roles = await ctx.db.transaction().execute(async (trx) => {
      const r = await setOpsRoles(trx, body.id, body.roles, now);
      await audit(
        ctx,
        req,
        {
          action: 'staff.roles',
          objectType: 'ops_account',
          objectId: body.id,
          before: { roles: parseRoles(before.roles) },
          after: { roles: r },
        },
        trx,
      );
      return r;
    });
    return ok({ ...accountView(before), roles }, t(req.lang, 'ops.saved'));
  });

  for (const [path, disabled] of [
    ['/api/ops/staff/disable', true],
    ['/api/ops/staff/enable', false],
  ] as const) {
    app.post(path, admin, async (req) => {
      const body = parseInput(idBody, req.body);
      if (disabled && body.id === opsOf(req).id) throw new AppError(ERROR_CODES.conflict, 'ops.notSelf');
      const before = await target(body.id, { losesAdmin: disabled });
      const now = ctx.now();
      await ctx.db.transaction().execute(async (trx) => {
        await setOpsDisabled(trx, body.id, disabled, now);
        await audit(
          ctx,
          req,
          {
            action: disabled ? 'staff.disable' : 'staff.enable',
            objectType: 'ops_account',
            objectId: body.id,
            before: { disabled: before.disabled_at !== null },
            after: { disabled },
          },
          trx,
        );
      });
      const after = await findOpsById(ctx.db, body.id);
      return ok(after ? accountView(after) : null, t(req.lang, 'ops.saved'));
    });
  }

  app.post('/api/ops/staff/reset_totp', admin, async (req) => {
    const body = parseInput(idBody, req.body);
    const row = await target(body.id);
    const now = ctx.now();
    const uri = await ctx.db.transaction().execute(async (trx) => {
      const u = await resetOpsTotp(trx, row.id, row.email, now);
      await audit(ctx, req, { action: 'staff.reset_totp', objectType: 'ops_account', objectId: row.id }, trx);
      return u;
    });
    const after = await findOpsById(ctx.db, row.id);
    const data: OpsSecrets = { account: accountView(after ?? row), otpauth_uri: uri };
    return ok(data, t(req.lang, 'ops.totpReset'));
  });

  app.post('/api/ops/staff/reset_password', admin, async (req) => {
    const body = parseInput(idBody, req.body);
    const row = await target(body.id);
    const now = ctx.now();
    const password = await ctx.db.transaction().execute(async (trx) => {
      const p = await resetOpsPassword(trx, row.id, now);
      await audit(
        ctx,
        req,
        { action: 'staff.reset_password', objectType: 'ops_account', objectId: row.id },
        trx,
      );
      return p;
    });
    const data: OpsSecrets = { account: accountView(row), password };
    return ok(data, t(req.lang, 'ops.passwordReset'));
  });

  // ---- remotes ----

  const registry = () => registryOf(ctx.config.staticDir);

  app.get('/api/ops/remotes', admin, async () => ok(remotesView(registry())));

  app.post('/api/ops/remotes/release', admin, async (req) => {
    const body = parseInput(remoteBody, req.body);
    if (!body.version) throw new AppError(ERROR_CODES.validation, 'v.required', { field: 'version' });
    return changeRemote(req, body.remote, body.version, 'release');
  });

  app.post('/api/ops/remotes/rollback', admin, async (req) => {
    const body = parseInput(remoteBody, req.body);
    return changeRemote(req, body.remote, body.version, 'rollback');
  });

  async function changeRemote(
    req: Parameters<typeof opsOf>[0],
    remote: string,
    version: string | undefined,
    action: 'release' | 'rollback',
  ) {
    const actor = opsOf(req);
    let result;
    try {
      result = await registry().setCurrentAsync(remote, version, { action, by: actor.email });
    } catch (err) {
      throw registryError(err);
    }
    if (result.changed) {
      await audit(ctx, req, {
        action: `remote.${action}`,
        objectType: 'remote',
        objectId: remote,
        before: { current: result.from },
        after: { current: result.version },
      });
    }
    const view = remotesView(registry()).find((r) => r.remote === remote);
    return ok(
      view,
      t(req.lang, result.changed ? 'ops.remoteNowAt' : 'ops.remoteAlreadyAt', {
        remote,
        version: result.version,
      }),
    );
  }
}
