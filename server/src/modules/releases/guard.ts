/**
 * The release guard: every `intervalMs` (≤ 30 s) the node holding the lease reads each remote's health per version
 * and applies the rule (./rule.ts) to
 *
 *   - each running canary, against the current version over the canary's window (since it started): a failing
 *     canary is aborted (`auto_abort`: every device back on the current version);
 *   - when the admin turned it on (setting `remote.auto_rollback`), each remote released in full less than
 *     `watchMs` ago, against the version before it over the window before the release (as long, at least an hour):
 *     a failing release is rolled back to that version (`auto_rollback`).
 *
 * Each stop goes through the registry (config/registry.cjs, the CLI's lock, and only if the registry still holds
 * what was measured), is written to the audit log with the figures, and is published on REMOTES at once, so open
 * tabs move at their next navigation. Other nodes do nothing, so a stop happens once.
 */
import { changesCurrent, REMOTES, rollbackTargets } from '@meridian/config/registry.cjs';
import type { Registry, RegistryEntry } from '@meridian/config/registry.cjs';
import type { OpsReleaseCheck } from '@meridian/shared/pure';
import type { Lease } from '../../realtime/lease';
import { shouldAbort } from './rule';
import type { ReleaseHealth, ReleaseRule } from './rule';

/** One version's health over [sinceMs, untilMs) (the telemetry module's `versionHealth`). */
export type HealthOf = (
  remote: string,
  version: string,
  sinceMs: number,
  untilMs: number,
) => Promise<ReleaseHealth>;

/** Who the registry history and the audit log name for the guard's own changes. */
export const GUARD_ACTOR = 'auto:release-guard';

/** The least baseline window of a full release (the version before it, before the release). */
const MIN_BASELINE_MS = 3_600_000;

export type GuardStop = {
  action: 'auto_abort' | 'auto_rollback';
  remote: string;
  /** The version stopped (the canary, or the release rolled back). */
  version: string;
  /** The version every device runs now. */
  now: string;
  percent: number | null;
  check: OpsReleaseCheck;
};

export type ReleaseGuardDeps = {
  registry: Pick<Registry, 'readRegistry' | 'abortAsync' | 'setCurrentAsync' | 'isOnline'>;
  lease: Pick<Lease, 'isLeader'>;
  now: () => number;
  healthOf: HealthOf;
  rule: ReleaseRule;
  /** Whether the admin turned the automatic rollback of full releases on. */
  autoRollback: () => Promise<boolean>;
  /** Record a stop (the audit row), after the registry changed. */
  record: (stop: GuardStop) => Promise<void>;
  /** Publish the registry change on REMOTES now (the registry watch's check). */
  publish: () => Promise<unknown>;
  intervalMs: number;
  watchMs: number;
  onError: (err: unknown, remote?: string) => void;
};

export type ReleaseGuard = {
  /** One pass (the leader only); resolves to the stops made. Passes never overlap. */
  checkNow: () => Promise<GuardStop[]>;
  /** A canary's health against the current version's now (any node, for the ops page); null when unreadable. */
  canaryCheck: (remote: string, entry: RegistryEntry | undefined) => Promise<OpsReleaseCheck | null>;
  start: () => void;
  stop: () => void;
};

