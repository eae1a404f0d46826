/**
 * The release guard's rule, pure (docs/ops.md#automatic-abort-and-rollback): a canary is stopped when, over at least
 * N sessions of its own, its error rate is above twice the current version's and above 1 %, or its chunk-load
 * failures reach X % of its sessions; nothing else stops it, and hostile counts are no evidence.
 */
import { DEFAULT_RULE, shouldAbort } from '../src/modules/releases';
import type { ReleaseHealth } from '../src/modules/releases';

const rule = { ...DEFAULT_RULE, minSessions: 20, chunkFailurePercent: 5 };
const h = (sessions: number, errorSessions = 0, chunkFailures = 0, version = 'v'): ReleaseHealth => ({
  version,
  sessions,
  errorSessions,
  chunkFailures,
});

describe('shouldAbort', () => {
  it('waits for N sessions of the canary, saying how many are missing', () => {
    const v = shouldAbort(h(19, 19), h(100), rule);
    expect(v).toMatchObject({ abort: false, reason: null });
    expect(v.figures.sessions_needed).toBe(1);
    expect(shouldAbort(h(20, 19), h(100), rule)).toMatchObject({ abort: true, reason: 'errors' });
    expect(shouldAbort(h(0), h(0), rule).figures.sessions_needed).toBe(20);
  });

  it('stops a canary whose error rate is above twice the current one and above 1 %', () => {
    // 3 of 40 (7.5 %) against 1 of 100 (1 %): worse than twice, above the floor.
    const v = shouldAbort(h(40, 3, 0, 'canary'), h(100, 1, 0, 'current'), rule);
    expect(v).toMatchObject({ abort: true, reason: 'errors' });
    expect(v.figures).toEqual({
      candidate: {
        version: 'canary',
        sessions: 40,
        error_sessions: 3,
        error_rate: 7.5,
        chunk_failures: 0,
        chunk_failure_rate: 0,
      },
      baseline: {
        version: 'current',
        sessions: 100,
        error_sessions: 1,
        error_rate: 1,
        chunk_failures: 0,
        chunk_failure_rate: 0,
      },
      sessions_needed: 0,
    });
  });

  it('twice exactly is not "more than twice"; more than twice but not above 1 % is not enough', () => {
    // 4 % against 2 %: exactly twice.
    expect(shouldAbort(h(100, 4), h(100, 2), rule).abort).toBe(false);
    // 5 % against 2 %: more than twice.
    expect(shouldAbort(h(100, 5), h(100, 2), rule).abort).toBe(true);
    // 1 % against 0 %: infinitely worse, but not above 1 %.
    expect(shouldAbort(h(100, 1), h(100, 0), rule).abort).toBe(false);
    // 2 of 199 (1.005 %) against 0: above 1 %.
    expect(shouldAbort(h(199, 2), h(100, 0), rule).abort).toBe(true);
    // Healthy both: nothing.
    expect(shouldAbort(h(500, 0), h(500, 0), rule).abort).toBe(false);
    // Worse than the floor but in line with the current version (a bad day for both): not the canary's fault.
    expect(shouldAbort(h(100, 6), h(100, 4), rule).abort).toBe(false);
  });

  it('with no sessions of the current version in the window, its rate reads as 0', () => {
    expect(shouldAbort(h(20, 1), h(0), rule)).toMatchObject({ abort: true, reason: 'errors' });
    expect(shouldAbort(h(200, 2), h(0), rule).abort).toBe(false);
  });

  it('stops a canary whose chunks fail to load in at least X % of its sessions', () => {
    expect(shouldAbort(h(20, 0, 1), h(100), rule)).toMatchObject({ abort: true, reason: 'chunks' });
    expect(shouldAbort(h(21, 0, 1), h(100), rule).abort).toBe(false);
    expect(shouldAbort(h(100, 0, 5), h(100), { ...rule, chunkFailurePercent: 6 }).abort).toBe(false);
    // Not before N sessions either.
    expect(shouldAbort(h(10, 0, 10), h(100), rule).abort).toBe(false);
  });

  it('takes hostile counts (NaN, negative, fractional, huge) as no evidence, never a stop', () => {
    for (const bad of [NaN, -5, -0, 2.5, 1e308, Infinity]) {
      expect(shouldAbort(h(bad, 10, 10), h(100), rule).abort).toBe(false);
      expect(shouldAbort(h(100, bad, 0), h(100), rule).abort).toBe(false);
    }
    // More error sessions than sessions: capped at the sessions.
    expect(shouldAbort(h(20, 50), h(100), rule).figures.candidate.error_rate).toBe(100);
  });
});
