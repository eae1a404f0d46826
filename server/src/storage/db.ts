/**
 * The database connection for the two storage modes: embedded SQLite (better-sqlite3, WAL, a file under DATA_DIR)
 * and PostgreSQL (when DATABASE_URL is set). One Kysely query layer serves both.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import type { Dialect } from './dialect';
import { migrateToLatest } from './migrations';

export type { Dialect } from './dialect';
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

/**
 * better-sqlite3 statements are reusable, but Kysely prepares every query afresh (a large share of a write's cost):
 * keep the most recently used statements by SQL text. Safe on the one connection, where queries run one at a time
 * (nothing here streams a statement while running it again).
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      let st = cache.get(text);
      if (st) {
        cache.delete(text);
        cache.set(text, st);
        return st;
      }
      st = sqlite.prepare(text);
      cache.set(text, st);
      if (cache.size > max) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return st;
    },
  };
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
        await migrateToLatest(db, 'postgres', schema);
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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    migrate: () => migrateToLatest(db, 'sqlite'),
    close: () => db.destroy(),
  };
}
