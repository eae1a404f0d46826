/**
 * Release health written: one beacon becomes upserts of the per-minute rows of each remote version it names, in one
 * transaction (all of it or nothing). What is stored is what health.ts reads; nothing of the sender: no IP, no user,
 * no device, the tab's id only as a hash.
 */
import crypto from 'node:crypto';
import type { RemoteErrorKind, VitalName } from '@meridian/shared/pure';
import type { DB } from '../../storage/db';
import { bucketOf } from './buckets';

const MINUTE = 60_000;
/** How long the per-minute rows are kept. */
export const TELEMETRY_KEEP_MS = 14 * 24 * 3_600_000;

/** One remote version of a checked beacon, its texts cleaned (routes.ts). */
export type CleanItem = {
  remote: string;
  version: string;
  loads: number;
  render_errors: number;
  unhandled_errors: number;
  chunk_failures: number;
  vitals: { name: VitalName; value: number }[];
  errors: { kind: RemoteErrorKind; message: string; frame: string | null }[];
};

const hash = (text: string, length = 32) =>
  crypto.createHash('sha256').update(text).digest('hex').slice(0, length);

/** The tab's id as stored: the first 128 bits of its SHA-256, enough to count distinct tabs and nothing more. */
export const sessionKey = (session: string): string => hash(`meridian.telemetry:${session}`);

export async function recordBeacon(db: DB, session: string, items: CleanItem[], now: number): Promise<void> {
  const minute = Math.floor(now / MINUTE) * MINUTE;
  const tab = sessionKey(session);
  await db.transaction().execute(async (trx) => {
    for (const it of items) {
      const key = { remote: it.remote, version: it.version, minute };
      await trx
        .insertInto('telemetry_counts')
        .values({
          ...key,
          loads: it.loads,
          render_errors: it.render_errors,
          unhandled_errors: it.unhandled_errors,
          chunk_failures: it.chunk_failures,
        })
        .onConflict((oc) =>
          oc.columns(['remote', 'version', 'minute']).doUpdateSet((eb) => ({
            loads: eb('telemetry_counts.loads', '+', eb.ref('excluded.loads')),
            render_errors: eb('telemetry_counts.render_errors', '+', eb.ref('excluded.render_errors')),
            unhandled_errors: eb(
              'telemetry_counts.unhandled_errors',
              '+',
              eb.ref('excluded.unhandled_errors'),
            ),
            chunk_failures: eb('telemetry_counts.chunk_failures', '+', eb.ref('excluded.chunk_failures')),
          })),
        )
        .execute();

      const errored = it.render_errors + it.unhandled_errors + it.chunk_failures > 0 ? 1 : 0;
      await trx
        .insertInto('telemetry_sessions')
        .values({ ...key, session: tab, errored })
        .onConflict((oc) =>
          oc.columns(['remote', 'version', 'minute', 'session']).doUpdateSet((eb) => ({
            // Once errored in that minute, it stays so (portable: no max()/greatest() of two values).
            errored: eb
              .case()
              .when(eb.ref('excluded.errored'), '=', 1)
              .then(1)
              .else(eb.ref('telemetry_sessions.errored'))
              .end(),
          })),
        )
        .execute();

      const buckets = new Map<string, { metric: VitalName; bucket: number; count: number }>();
      for (const v of it.vitals) {
        const bucket = bucketOf(v.name, v.value);
        const k = `${v.name}:${bucket}`;
        const b = buckets.get(k) ?? { metric: v.name, bucket, count: 0 };
        b.count += 1;
        buckets.set(k, b);
      }
      for (const b of buckets.values()) {
        await trx
          .insertInto('telemetry_vitals')
          .values({ ...key, ...b })
          .onConflict((oc) =>
            oc.columns(['remote', 'version', 'metric', 'minute', 'bucket']).doUpdateSet((eb) => ({
              count: eb('telemetry_vitals.count', '+', eb.ref('excluded.count')),
            })),
          )
          .execute();
      }

      for (const e of it.errors) {
        await trx
          .insertInto('telemetry_errors')
          .values({
            ...key,
            fingerprint: hash(`${e.kind}\n${e.message}\n${e.frame ?? ''}`),
            kind: e.kind,
            message: e.message,
            frame: e.frame,
            count: 1,
            last_at: now,
          })
          .onConflict((oc) =>
            oc.columns(['remote', 'version', 'minute', 'fingerprint']).doUpdateSet((eb) => ({
              count: eb('telemetry_errors.count', '+', 1),
              last_at: eb.ref('excluded.last_at'),
            })),
          )
          .execute();
      }
    }
  });
}

/** Delete the rows of minutes before `before` (epoch ms). */
export async function pruneTelemetry(db: DB, before: number): Promise<void> {
  for (const table of [
    'telemetry_counts',
    'telemetry_sessions',
    'telemetry_vitals',
    'telemetry_errors',
  ] as const) {
    await db.deleteFrom(table).where('minute', '<', before).execute();
  }
}
