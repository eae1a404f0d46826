/**
 * Trading schedules as weekly UTC intervals (DST ignored). A schedule is a list of [start, end) offsets in minutes
 * from Sunday 00:00 UTC; `always` trades around the clock. Drives MarketStatus, the feed (no ticks while closed)
 * and the history (no candles for closed buckets).
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;
/** 1970-01-01 was a Thursday: shift so that offsets count from Sunday 00:00 UTC. */
const SUNDAY_SHIFT_MS = 4 * DAY_MS;

export type Schedule =
  { kind: 'always' } | { kind: 'weekly'; intervals: readonly (readonly [number, number])[] };

const SUN = 0;
const MON = 1;
const FRI = 5;
const hm = (day: number, h: number, m = 0) => day * 1440 + h * 60 + m;

/** Forex: Sunday 22:00 to Friday 22:00 UTC without a daily break (the 22:00 rollover only widens the spread). */
export const FOREX_SCHEDULE: Schedule = { kind: 'weekly', intervals: [[hm(SUN, 22), hm(FRI, 22)]] };

/** Metals and energy: Sunday 23:00 to Friday 22:00 UTC with a daily break 22:00-23:00 UTC. */
export const COMMODITY_SCHEDULE: Schedule = {
  kind: 'weekly',
  intervals: [0, 1, 2, 3, 4].map((d) => [hm(d, 23), hm(d + 1, 22)] as const),
};

export const ALWAYS: Schedule = { kind: 'always' };

/**
 * A daily session Monday-Friday from `open` to `close` (hours in UTC, fractions allowed). When `close` <= `open`
 * the session crosses midnight and starts the evening before (Sunday evening for Monday's session).
 */
export function dailySessions(open: number, close: number): Schedule {
  const o = Math.round(open * 60);
  const c = Math.round(close * 60);
  const intervals: [number, number][] = [];
  for (let d = MON; d <= FRI; d += 1) {
    if (c > o) intervals.push([d * 1440 + o, d * 1440 + c]);
    else intervals.push([(d - 1) * 1440 + o, d * 1440 + c]);
  }
  return { kind: 'weekly', intervals };
}

/** Milliseconds since the start of the UTC week (Sunday 00:00). */
export function weekOffset(now: number): number {
  return (((now + SUNDAY_SHIFT_MS) % WEEK_MS) + WEEK_MS) % WEEK_MS;
}

export function isOpenAt(schedule: Schedule, now: number): boolean {
  if (schedule.kind === 'always') return true;
  const m = weekOffset(now) / MINUTE_MS;
  for (const [s, e] of schedule.intervals) {
    if (s >= 0 ? m >= s && m < e : m >= s + 10080 || m < e) return true;
  }
  return false;
}

/**
 * How long (ms) the market has been open at `now` when it reopened after a closure of at least `minClosedMs`
 * (e.g. the weekend) no longer than `within` ago; undefined otherwise. Used to widen the spread at the weekend open.
 */
export function sinceReopen(
  schedule: Schedule,
  now: number,
  minClosedMs: number,
  within: number,
): number | undefined {
  if (schedule.kind === 'always') return undefined;
  const m = weekOffset(now) / MINUTE_MS;
  const iv = [...schedule.intervals].sort((a, b) => a[0] - b[0]);
  for (let i = 0; i < iv.length; i += 1) {
    const cur = iv[i];
    const prev = iv[(i - 1 + iv.length) % iv.length];
    if (!cur || !prev) continue;
    const gap = iv.length === 1 ? 10080 - (cur[1] - cur[0]) : (((cur[0] - prev[1]) % 10080) + 10080) % 10080;
    if (gap * MINUTE_MS < minClosedMs) continue;
    const since = ((((m - cur[0]) % 10080) + 10080) % 10080) * MINUTE_MS;
    if (since < within && isOpenAt(schedule, now)) return since;
  }
  return undefined;
}

/** Whether any moment of [start, start + len) is open, sampled every 30 minutes (sessions start on the half hour). */
export function bucketOpen(schedule: Schedule, start: number, len: number): boolean {
  if (schedule.kind === 'always') return true;
  const step = Math.min(len, 30 * MINUTE_MS);
  for (let t = start; t < start + len; t += step) if (isOpenAt(schedule, t)) return true;
  return false;
}
