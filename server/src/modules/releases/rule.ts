/**
 * The release guard's rule (docs/ops.md#automatic-abort-and-rollback), pure: a candidate version (a canary, or a
 * fresh full release) is stopped when, over its window and with at least `minSessions` sessions of its own,
 *
 *   - its error rate (sessions that met an error on the remote / sessions) is above `errorRatio` times the
 *     baseline's (the current version over the same window; for a release, the version before it) AND above
 *     `errorFloorPercent` %, or
 *   - its chunk-load failures amount to at least `chunkFailurePercent` % of its sessions.
 *
 * The comparisons are made on integers (cross-multiplied counts), so no rounding decides a stop; the rates in the
 * figures are for people (percent, two decimals).
 */
import type { OpsReleaseFigures } from '@meridian/shared/pure';

/**
 * What the rule reads of one version's health over a window: a subset of the telemetry's `VersionHealth`
 * (server/src/modules/telemetry/health.ts), which is handed in as it is.
 */
export type ReleaseHealth = {
  version: string;
  sessions: number;
  errorSessions: number;
  chunkFailures: number;
};

export type ReleaseRule = {
  minSessions: number;
  /** Whole numbers: the comparisons stay on integers. */
  errorRatio: number;
  errorFloorPercent: number;
  chunkFailurePercent: number;
};

/** The rule as shipped; `minSessions` and `chunkFailurePercent` come from the configuration. */
export const DEFAULT_RULE: ReleaseRule = {
  minSessions: 20,
  errorRatio: 2,
  errorFloorPercent: 1,
  chunkFailurePercent: 5,
};

export type Verdict = {
  abort: boolean;
  reason: 'errors' | 'chunks' | null;
  figures: { candidate: OpsReleaseFigures; baseline: OpsReleaseFigures; sessions_needed: number };
};

/** A count the rule can use: a non-negative safe integer (anything else reads as 0: no evidence, no stop). */
const count = (n: unknown): number => (typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0);

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

export function figuresOf(h: ReleaseHealth): OpsReleaseFigures {
  const sessions = count(h.sessions);
  const errorSessions = Math.min(count(h.errorSessions), sessions);
  const chunkFailures = count(h.chunkFailures);
  return {
    version: h.version,
    sessions,
    error_sessions: errorSessions,
    error_rate: percent(errorSessions, sessions),
    chunk_failures: chunkFailures,
    chunk_failure_rate: percent(chunkFailures, sessions),
  };
}

/** Whether `candidate` is to be stopped against `baseline`, why, and the figures that decided it. */
export function shouldAbort(candidate: ReleaseHealth, baseline: ReleaseHealth, rule: ReleaseRule): Verdict {
  const c = figuresOf(candidate);
  const b = figuresOf(baseline);
  const sessionsNeeded = Math.max(0, rule.minSessions - c.sessions);
  const figures = { candidate: c, baseline: b, sessions_needed: sessionsNeeded };
  if (sessionsNeeded > 0 || c.sessions === 0) return { abort: false, reason: null, figures };
  // chunk_failures / sessions ≥ X %  ⇔  chunk_failures · 100 ≥ X · sessions
  if (c.chunk_failures > 0 && c.chunk_failures * 100 >= rule.chunkFailurePercent * c.sessions)
    return { abort: true, reason: 'chunks', figures };
  // c.err / c.n > ratio · b.err / b.n  ⇔  c.err · b.n > ratio · b.err · c.n  (b.n = 0: the baseline rate is 0)
  const worse =
    b.sessions === 0
      ? c.error_sessions > 0
      : c.error_sessions * b.sessions > rule.errorRatio * b.error_sessions * c.sessions;
  // c.err / c.n > floor %  ⇔  c.err · 100 > floor · c.n
  const aboveFloor = c.error_sessions * 100 > rule.errorFloorPercent * c.sessions;
  if (worse && aboveFloor) return { abort: true, reason: 'errors', figures };
  return { abort: false, reason: null, figures };
}
