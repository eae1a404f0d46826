/**
 * Release health on `GET /metrics` (docs/ops.md#metrics): what this node took in, as counters (beacons by outcome,
 * events by remote version and kind), and what every node reads alike from the database, as gauges over the last
 * hour (sessions, sessions with a failure, p75 LCP and INP per remote version), read at most every 30 s. Labels are
 * remote names and published versions only (a beacon naming another version is refused), so they stay few.
 */
import { Counter, Gauge } from 'prom-client';
import type { Registry } from 'prom-client';
import { REMOTES } from '@meridian/config/registry.cjs';
import type { DB } from '../../storage/db';
import { liveHealth } from './health';
import type { VersionHealth } from './health';
import type { CleanItem } from './repository';

export const HEALTH_GAUGE_WINDOW_MS = 3_600_000;
const GAUGE_CACHE_MS = 30_000;

export type BeaconOutcome = 'stored' | 'refused' | 'limited';

export type TelemetryMetrics = {
  beacon(outcome: BeaconOutcome): void;
  stored(items: CleanItem[]): void;
};

export function telemetryMetrics(
  registry: Registry,
  db: DB,
  now: () => number,
  onError: (err: unknown) => void,
): TelemetryMetrics {
  const beacons = new Counter({
    name: 'meridian_remote_beacons_total',
    help: 'Release-health beacons this node answered: stored, refused (malformed, oversized, unknown remote or version, foreign origin) or limited (rate limit)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const events = new Counter({
    name: 'meridian_remote_events_total',
    help: 'Release-health events this node stored, by remote, version and kind (load, render_error, unhandled_error, chunk_failure)',
    labelNames: ['remote', 'version', 'kind'],
    registers: [registry],
  });

  let cached: { at: number; rows: Promise<VersionHealth[]> } | null = null;
  const lastHour = () => {
    const t = now();
    if (!cached || t - cached.at >= GAUGE_CACHE_MS || t < cached.at) {
      cached = {
        at: t,
        rows: Promise.all(REMOTES.map((r) => liveHealth(db, r, t - HEALTH_GAUGE_WINDOW_MS, t))).then(
          (all) => all.flat(),
          (err: unknown) => {
            onError(err);
            return [];
          },
        ),
      };
    }
    return cached.rows;
  };
  const gauge = (name: string, help: string, read: (h: VersionHealth) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['remote', 'version'],
      registers: [registry],
      async collect() {
        const rows = await lastHour();
        this.reset();
        for (const h of rows) {
          const v = read(h);
          if (v !== null) this.set({ remote: h.remote, version: h.version }, v);
        }
      },
    });
  gauge(
    'meridian_remote_sessions',
    'Distinct tabs that reported on a remote version in the last hour (all nodes: read from the database)',
    (h) => h.sessions,
  );
  gauge(
    'meridian_remote_error_sessions',
    'Distinct tabs that saw a render error, unhandled error or chunk failure of a remote version in the last hour',
    (h) => h.errorSessions,
  );
  gauge(
    'meridian_remote_chunk_failures',
    'Code of a remote version that could not be loaded, in the last hour (all nodes)',
    (h) => h.chunkFailures,
  );
  gauge(
    'meridian_remote_lcp_p75_seconds',
    'p75 Largest Contentful Paint of a remote version, last hour',
    (h) => (h.lcpP75 === null ? null : h.lcpP75 / 1000),
  );
  gauge(
    'meridian_remote_inp_p75_seconds',
    'p75 Interaction to Next Paint of a remote version, last hour',
    (h) => (h.inpP75 === null ? null : h.inpP75 / 1000),
  );

  return {
    beacon: (outcome) => beacons.inc({ outcome }),
    stored(items) {
      for (const it of items) {
        const labels = { remote: it.remote, version: it.version };
        if (it.loads) events.inc({ ...labels, kind: 'load' }, it.loads);
        if (it.render_errors) events.inc({ ...labels, kind: 'render_error' }, it.render_errors);
        if (it.unhandled_errors) events.inc({ ...labels, kind: 'unhandled_error' }, it.unhandled_errors);
        if (it.chunk_failures) events.inc({ ...labels, kind: 'chunk_failure' }, it.chunk_failures);
      }
    },
  };
}
