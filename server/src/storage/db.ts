/**
 * The database connection for the two storage modes: embedded SQLite (better-sqlite3, WAL, a file under DATA_DIR)
 * and PostgreSQL (when DATABASE_URL is set). One Kysely query layer serves both.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { migrateToLatest } from './migrations';

export type Dialect = 'sqlite' | 'postgres';
export type DB = Kysely<Database>;

export type Storage = {
  db: DB;
  dialect: Dialect;
  /** Create tables and seed; idempotent. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

export type StorageOptions = {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema (search_path); created when missing. */
  schema?: string | undefined;
  /** SQLite file name inside dataDir (tests use a temp dir). */
  sqliteFile?: string;
};

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** BIGINT (int8) as a JS number: money is cents and ids are far below 2^53; refuse silently-wrong values. */
function parseInt8(v: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new Error(`int8 value out of safe range: ${v}`);
  return n;
}

export function createStorage(opts: StorageOptions): Storage {
  if (opts.databaseUrl) {
    const schema = opts.schema ?? 'public';
    if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name: ${schema}`);
    const types = {
      getTypeParser: ((oid: number, format?: string) =>
        oid === 20
          ? parseInt8
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    };
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      types,
      ...(schema !== 'public' ? { options: `-c search_path=${schema}` } : {}),
    });
    // A broken idle connection must not crash the process; the next query gets a fresh one.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      migrate: async () => {
        if (schema !== 'public') await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
        await migrateToLatest(db, 'postgres');
      },
      close: () => db.destroy(),
    };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, opts.sqliteFile ?? 'meridian.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives power loss too, not only a process crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: 'sqlite',
    migrate: () => migrateToLatest(db, 'sqlite'),
    close: () => db.destroy(),
  };
}