export function createReleaseGuard(deps: ReleaseGuardDeps): ReleaseGuard {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<GuardStop[]> | null = null;

  async function measure(
    remote: string,
    candidate: string,
    baseline: string,
    window: { since: number; until: number },
    baselineWindow: { since: number; until: number },
  ) {
    const [c, b] = await Promise.all([
      deps.healthOf(remote, candidate, window.since, window.until),
      deps.healthOf(remote, baseline, baselineWindow.since, baselineWindow.until),
    ]);
    const verdict = shouldAbort({ ...c, version: candidate }, { ...b, version: baseline }, deps.rule);
    const check: OpsReleaseCheck = {
      ...verdict.figures,
      reason: verdict.reason,
      since: window.since,
      at: window.until,
    };
    return { abort: verdict.abort, check };
  }

  async function canaryCheck(remote: string, entry: RegistryEntry | undefined) {
    const canary = entry?.canary;
    if (!canary || !entry?.current) return null;
    const since = Date.parse(canary.since);
    const now = deps.now();
    if (!Number.isFinite(since)) return null;
    const window = { since, until: now };
    try {
      return (await measure(remote, canary.version, entry.current, window, window)).check;
    } catch (err) {
      deps.onError(err, remote);
      return null;
    }
  }

  async function checkCanary(remote: string, entry: RegistryEntry): Promise<GuardStop | null> {
    const canary = entry.canary;
    if (!canary || !entry.current) return null;
    const since = Date.parse(canary.since);
    if (!Number.isFinite(since)) return null;
    const window = { since, until: deps.now() };
    const { abort, check } = await measure(remote, canary.version, entry.current, window, window);
    if (!abort) return null;
    // Only the canary measured: one started since (or a promote) is left alone.
    const res = await deps.registry.abortAsync(remote, {
      action: 'auto_abort',
      by: GUARD_ACTOR,
      expectVersion: canary.version,
      check,
    });
    return {
      action: 'auto_abort',
      remote,
      version: canary.version,
      now: res.version,
      percent: canary.percent,
      check,
    };
  }

  /** The full release to watch: the last change of the current version, a release or promote, recent enough. */
  function watchedRelease(
    remote: string,
    entry: RegistryEntry,
    now: number,
  ): { at: number; previous: string } | null {
    const last = [...entry.history].reverse().find((h) => changesCurrent(h));
    if (!last || !entry.current || last.to !== entry.current) return null;
    if (last.action !== 'release' && last.action !== 'promote') return null;
    const at = Date.parse(last.at);
    if (!Number.isFinite(at) || now - at > deps.watchMs || now <= at) return null;
    const previous = rollbackTargets(entry).find((v) => deps.registry.isOnline(remote, v));
    return previous ? { at, previous } : null;
  }

  async function checkRelease(remote: string, entry: RegistryEntry): Promise<GuardStop | null> {
    const now = deps.now();
    const watched = watchedRelease(remote, entry, now);
    if (!watched || !entry.current) return null;
    const length = Math.max(now - watched.at, MIN_BASELINE_MS);
    const { abort, check } = await measure(
      remote,
      entry.current,
      watched.previous,
      { since: watched.at, until: now },
      { since: watched.at - length, until: watched.at },
    );
    if (!abort) return null;
    const res = await deps.registry.setCurrentAsync(remote, watched.previous, {
      action: 'auto_rollback',
      by: GUARD_ACTOR,
      expectCurrent: entry.current,
      check,
    });
    return {
      action: 'auto_rollback',
      remote,
      version: entry.current,
      now: res.version,
      percent: null,
      check,
    };
  }

  async function pass(): Promise<GuardStop[]> {
    if (!deps.lease.isLeader()) return [];
    const file = deps.registry.readRegistry();
    const stops: GuardStop[] = [];
    let rollbackOn: boolean | null = null;
    for (const remote of REMOTES) {
      const entry = file.remotes[remote];
      if (!entry?.current) continue;
      try {
        let stop: GuardStop | null = null;
        if (entry.canary) stop = await checkCanary(remote, entry);
        else {
          rollbackOn ??= await deps.autoRollback();
          if (rollbackOn) stop = await checkRelease(remote, entry);
        }
        if (!stop) continue;
        stops.push(stop);
        // The registry changed: tell the open tabs now, then keep the record (a failure there stops nothing).
        await deps.publish().catch((err: unknown) => deps.onError(err, remote));
        await deps.record(stop).catch((err: unknown) => deps.onError(err, remote));
      } catch (err) {
        deps.onError(err, remote);
      }
    }
    return stops;
  }

  const checkNow = () => (running ??= pass().finally(() => (running = null)));

  return {
    checkNow,
    canaryCheck,
    start: () => {
      if (timer) return;
      timer = setInterval(() => void checkNow(), deps.intervalMs);
      timer.unref();
    },
    stop: () => {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
