/**
 * Web vitals are kept as histograms, so the 75th percentile of any window is a sum of rows, never a scan of every
 * value. Buckets grow by 8 % from a floor: the p75 read back is the upper bound of its bucket, at most 8 % above the
 * true value (and never below it). Bucket 0 holds everything up to the floor (a CLS of 0 is bucket 0 and reads 0).
 */
import type { VitalName } from '@meridian/shared/pure';
import { VITAL_MAX } from '@meridian/shared/pure';

const GROWTH = 1.08;
/** Values at or below the floor share bucket 0: 10 ms for LCP and INP, a CLS score of 0.001. */
const FLOOR: Record<VitalName, number> = { LCP: 10, INP: 10, CLS: 0.001 };

/** The bucket of a value (0 … `bucketCount(name) - 1`). */
export function bucketOf(name: VitalName, value: number): number {
  const floor = FLOOR[name];
  if (!(value > floor)) return 0;
  const v = Math.min(value, VITAL_MAX[name]);
  return Math.min(bucketCount(name) - 1, Math.ceil(Math.log(v / floor) / Math.log(GROWTH)));
}

/** The largest value of a bucket (bucket 0 reads 0: "nothing measurable"). */
export function bucketUpper(name: VitalName, bucket: number): number {
  if (bucket <= 0) return 0;
  return Math.min(VITAL_MAX[name], FLOOR[name] * GROWTH ** bucket);
}

/** How many buckets a vital has (about 120 to 150). */
export function bucketCount(name: VitalName): number {
  return Math.ceil(Math.log(VITAL_MAX[name] / FLOOR[name]) / Math.log(GROWTH)) + 1;
}

/**
 * The 75th percentile of a histogram (bucket → count): the upper bound of the bucket where three quarters of the
 * values are reached, rounded as the vital is shown (whole ms, CLS to 3 decimals). Null without values.
 */
export function p75(name: VitalName, counts: ReadonlyMap<number, number>): number | null {
  let total = 0;
  for (const c of counts.values()) total += c;
  if (total === 0) return null;
  const rank = Math.ceil(total * 0.75);
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket) ?? 0;
    if (seen >= rank) {
      const v = bucketUpper(name, bucket);
      return name === 'CLS' ? Math.round(v * 1000) / 1000 : Math.round(v);
    }
  }
  return null;
}
