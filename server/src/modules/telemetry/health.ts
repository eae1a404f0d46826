/**
 * Release health read back (docs/ops.md#release-health): what the tabs reported about one remote version over a
 * window, summed from the per-minute rows. The one place that reads them: the back office's page, `/metrics` and
 * the canary's automatic abort all use these functions.
 *
 * The window is made of whole minutes: every minute from the one `sinceMs` falls in up to the one `nowMs` falls in
 * (so "the last hour" is 60 or 61 minutes of rows). Sessions are exact over the window: distinct tab ids (hashed)
 * of the rows in it, not a sum of per-minute counts. The p75 of a vital is read from its histogram (at most 8 %
 * above the true value, never below; ./buckets.ts).
 */
import { sql } from 'kysely';
import { VITAL_NAMES } from '@meridian/shared/pure';
import type { RemoteErrorKind, VitalName } from '@meridian/shared/pure';
import type { DB } from '../../storage/db';
import { p75 } from './buckets';

export type VersionHealth = {
  remote: string;
  version: string;
  sessions: number;
  loads: number;
  renderErrors: number;
  unhandledErrors: number;
  chunkFailures: number;
  errorSessions: number;
  lcpP75: number | null;
  inpP75: number | null;
  cls75: number | null;
  lastErrors: { message: string; frame: string | null; at: number }[];
};

/** A last error with what the back office shows beside it: its kind and how many beacons carried it. */
export type HealthError = {
  kind: RemoteErrorKind;
  message: string;
  frame: string | null;
  at: number;
  count: number;
};
export type VersionHealthDetail = Omit<VersionHealth, 'lastErrors'> & { lastErrors: HealthError[] };

/** How many distinct last errors a version shows. */
export const LAST_ERRORS = 5;
const MINUTE = 60_000;

/** The first minute (epoch ms of its start) of a window beginning at `sinceMs`. */
export const windowStart = (sinceMs: number): number => Math.floor(sinceMs / MINUTE) * MINUTE;

const empty = (remote: string, version: string): VersionHealthDetail => ({
  remote,
  version,
  sessions: 0,
  loads: 0,
  renderErrors: 0,
  unhandledErrors: 0,
  chunkFailures: 0,
  errorSessions: 0,
  lcpP75: null,
  inpP75: null,
  cls75: null,
  lastErrors: [],
});

/**
 * The health of `remote` over the window, one entry per version with rows in it (or only `version`), with the
 * back office's detail on the last errors.
 */
export async function healthDetail(
  db: DB,
  remote: string,
  sinceMs: number,
  nowMs: number,
  version?: string,
): Promise<VersionHealthDetail[]> {
  const from = windowStart(sinceMs);
  const byVersion = new Map<string, VersionHealthDetail>();
  const of = (v: string) => {
    let h = byVersion.get(v);
    if (!h) {
      h = empty(remote, v);
      byVersion.set(v, h);
    }
    return h;
  };

  let counts = db
    .selectFrom('telemetry_counts')
    .select((eb) => [
      'version',
      eb.fn.sum<number>('loads').as('loads'),
      eb.fn.sum<number>('render_errors').as('render_errors'),
      eb.fn.sum<number>('unhandled_errors').as('unhandled_errors'),
      eb.fn.sum<number>('chunk_failures').as('chunk_failures'),
    ])
    .where('remote', '=', remote)
    .where('minute', '>=', from)
    .where('minute', '<=', nowMs)
    .groupBy('version');
  let sessions = db
    .selectFrom('telemetry_sessions')
    .select((eb) => [
      'version',
      eb.fn.count<number>('session').distinct().as('sessions'),
      sql<number>`count(distinct case when errored = 1 then session end)`.as('error_sessions'),
    ])
    .where('remote', '=', remote)
    .where('minute', '>=', from)
    .where('minute', '<=', nowMs)
    .groupBy('version');
  let vitals = db
    .selectFrom('telemetry_vitals')
    .select((eb) => ['version', 'metric', 'bucket', eb.fn.sum<number>('count').as('count')])
    .where('remote', '=', remote)
    .where('minute', '>=', from)
    .where('minute', '<=', nowMs)
    .groupBy(['version', 'metric', 'bucket']);
  let errors = db
    .selectFrom('telemetry_errors')
    .select((eb) => [
      'version',
      'kind',
      'message',
      'frame',
      eb.fn.sum<number>('count').as('count'),
      eb.fn.max<number>('last_at').as('at'),
    ])
    .where('remote', '=', remote)
    .where('minute', '>=', from)
    .where('minute', '<=', nowMs)
    .groupBy(['version', 'fingerprint', 'kind', 'message', 'frame'])
    .orderBy('at', 'desc');
  if (version !== undefined) {
    counts = counts.where('version', '=', version);
    sessions = sessions.where('version', '=', version);
    vitals = vitals.where('version', '=', version);
    errors = errors.where('version', '=', version);
    of(version);
  }

  const [countRows, sessionRows, vitalRows, errorRows] = await Promise.all([
    counts.execute(),
    sessions.execute(),
    vitals.execute(),
    errors.execute(),
  ]);
  for (const r of countRows) {
    const h = of(r.version);
    h.loads = Number(r.loads);
    h.renderErrors = Number(r.render_errors);
    h.unhandledErrors = Number(r.unhandled_errors);
    h.chunkFailures = Number(r.chunk_failures);
  }
  for (const r of sessionRows) {
    const h = of(r.version);
    h.sessions = Number(r.sessions);
    h.errorSessions = Number(r.error_sessions);
  }
  const histograms = new Map<string, Map<number, number>>();
  for (const r of vitalRows) {
    of(r.version);
    const key = `${r.version}\n${r.metric}`;
    const hist = histograms.get(key) ?? new Map<number, number>();
    hist.set(Number(r.bucket), (hist.get(Number(r.bucket)) ?? 0) + Number(r.count));
    histograms.set(key, hist);
  }
  for (const h of byVersion.values()) {
    const read = (name: VitalName) => p75(name, histograms.get(`${h.version}\n${name}`) ?? new Map());
    [h.lcpP75, h.inpP75, h.cls75] = VITAL_NAMES.map(read) as [number | null, number | null, number | null];
  }
  for (const r of errorRows) {
    const h = of(r.version);
    if (h.lastErrors.length >= LAST_ERRORS) continue;
    h.lastErrors.push({
      kind: r.kind as RemoteErrorKind,
      message: r.message,
      frame: r.frame,
      at: Number(r.at),
      count: Number(r.count),
    });
  }
  // Newest version first (versions start with their UTC build time).
  return [...byVersion.values()].sort((a, b) => (a.version < b.version ? 1 : a.version > b.version ? -1 : 0));
}

const plain = (d: VersionHealthDetail): VersionHealth => ({
  ...d,
  lastErrors: d.lastErrors.map(({ message, frame, at }) => ({ message, frame, at })),
});

/** The health of one remote version over the window (zeros and nulls when nothing was reported). */
export async function versionHealth(
  db: DB,
  remote: string,
  version: string,
  sinceMs: number,
  nowMs: number,
): Promise<VersionHealth> {
  const [h] = await healthDetail(db, remote, sinceMs, nowMs, version);
  return plain(h ?? empty(remote, version));
}

/** The health of every version of `remote` reported in the window, newest version first. */
export async function liveHealth(
  db: DB,
  remote: string,
  sinceMs: number,
  nowMs: number,
): Promise<VersionHealth[]> {
  return (await healthDetail(db, remote, sinceMs, nowMs)).map(plain);
}
