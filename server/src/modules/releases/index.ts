/**
 * Release safety for the remotes (docs/ops.md#automatic-abort-and-rollback): the rule, the guard that applies it on
 * the lease holder, the admin's setting for the automatic rollback of full releases, and the audit rows of the
 * guard's stops. Built once by app/services.ts with the health source it reads (`healthOf`); its ops calls are in
 * ./ops-routes.ts.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Registry } from '@meridian/config/registry.cjs';
import type { OpsReleaseGuard } from '@meridian/shared/pure';
import type { Lease } from '../../realtime/lease';
import type { DB } from '../../storage/db';
import type { Database } from '../../storage/schema';
import { getSetting, setSetting } from '../content';
import { appendAudit } from '../ops';
import { createReleaseGuard, GUARD_ACTOR } from './guard';
import type { GuardStop, HealthOf, ReleaseGuard } from './guard';
import type { ReleaseRule } from './rule';

export { shouldAbort, figuresOf, DEFAULT_RULE } from './rule';
export type { ReleaseHealth, ReleaseRule, Verdict } from './rule';
export { createReleaseGuard, GUARD_ACTOR } from './guard';
export type { GuardStop, HealthOf, ReleaseGuard } from './guard';

/** The setting an admin turns on for the automatic rollback of full releases ('1' on; off otherwise). */
export const AUTO_ROLLBACK_SETTING = 'remote.auto_rollback';

export type Releases = {
  guard: ReleaseGuard;
  rule: ReleaseRule;
  /** The rule's settings as the ops page shows them. */
  settings: () => Promise<OpsReleaseGuard>;
  /** `db`: the transaction of the change's audit row. */
  setAutoRollback: (on: boolean, db?: Kysely<Database> | Transaction<Database>) => Promise<void>;
  start: () => void;
  stop: () => void;
};

export type ReleasesDeps = {
  db: DB;
  now: () => number;
  lease: Pick<Lease, 'isLeader'>;
  registry: Registry;
  healthOf: HealthOf;
  rule: ReleaseRule;
  intervalMs: number;
  watchMs: number;
  /** Publish the registry change on REMOTES now (the registry watch's check). */
  publish: () => Promise<unknown>;
  onError: (err: unknown, remote?: string) => void;
};

/** The audit row of a stop: what was stopped, what runs now, and the figures and rule that decided it. */
async function recordStop(deps: ReleasesDeps, stop: GuardStop): Promise<void> {
  const { candidate, baseline, reason, since, at } = stop.check;
  await appendAudit(deps.db, {
    action: `remote.${stop.action}`,
    objectType: 'remote',
    objectId: stop.remote,
    before:
      stop.action === 'auto_abort'
        ? { canary: { version: stop.version, percent: stop.percent } }
        : { current: stop.version },
    after: stop.action === 'auto_abort' ? { canary: null, current: stop.now } : { current: stop.now },
    extra: {
      reason,
      [stop.action === 'auto_abort' ? 'canary' : 'release']: candidate,
      [stop.action === 'auto_abort' ? 'current' : 'previous']: baseline,
      window: { since, at },
      rule: {
        min_sessions: deps.rule.minSessions,
        error_ratio: deps.rule.errorRatio,
        error_floor_percent: deps.rule.errorFloorPercent,
        chunk_failure_percent: deps.rule.chunkFailurePercent,
      },
    },
    actor: { id: null, email: GUARD_ACTOR, roles: '' },
    ip: 'server',
    at: deps.now(),
  });
}

export function createReleases(deps: ReleasesDeps): Releases {
  const autoRollback = async () => (await getSetting(deps.db, AUTO_ROLLBACK_SETTING)) === '1';
  const guard = createReleaseGuard({
    registry: deps.registry,
    lease: deps.lease,
    now: deps.now,
    healthOf: deps.healthOf,
    rule: deps.rule,
    autoRollback,
    record: (stop) => recordStop(deps, stop),
    publish: deps.publish,
    intervalMs: deps.intervalMs,
    watchMs: deps.watchMs,
    onError: deps.onError,
  });
  return {
    guard,
    rule: deps.rule,
    settings: async () => ({
      auto_rollback: await autoRollback(),
      min_sessions: deps.rule.minSessions,
      error_ratio: deps.rule.errorRatio,
      error_floor_percent: deps.rule.errorFloorPercent,
      chunk_failure_percent: deps.rule.chunkFailurePercent,
      check_seconds: Math.round(deps.intervalMs / 1000),
      watch_hours: Math.round(deps.watchMs / 3_600_000),
    }),
    setAutoRollback: (on, db = deps.db) => setSetting(db, AUTO_ROLLBACK_SETTING, on ? '1' : '0'),
    start: guard.start,
    stop: guard.stop,
  };
}
