/**
 * The part of release health that is not in the first load (./telemetry.ts loads it): reading each error caught —
 * which remote version it belongs to, what of it may leave the device — and watching the Core Web Vitals.
 *
 * An error belongs to the remote of the route boundary that caught it, else to the remote whose files its stack
 * runs through (`/remotes/<remote>/<version>/`), else to the remote named by the URL of a chunk that did not load;
 * else it is the host's own and not counted. The version is the one in its stack or URL, else the one registered
 * for that remote now. A message loses URLs' origins and queries, e-mails, long numbers and tokens
 * (`cleanMessage`); the stack is reduced to the remote's own frame (`remoteFrame`). The server does both again.
 *
 * Vitals (web-vitals reads the browser's buffered entries, so loading it late loses nothing): LCP goes to the tab's
 * first page, INP to the page of the interaction, CLS to the page of the worst burst of shifts (the page showing
 * when it is reported, when there were none). One value per metric instance: a value reported again later (the tab
 * came back and was hidden again) is not counted twice.
 */
import { onCLS, onINP, onLCP } from 'web-vitals';
import {
  cleanMessage,
  isLoadFailure,
  remoteFrame,
  remoteOfUrl,
  TELEMETRY_LIMITS,
} from '@meridian/shared/pure';
import type { RemoteErrorKind, VitalName } from '@meridian/shared/pure';
import { REMOTES } from './routes';
import type { RemoteKey } from './routes';
import type { Counter, RawError, Reporter, Where } from './telemetry';

const COUNTER: Record<RemoteErrorKind, Counter> = {
  render: 'render_errors',
  unhandled: 'unhandled_errors',
  chunk: 'chunk_failures',
};

const isRemote = (name: string | undefined): name is RemoteKey =>
  name !== undefined && (REMOTES as readonly string[]).includes(name);

type ErrorLike = { name?: unknown; message?: unknown; stack?: unknown; request?: unknown };

/** Reads errors into `reporter`; returns the function that takes each one. */
export function errorReader(
  reporter: Pick<Reporter, 'count'>,
  versionOf: (remote: RemoteKey) => string | null,
) {
  const seen = new WeakSet<object>();
  return ({ error, remote, unhandled }: RawError): void => {
    if (error && typeof error === 'object') {
      if (seen.has(error)) return;
      seen.add(error);
    }
    const kind: RemoteErrorKind = isLoadFailure(error) ? 'chunk' : unhandled ? 'unhandled' : 'render';
    const e: ErrorLike = error && typeof error === 'object' ? error : {};
    const text =
      typeof e.message === 'string'
        ? `${typeof e.name === 'string' && e.name !== 'Error' ? `${e.name}: ` : ''}${e.message}`
        : String(error);
    const frame = remoteFrame(typeof e.stack === 'string' ? e.stack : '');
    const url = remoteOfUrl(`${typeof e.request === 'string' ? e.request : ''} ${text}`);
    const owner = isRemote(remote)
      ? remote
      : isRemote(frame?.remote)
        ? frame.remote
        : isRemote(url?.remote)
          ? url.remote
          : undefined;
    if (!owner) return;
    const version =
      frame?.remote === owner ? frame.version : url?.remote === owner ? url.version : versionOf(owner);
    if (!version) return;
    const it = reporter.count({ remote: owner, version }, COUNTER[kind]);
    const sample = { kind, message: cleanMessage(text), frame: frame?.remote === owner ? frame.frame : null };
    const known = it.errors.some(
      (s) => s.kind === sample.kind && s.message === sample.message && s.frame === sample.frame,
    );
    if (!known && it.errors.length < TELEMETRY_LIMITS.errors) it.errors.push(sample);
  };
}

/** The remote version that showed at `at` (performance time); `'landing'`: the tab's first page. */
export function whereAt(timeline: Reporter['timeline'], at: number | 'landing'): Where | null {
  if (at === 'landing') return timeline[0]?.where ?? null;
  let where: Where | null = null;
  for (const t of timeline) if (t.at <= at) where = t.where;
  return where;
}

/** Adds one vital to the remote version that showed at `at` (see the header). */
export function addVital(
  reporter: Pick<Reporter, 'item' | 'timeline'>,
  name: VitalName,
  value: number,
  at: number | 'landing',
): void {
  const where = whereAt(reporter.timeline, at);
  if (!where || !Number.isFinite(value) || value < 0) return;
  const it = reporter.item(where);
  // LCP and INP in whole ms, CLS with 4 decimals: what the server takes.
  const v = name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
  if (it.vitals.length < TELEMETRY_LIMITS.vitals) it.vitals.push({ name, value: v });
}

export function watchVitals(reporter: Pick<Reporter, 'item' | 'timeline'>, now = () => performance.now()) {
  const sent = new Set<string>();
  const once = (id: string) => !sent.has(id) && Boolean(sent.add(id));
  onLCP((m) => {
    if (once(m.id)) addVital(reporter, 'LCP', m.value, 'landing');
  });
  onINP((m) => {
    if (once(m.id)) addVital(reporter, 'INP', m.value, m.entries[0]?.startTime ?? now());
  });
  onCLS((m) => {
    if (once(m.id)) addVital(reporter, 'CLS', m.value, m.entries[0]?.startTime ?? now());
  });
}

/** Called by ./telemetry.ts once this chunk is loaded. */
export function startLate(reporter: Reporter, versionOf: (remote: RemoteKey) => string | null) {
  watchVitals(reporter);
  return errorReader(reporter, versionOf);
}
