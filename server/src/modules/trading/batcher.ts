/**
 * Group commit for the embedded store. SQLite has one writer and, with synchronous=FULL, one fsync per commit, so
 * order submits arriving together are written in ONE transaction: each job runs inside its own savepoint (a refused
 * job — say, insufficient balance — is rolled back to its savepoint alone) and every caller is answered only after
 * the shared commit, so an acknowledged order is as durable as before. On PostgreSQL (a pool of connections, row
 * locks) each job simply gets its own transaction.
 */
import { CompiledQuery } from 'kysely';
import type { Transaction } from 'kysely';
import type { DB, Dialect } from '../../storage/db';
import type { Database } from '../../storage/schema';

type Job = {
  fn: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
};

export const MAX_BATCH = 64;

/** The savepoint statements of the n-th job of a batch, compiled once. */
const SAVEPOINTS = Array.from({ length: MAX_BATCH }, (_, i) => ({
  begin: CompiledQuery.raw(`savepoint b${i}`),
  release: CompiledQuery.raw(`release savepoint b${i}`),
  rollback: CompiledQuery.raw(`rollback to savepoint b${i}`),
}));

export class WriteBatcher {
  private queue: Job[] = [];
  private running = false;
  /** Counters: transactions committed and jobs in them. */
  readonly stats = { batches: 0, jobs: 0 };

  constructor(
    private readonly db: DB,
    private readonly dialect: Dialect,
  ) {}

  run<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    if (this.dialect !== 'sqlite') return this.db.transaction().execute(fn);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        // Let the requests already read from the sockets reach the queue first, then commit them together.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const jobs = this.queue.splice(0, MAX_BATCH);
        this.stats.batches++;
        this.stats.jobs += jobs.length;
        const results: { ok: boolean; value: unknown }[] = [];
        try {
          await this.db.transaction().execute(async (trx) => {
            for (const [i, job] of jobs.entries()) {
              const sp = SAVEPOINTS[i] as (typeof SAVEPOINTS)[number];
              await trx.executeQuery(sp.begin);
              try {
                results[i] = { ok: true, value: await job.fn(trx) };
                await trx.executeQuery(sp.release);
              } catch (err) {
                await trx.executeQuery(sp.rollback);
                await trx.executeQuery(sp.release);
                results[i] = { ok: false, value: err };
              }
            }
          });
        } catch (err) {
          for (const job of jobs) job.reject(err);
          continue;
        }
        for (const [i, job] of jobs.entries()) {
          const r = results[i];
          if (r?.ok) job.resolve(r.value);
          else job.reject(r?.value);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
