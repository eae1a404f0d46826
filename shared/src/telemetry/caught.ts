/**
 * Errors caught by the kit's error boundary (`LazyBoundary`), handed to whoever reports release health (the host).
 * The kit knows nothing of telemetry: it tells this sink, and the host installs the sink at start-up. What is caught
 * before then waits here (a few at most), so an early failure is not lost.
 */

/** `remote`: the remote whose page the boundary wraps, when it wraps one (the host's route boundary). */
export type CaughtError = { error: unknown; remote: string | undefined };

const EARLY_MAX = 20;
let early: CaughtError[] = [];
let sink: ((caught: CaughtError) => void) | null = null;

/** Called by an error boundary for every error it catches. Never throws. */
export function reportCaughtError(error: unknown, remote?: string): void {
  const caught = { error, remote };
  try {
    if (sink) sink(caught);
    else if (early.length < EARLY_MAX) early.push(caught);
  } catch {
    // Reporting must never break the page it reports on.
  }
}

/** Install the one sink (the host's release-health reporter); what was caught before is handed over at once. */
export function setCaughtErrorSink(next: (caught: CaughtError) => void): void {
  sink = next;
  const waiting = early;
  early = [];
  for (const c of waiting) reportCaughtError(c.error, c.remote);
}
