/**
 * Release health of the remotes (docs/ops.md#release-health, docs/calls.md#release-health):
 *
 *   POST /api/telemetry/remotes     a beacon (`RemoteHealthBeacon`, JSON sent as text/plain or application/json)
 *                                   -> null; anyone, no token (a beacon carries none), same-site origins only
 *   GET  /api/ops/remotes/health    window? (minutes: 15, 60, 360, 1440)  -> `OpsRemotesHealth`   (admin)
 *
 * A beacon is refused whole, with nothing stored, when it is over 16 KB (1005), not JSON or not the contract's
 * shape, names an unknown remote or a version the registry never published, or carries a hostile number (1001),
 * comes from a foreign origin (1003), or its source sends too many (1004: per IP and per tab).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Registry as PromRegistry } from 'prom-client';
import { REMOTES } from '@meridian/config/registry.cjs';
import type { Registry } from '@meridian/config/registry.cjs';
import { cleanMessage, ERROR_CODES, remoteFrame, TELEMETRY_LIMITS } from '@meridian/shared/pure';
import type { HealthWindow, OpsRemotesHealth } from '@meridian/shared/pure';
import type { AppContext } from '../../context';
import { okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { AppError, forbidden } from '../../lib/errors';
import { enforceLimit } from '../../lib/limits';
import { originAllowed } from '../../lib/origins';
import { parseInput } from '../../lib/validate';
import { z } from 'zod';
import { requireOps } from '../ops';
import { healthDetail, windowStart } from './health';
import { telemetryMetrics } from './metrics';
import { pruneTelemetry, recordBeacon, sessionKey, TELEMETRY_KEEP_MS } from './repository';
import type { CleanItem } from './repository';
import { beaconSchema, healthQuery, remotesHealthSchema } from './schemas';
import type { Beacon } from './schemas';

export type TelemetryDeps = {
  ctx: AppContext;
  /** The remote registry of the deployment served (the ops service's): which versions were published. */
  registry: Registry;
  /** The app's Prometheus registry (`GET /metrics`). */
  metrics: PromRegistry;
};

/** The registry is read again at most this often (a file read and a JSON parse per beacon would be wasteful). */
const REGISTRY_CACHE_MS = 5_000;
/** Old minutes are deleted at most this often, by the node that takes a beacon then. */
const PRUNE_EVERY_MS = 3_600_000;

const invalid = (field: string, key = 'v.invalid') => new AppError(ERROR_CODES.validation, key, { field });

/** A beacon's texts as stored: the message cleaned again, the frame kept only when it is this version's own. */
function clean(item: Beacon['items'][number]): CleanItem {
  return {
    ...item,
    errors: item.errors.map((e) => {
      const frame = remoteFrame(e.frame);
      return {
        kind: e.kind,
        message: cleanMessage(e.message),
        frame: frame && frame.remote === item.remote && frame.version === item.version ? frame.frame : null,
      };
    }),
  };
}

export const telemetryRoutes: FastifyPluginAsync<TelemetryDeps> = async (app, { ctx, registry, metrics }) => {
  const counters = telemetryMetrics(metrics, ctx.db, ctx.now, (err) =>
    app.log.error({ err }, 'metrics: release health read failed'),
  );

  let published: {
    at: number;
    versions: Map<string, Set<string>>;
    current: Map<string, string | null>;
  } | null = null;
  const registryNow = () => {
    const now = ctx.now();
    if (!published || now - published.at >= REGISTRY_CACHE_MS || now < published.at) {
      const versions = new Map<string, Set<string>>();
      const current = new Map<string, string | null>();
      try {
        const file = registry.readRegistry();
        for (const remote of REMOTES) {
          const e = file.remotes[remote];
          versions.set(remote, new Set(e?.versions.map((v) => v.version) ?? []));
          current.set(remote, e?.current ?? null);
        }
      } catch (err) {
        app.log.warn({ err }, 'telemetry: the remote registry could not be read');
      }
      published = { at: now, versions, current };
    }
    return published;
  };

  let prunedAt = 0;
  const stored = new WeakSet<FastifyRequest>();

  app.post(
    '/api/telemetry/remotes',
    {
      bodyLimit: TELEMETRY_LIMITS.bodyBytes,
      // A JSON body's `items` is a list (lib/params.ts); a text/plain one is read here.
      config: { lists: ['items'] },
      schema: { response: okResponse(z.null()) },
      // Every answer counted by outcome (an oversized body never reaches the handler).
      onResponse: async (req, reply) => {
        counters.beacon(stored.has(req) ? 'stored' : reply.statusCode === 429 ? 'limited' : 'refused');
      },
    },
    async (req) => {
      // No cookie or token is read here, so a forged cross-site post could only add noise: refuse foreign pages.
      if (!originAllowed(req.headers.origin, req.headers.host, ctx.config.allowedOrigins)) throw forbidden();
      await enforceLimit(ctx, 'telemetryPerIp', req.ip);
      let body: unknown = req.body;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          throw invalid('input');
        }
      }
      const beacon = parseInput(beaconSchema, body);
      const reg = registryNow();
      beacon.items.forEach((it, i) => {
        const versions = reg.versions.get(it.remote);
        if (!versions) throw invalid(`items.${i}.remote`, 'v.oneOf');
        if (!versions.has(it.version)) throw invalid(`items.${i}.version`);
      });
      await enforceLimit(ctx, 'telemetryPerSession', sessionKey(beacon.session));

      const items = beacon.items.map(clean);
      const now = ctx.now();
      await recordBeacon(ctx.db, beacon.session, items, now);
      stored.add(req);
      counters.stored(items);
      if (now - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now;
        pruneTelemetry(ctx.db, windowStart(now - TELEMETRY_KEEP_MS)).catch((err: unknown) =>
          app.log.error({ err }, 'telemetry: pruning old minutes failed'),
        );
      }
      return ok(null);
    },
  );

  app.get(
    '/api/ops/remotes/health',
    { preHandler: requireOps(ctx, ['admin']), schema: { response: okResponse(remotesHealthSchema) } },
    async (req) => {
      const q = parseInput(healthQuery, req.query);
      const windowMinutes: HealthWindow = q.window ?? 60;
      const now = ctx.now();
      const since = now - windowMinutes * 60_000;
      const reg = registryNow();
      const remotes = await Promise.all(
        REMOTES.map(async (remote) => {
          const current = reg.current.get(remote) ?? null;
          const seen = await healthDetail(ctx.db, remote, since, now);
          // The current version is always shown, with zeros when no tab reported on it yet.
          if (current && !seen.some((h) => h.version === current)) {
            seen.push(...(await healthDetail(ctx.db, remote, since, now, current)));
            seen.sort((a, b) => (a.version < b.version ? 1 : a.version > b.version ? -1 : 0));
          }
          return {
            remote,
            current,
            versions: seen.map((h) => ({
              version: h.version,
              current: h.version === current,
              sessions: h.sessions,
              loads: h.loads,
              render_errors: h.renderErrors,
              unhandled_errors: h.unhandledErrors,
              chunk_failures: h.chunkFailures,
              error_sessions: h.errorSessions,
              error_rate: h.sessions > 0 ? Math.min(1, h.errorSessions / h.sessions) : null,
              lcp_p75: h.lcpP75,
              inp_p75: h.inpP75,
              cls_p75: h.cls75,
              last_errors: h.lastErrors,
            })),
          };
        }),
      );
      const data: OpsRemotesHealth = {
        window_minutes: windowMinutes,
        since: windowStart(since),
        until: now,
        remotes,
      };
      return ok(data);
    },
  );
};
