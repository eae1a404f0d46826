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
 *   (canaries, promote, abort and the release guard's settings: ../releases/ops-routes.ts)
 *
 * Every change appends an audit row.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { z } from 'zod';
import { ERROR_CODES } from '@meridian/shared/pure';
import type { OpsAccountView, OpsSecrets } from '@meridian/shared/pure';
import { okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { AppError, notFound } from '../../lib/errors';
import { deviceOf, trustDevice } from '../../lib/login-guard';
import { parseInput } from '../../lib/validate';
import { publishOpsRevocation } from '../../realtime/revocation';
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
import type { Ops } from './index';
import { oneRemoteView, remotesView } from './remotes';
import type { CanaryCheck } from './remotes';
import {
  accountViewSchema,
  auditPageSchema,
  auditQuery,
  createStaffBody,
  dashboardSchema,
  idBody,
  loginBody,
  opsMeSchema,
  remoteBody,
  remoteSchema,
  rolesBody,
  secretsSchema,
  signInSchema,
} from './schemas';

/** A refusal of config/registry.cjs as the envelope's code and sentence (release, rollback, canary, promote, abort). */
export function registryError(err: unknown): AppError {
  const message = err instanceof Error ? err.message : String(err);
  const running = /has a canary running \((\S+) on (\d+) % of devices\)/.exec(message);
  if (running)
    return new AppError(ERROR_CODES.conflict, 'ops.remoteCanaryRunning', {
      version: running[1] ?? '',
      percent: running[2] ?? '',
    });
  if (/has no canary running/.test(message)) return new AppError(ERROR_CODES.conflict, 'ops.remoteNoCanary');
  if (/a canary is another version/.test(message))
    return new AppError(ERROR_CODES.conflict, 'ops.remoteCanaryCurrent');
  if (/must be a whole number from 1 to 99/.test(message))
    return new AppError(ERROR_CODES.validation, 'v.canaryPercent');
  if (/no published version/.test(message)) return new AppError(ERROR_CODES.notFound, 'ops.remoteNoVersion');
  if (/no earlier version/.test(message)) return new AppError(ERROR_CODES.conflict, 'ops.remoteNoEarlier');
  const notEarlier = /: (\S+) was not current before (\S+);/.exec(message);
  if (notEarlier)
    return new AppError(ERROR_CODES.conflict, 'ops.remoteNotEarlier', {
      version: notEarlier[1] ?? '',
      current: notEarlier[2] ?? '',
    });
  const contract = /^(\S+) (\S+) was built against @meridian\/shared (\S+); the host serves (\S+):/.exec(
    message,
  );
  if (contract)
    return new AppError(ERROR_CODES.conflict, 'ops.remoteContract', {
      remote: contract[1] ?? '',
      version: contract[2] ?? '',
      range: contract[3] ?? '',
      host: contract[4] ?? '',
    });
  if (/never been released/.test(message)) return new AppError(ERROR_CODES.conflict, 'ops.remoteNever');
  if (/held by another/.test(message)) return new AppError(ERROR_CODES.conflict, 'ops.remoteBusy');
  throw err;
}

export const opsRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  ops: Ops;
  /** The release guard: each running canary's health on the remotes page. */
  releases: { guard: { canaryCheck: CanaryCheck } };
}> = async (app, { ctx, ops, releases }) => {
  const t = ctx.i18n.t;
  /** Route options: who may call (admin always may) and the shape of the answer. */
  const only = (roles: Parameters<typeof requireOps>[1], data: z.ZodType) => ({
    preHandler: requireOps(ctx, roles),
    schema: { response: okResponse(data) },
  });

  app.post('/api/ops/auth/login', { schema: { response: okResponse(signInSchema) } }, async (req, reply) => {
    const body = parseInput(loginBody, req.body);
    const device = await deviceOf(ctx, req, 'ops', `ops:${body.email}`);
    const { token, actor } = await signIn(ctx, body, req.ip, device);
    await trustDevice(ctx, req, reply, 'ops', `ops:${body.email}`);
    return ok({ token, account: meOf(actor) }, t(req.lang, 'ops.signedIn'));
  });

  app.post('/api/ops/auth/logout', only('any', z.null()), async (req) => {
    const actor = opsOf(req);
    await revokeOpsSession(ctx, actor.sessionId);
    await audit(ctx, req, { action: 'ops.sign_out', objectType: 'ops_account', objectId: actor.id });
    publishOpsRevocation(ctx.bus, actor.id);
    return ok(null, t(req.lang, 'ops.signedOut'));
  });

  app.get('/api/ops/auth/me', only('any', opsMeSchema), async (req) => ok(meOf(opsOf(req))));

  app.get('/api/ops/dashboard', only('any', dashboardSchema), async (req) =>
    ok(
      await ops.dashboard.read(opsOf(req).roles, t, req.lang, (id, err) =>
        req.log.error({ err, id }, 'ops dashboard count failed'),
      ),
    ),
  );

  app.get('/api/ops/audit', only(['admin'], auditPageSchema), async (req) => {
    const q = parseInput(auditQuery, req.query);
    return ok(await listAudit(ctx.db, { ...q, page: q.page ?? 1, limit: q.limit ?? 50 }));
  });

  // ---- staff ----

  app.get('/api/ops/staff', only(['admin'], z.array(accountViewSchema)), async () =>
    ok(await listOps(ctx.db)),
  );

  app.post(
    '/api/ops/staff/create',
    { ...only(['admin'], secretsSchema), config: { lists: ['roles'] } },
    async (req) => {
      const body = parseInput(createStaffBody, req.body);
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
    },
  );

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

  app.post(
    '/api/ops/staff/roles',
    { ...only(['admin'], accountViewSchema), config: { lists: ['roles'] } },
    async (req) => {
      const body = parseInput(rolesBody, req.body);
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
      // The account's agent sockets (any node) re-check what their session may do now.
      publishOpsRevocation(ctx.bus, body.id);
      const data: OpsAccountView = { ...accountView(before), roles };
      return ok(data, t(req.lang, 'ops.saved'));
    },
  );

  for (const [path, disabled] of [
    ['/api/ops/staff/disable', true],
    ['/api/ops/staff/enable', false],
  ] as const) {
    app.post(path, only(['admin'], accountViewSchema), async (req) => {
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
      publishOpsRevocation(ctx.bus, body.id);
      const after = await findOpsById(ctx.db, body.id);
      const data: OpsAccountView = accountView(after ?? before);
      return ok(data, t(req.lang, 'ops.saved'));
    });
  }

  app.post('/api/ops/staff/reset_totp', only(['admin'], secretsSchema), async (req) => {
    const body = parseInput(idBody, req.body);
    const row = await target(body.id);
    const now = ctx.now();
    const uri = await ctx.db.transaction().execute(async (trx) => {
      const u = await resetOpsTotp(trx, row.id, row.email, now);
      await audit(ctx, req, { action: 'staff.reset_totp', objectType: 'ops_account', objectId: row.id }, trx);
      return u;
    });
    publishOpsRevocation(ctx.bus, row.id);
    const after = await findOpsById(ctx.db, row.id);
    const data: OpsSecrets = { account: accountView(after ?? row), otpauth_uri: uri };
    return ok(data, t(req.lang, 'ops.totpReset'));
  });

  app.post('/api/ops/staff/reset_password', only(['admin'], secretsSchema), async (req) => {
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
    publishOpsRevocation(ctx.bus, row.id);
    const data: OpsSecrets = { account: accountView(row), password };
    return ok(data, t(req.lang, 'ops.passwordReset'));
  });

  // ---- remotes ----

  const { registry } = ops;

  const check = releases.guard.canaryCheck;
  app.get('/api/ops/remotes', only(['admin'], z.array(remoteSchema)), async () =>
    ok(await remotesView(registry, check)),
  );

  app.post('/api/ops/remotes/release', only(['admin'], remoteSchema), async (req) => {
    const body = parseInput(remoteBody, req.body);
    if (!body.version) throw new AppError(ERROR_CODES.validation, 'v.required', { field: 'version' });
    return changeRemote(req, body.remote, body.version, 'release');
  });

  app.post('/api/ops/remotes/rollback', only(['admin'], remoteSchema), async (req) => {
    const body = parseInput(remoteBody, req.body);
    return changeRemote(req, body.remote, body.version, 'rollback');
  });

  async function changeRemote(
    req: FastifyRequest,
    remote: string,
    version: string | undefined,
    action: 'release' | 'rollback',
  ) {
    const actor = opsOf(req);
    let result;
    try {
      result = await registry.setCurrentAsync(remote, version, { action, by: actor.email });
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
    const view = await oneRemoteView(registry, remote, check);
    if (!view) throw notFound();
    return ok(
      view,
      t(req.lang, result.changed ? 'ops.remoteNowAt' : 'ops.remoteAlreadyAt', {
        remote,
        version: result.version,
      }),
    );
  }
};
