/**
 * The ops idle clock on the device. The server ends an ops session after `idle_timeout_ms` without a call made by
 * the person (background refreshes are passive and do not count); the frame counts the same time from the last
 * such call made by any tab of this device (kept in local storage), warns before the end with "Stay signed in",
 * and ends the session itself when the time is up. Unsaved drafts stay on the device (./drafts.ts).
 */
import { readStorage, writeStorage } from '@meridian/shared';

const ACTIVE_AT_KEY = 'meridian.ops.activeAt';

/** The last call the person made (any tab), epoch ms; null when none is known. */
export function readOpsActiveAt(): number | null {
  const v = Number(readStorage(ACTIVE_AT_KEY));
  return Number.isFinite(v) && v > 0 ? v : null;
}

/** A call made by the person: the server pushes the idle end back. */
export function markOpsActivity(at: number = Date.now()): void {
  const prev = readOpsActiveAt();
  if (prev === null || at > prev) writeStorage(ACTIVE_AT_KEY, String(at));
}

export function clearOpsActivity(): void {
  writeStorage(ACTIVE_AT_KEY, null);
}

/**
 * How much earlier than the device thinks the server may have last recorded a call: it writes the idle clock at
 * most every 15 s (a twentieth of a shorter limit), as the server's `touchEveryMs`.
 */
export const opsTouchSlackMs = (idleMs: number): number => Math.min(15_000, Math.floor(idleMs / 20));

/** The warning shows this long before the end: 2 minutes (a quarter of a shorter limit). */
export const opsWarnBeforeMs = (idleMs: number): number => Math.min(120_000, Math.floor(idleMs / 4));

export type OpsIdlePhase =
  { phase: 'active'; leftMs: number } | { phase: 'warning'; leftMs: number } | { phase: 'over'; leftMs: 0 };

/** Where the idle clock stands at `now`, given the last call the person made and the session's idle limit. */
export function opsIdlePhase(now: number, activeAt: number, idleMs: number): OpsIdlePhase {
  const end = activeAt + idleMs - opsTouchSlackMs(idleMs);
  const leftMs = end - now;
  if (leftMs <= 0) return { phase: 'over', leftMs: 0 };
  if (leftMs <= opsWarnBeforeMs(idleMs)) return { phase: 'warning', leftMs };
  return { phase: 'active', leftMs };
}
