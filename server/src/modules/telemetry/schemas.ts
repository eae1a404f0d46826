/**
 * The beacon of `POST /api/telemetry/remotes` (`RemoteHealthBeacon` of @meridian/shared/pure), checked whole before
 * anything is stored: strict objects (an unknown field is refused), bounded lists and texts, known remotes, published
 * version shapes, counters that are plain non-negative integers (no -0, no fraction, no exponent) and vitals in their
 * range with at most 4 decimals. A beacon is machine-made: anything odd in it refuses all of it.
 */
import { z } from 'zod';
import {
  DEVICE_ID_PATTERN,
  HEALTH_WINDOWS,
  REMOTE_ERROR_KINDS,
  REMOTE_VERSION_PATTERN,
  SESSION_ID_PATTERN,
  TELEMETRY_LIMITS,
  VITAL_MAX,
  VITAL_NAMES,
} from '@meridian/shared/pure';
import type { OpsRemotesHealth, RemoteHealthBeacon, VitalName } from '@meridian/shared/pure';
import { contract } from '../../lib/contract';
import { optInt } from '../../lib/validate';

/** A counter: a JS number that is an integer 0…max, never -0. */
const count = () =>
  z
    .number({ message: 'v.integer' })
    .int({ message: 'v.integer' })
    .min(0)
    .max(TELEMETRY_LIMITS.count)
    .refine((n) => !Object.is(n, -0), { message: 'v.invalid' });

/** A vital's value: within 0…max, at most 4 decimals (read through its shortest text, so 1e-7 is refused). */
const vitalValue = z
  .number({ message: 'v.invalid' })
  .finite({ message: 'v.invalid' })
  .refine((n) => !Object.is(n, -0) && /^\d{1,6}(?:\.\d{1,4})?$/.test(String(n)), { message: 'v.invalid' });

const vital = z
  .strictObject({ name: z.enum(VITAL_NAMES, { message: 'v.oneOf' }), value: vitalValue })
  .superRefine((v, ctx) => {
    const max = VITAL_MAX[v.name as VitalName];
    // LCP and INP are whole ms; CLS a score.
    if (v.value > max || (v.name !== 'CLS' && !Number.isInteger(v.value))) {
      ctx.addIssue({ code: 'custom', message: 'v.outOfRange', path: ['value'] });
    }
  });

const errorSample = z.strictObject({
  kind: z.enum(REMOTE_ERROR_KINDS, { message: 'v.oneOf' }),
  // Room for what the client's JSON may have escaped; cleaned and cut to the limit again before it is stored.
  message: z.string().max(TELEMETRY_LIMITS.message * 2),
  frame: z.string().max(TELEMETRY_LIMITS.frame).nullable(),
});

const item = z.strictObject({
  remote: z.string().max(32),
  version: z.string().regex(REMOTE_VERSION_PATTERN, { message: 'v.invalid' }),
  loads: count(),
  render_errors: count(),
  unhandled_errors: count(),
  chunk_failures: count(),
  vitals: z.array(vital).max(TELEMETRY_LIMITS.vitals),
  errors: z.array(errorSample).max(TELEMETRY_LIMITS.errors),
});

export const beaconSchema = z.strictObject({
  session: z.string().regex(SESSION_ID_PATTERN, { message: 'v.invalid' }),
  device: z.string().regex(DEVICE_ID_PATTERN, { message: 'v.invalid' }),
  items: z.array(item).min(1).max(TELEMETRY_LIMITS.items),
});

/** The parsed beacon is the contract's type exactly. */
export type Beacon = z.output<typeof beaconSchema>;
const exact: [Beacon] extends [RemoteHealthBeacon]
  ? [RemoteHealthBeacon] extends [Beacon]
    ? true
    : never
  : never = true;
void exact;

/** `GET /api/ops/remotes/health` query: `window` in minutes, one of HEALTH_WINDOWS (60 when absent). */
export const healthQuery = z.object({
  window: optInt(1, 10_080).pipe(z.literal([...HEALTH_WINDOWS], { message: 'v.oneOf' }).optional()),
});

const errorKind = z.enum(REMOTE_ERROR_KINDS);
const nullableNumber = z.number().finite().min(0).nullable();

export const remotesHealthSchema = contract<OpsRemotesHealth>()(
  z.strictObject({
    window_minutes: z.literal([...HEALTH_WINDOWS]),
    since: z.number().int().min(0),
    until: z.number().int().min(0),
    remotes: z.array(
      z.strictObject({
        remote: z.string(),
        current: z.string().nullable(),
        versions: z.array(
          z.strictObject({
            version: z.string(),
            current: z.boolean(),
            sessions: z.number().int().min(0),
            loads: z.number().int().min(0),
            render_errors: z.number().int().min(0),
            unhandled_errors: z.number().int().min(0),
            chunk_failures: z.number().int().min(0),
            error_sessions: z.number().int().min(0),
            error_rate: z.number().min(0).max(1).nullable(),
            lcp_p75: nullableNumber,
            inp_p75: nullableNumber,
            cls_p75: nullableNumber,
            last_errors: z.array(
              z.strictObject({
                kind: errorKind,
                message: z.string(),
                frame: z.string().nullable(),
                at: z.number().int().min(0),
                count: z.number().int().min(0),
              }),
            ),
          }),
        ),
      }),
    ),
  }),
);
