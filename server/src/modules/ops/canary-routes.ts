/**
 * /ops/remotes, canaries and the release guard (admin):
 *
 *   POST /api/ops/remotes/canary   remote, version, percent (1–99)   a published version on that share of devices
 *   POST /api/ops/remotes/promote  remote                            the canary becomes current for every device
 *   POST /api/ops/remotes/abort    remote                            every device back on the current version
 *   GET  /api/ops/remotes/guard                                      the automatic abort rule and its setting
 *   POST /api/ops/remotes/guard    auto_rollback (1, 0)              roll failing full releases back, or not
 *
 * Each change goes through config/registry.cjs (the CLI's code and lock) and appends an audit row (`remote.canary`,
 * `remote.promote`, `remote.abort`, `remote.auto_rollback_setting`); the registry watch publishes it to open tabs.
 * The dashboard counts the releases the guard stopped in the last 24 hours (`remotes.auto_stopped`).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { OPS_PATHS } from '@meridian/shared/pure';
import type { OpsReleaseGuard } from '@meridian/shared/pure';
import type { AppContext } from '../../context';
import { okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import type { Database } from '../../storage/schema';
import { audit } from './audit';
import { opsOf, requireOps } from './auth';
import type { OpsDashboardRegistry } from './dashboard';
import type { Ops } from './index';
import { oneRemoteView } from './remotes';
import type { CanaryCheck } from './remotes';
import { registryError } from './routes';
import { canaryBody, canaryEndBody, guardBody, releaseGuardSchema, remoteSchema } from './schemas';

const DAY_MS = 86_400_000;

/** What these calls use of the release guard (modules/releases, handed in by buildApp: it depends on this module). */
export type OpsReleases = {
  guard: { canaryCheck: CanaryCheck };
  settings: () => Promise<OpsReleaseGuard>;
  setAutoRollback: (on: boolean, db?: Kysely<Database> | Transaction<Database>) => Promise<void>;
};

export const opsCanaryRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  ops: Ops;
  releases: OpsReleases;
  dashboard: OpsDashboardRegistry;
}> = async (app, { ctx, ops, releases, dashboard }) => {
  const t = ctx.i18n.t;
  const { registry } = ops;
  const admin = (data: typeof remoteSchema | typeof releaseGuardSchema) => ({
    preHandler: requireOps(ctx, ['admin']),
    schema: { response: okResponse(data) },
  });

  // What the guard stopped in the last day, beside the queues (admin).
  dashboard.register({
    id: 'remotes.auto_stopped',
    labelKey: 'opsDashboard.releasesStopped',
    path: OPS_PATHS.remotes,
    roles: [],
    count: async () => {
      const row = await ctx.db
        .selectFrom('audit_log')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<number>('at').as('oldest')])
        .where('action', 'in', ['remote.auto_abort', 'remote.auto_rollback'])
        .where('at', '>=', ctx.now() - DAY_MS)
        .executeTakeFirst();
      const n = Number(row?.n ?? 0);
      return { count: n, oldestAt: n > 0 && row?.oldest != null ? Number(row.oldest) : null };
    },
  });

  const view = async (req: FastifyRequest, remote: string, key: string, params: Record<string, string>) => {
    const v = await oneRemoteView(registry, remote, releases.guard.canaryCheck);
    if (!v) throw notFound();
    return ok(v, t(req.lang, key, params));
  };

  app.post('/api/ops/remotes/canary', admin(remoteSchema), async (req) => {
    const body = parseInput(canaryBody, req.body);
    const actor = opsOf(req);
    let res;
    try {
      res = await registry.startCanaryAsync(body.remote, body.version, body.percent, { by: actor.email });
    } catch (err) {
      throw registryError(err);
    }
    if (res.changed) {
      await audit(ctx, req, {
        action: 'remote.canary',
        objectType: 'remote',
        objectId: body.remote,
        before: { canary: res.before ? { version: res.before.version, percent: res.before.percent } : null },
        after: { canary: { version: res.version, percent: res.percent } },
      });
    }
    return view(req, body.remote, 'ops.remoteCanaryStarted', {
      remote: body.remote,
      version: res.version,
      percent: String(res.percent),
    });
  });

  app.post('/api/ops/remotes/promote', admin(remoteSchema), async (req) => {
    const body = parseInput(canaryEndBody, req.body);
    let res;
    try {
      res = await registry.promoteAsync(body.remote, { by: opsOf(req).email });
    } catch (err) {
      throw registryError(err);
    }
    await audit(ctx, req, {
      action: 'remote.promote',
      objectType: 'remote',
      objectId: body.remote,
      before: {
        current: res.from ?? null,
        canary: { version: res.canary.version, percent: res.canary.percent },
      },
      after: { current: res.version, canary: null },
    });
    return view(req, body.remote, 'ops.remotePromoted', { remote: body.remote, version: res.version });
  });

  app.post('/api/ops/remotes/abort', admin(remoteSchema), async (req) => {
    const body = parseInput(canaryEndBody, req.body);
    let res;
    try {
      res = await registry.abortAsync(body.remote, { by: opsOf(req).email });
    } catch (err) {
      throw registryError(err);
    }
    await audit(ctx, req, {
      action: 'remote.abort',
      objectType: 'remote',
      objectId: body.remote,
      before: { canary: { version: res.canary.version, percent: res.canary.percent } },
      after: { canary: null, current: res.version },
    });
    return view(req, body.remote, 'ops.remoteAborted', {
      remote: body.remote,
      version: res.canary.version,
      current: res.version,
    });
  });

  app.get('/api/ops/remotes/guard', admin(releaseGuardSchema), async () => ok(await releases.settings()));

  app.post('/api/ops/remotes/guard', admin(releaseGuardSchema), async (req) => {
    const body = parseInput(guardBody, req.body);
    const before = await releases.settings();
    if (before.auto_rollback !== body.auto_rollback) {
      await ctx.db.transaction().execute(async (trx) => {
        await releases.setAutoRollback(body.auto_rollback, trx);
        await audit(
          ctx,
          req,
          {
            action: 'remote.auto_rollback_setting',
            objectType: 'setting',
            objectId: 'remote.auto_rollback',
            before: { auto_rollback: before.auto_rollback },
            after: { auto_rollback: body.auto_rollback },
          },
          trx,
        );
      });
    }
    return ok(await releases.settings(), t(req.lang, 'ops.saved'));
  });
};
