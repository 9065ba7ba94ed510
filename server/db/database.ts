// Opens the one database the process uses: SQLite under DATA_DIR by default, PostgreSQL when
// DATABASE_URL is set. Everything above this file is dialect-agnostic Kysely.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { POSTGRES_TIMEOUTS, type PoolLog, type PostgresTimeouts, resilientPool } from './postgresPool';
import type { Database } from './schema';
import { snapshotState } from './snapshotState';
import { sqliteDialect, withStatementCache } from './sqliteDialect';
import { registerTranslate } from './textSearch';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, for logs: a file path or the Postgres host/database (no password). */
  location: string;
  /** PostgreSQL: where lost connections and outages are logged (app.log); SQLite has none to log. */
  logTo(log: PoolLog): void;
  /**
   * The committed data's state: equal twice only if nothing was committed in between (plugins/keptAnswers.ts).
   * SQLite: this process's count of writing statements (no other process writes the file). PostgreSQL: the
   * server's current snapshot (pg_current_snapshot), which changes when any transaction that wrote ends, in any
   * process; it takes a round trip.
   */
  dataState(): string | Promise<string>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only; tests shorten them (default POSTGRES_TIMEOUTS). */
  postgresTimeouts?: Partial<PostgresTimeouts>;
}

export class DatabaseInUseError extends Error {}

// PostgreSQL returns COUNT and BIGINT as strings; our ids and counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function sqliteFile(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'condo.sqlite');
}

function openSqlite(file: string): DatabaseHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // timeout 0 while probing the lock, so a second process is refused at once instead of waiting.
  const sqlite = new SQLite(file, { timeout: 0 });
  try {
    // EXCLUSIVE locking keeps the file locked for as long as this process has it open: a second
    // server on the same DATA_DIR would otherwise corrupt nothing but silently diverge its caches.
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.exec('BEGIN EXCLUSIVE; COMMIT;');
  } catch (error) {
    sqlite.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new DatabaseInUseError(
        `The database ${file} is already open in another process. Stop that server or set another DATA_DIR.`,
      );
    }
    throw error;
  }
  sqlite.pragma('busy_timeout = 5000');
  // The searches' fold is translate(), built into PostgreSQL only.
  registerTranslate(sqlite);
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: sqliteDialect(sqlite, statements) });
  return {
    db,
    dialect: 'sqlite',
    location: file,
    logTo: () => {},
    dataState: () => String(statements.writes),
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, schema: string | null, timeouts: PostgresTimeouts): DatabaseHandle {
  const pool = resilientPool({ url, schema, timeouts });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  const location = `postgres://${parsed.host}${parsed.pathname}${schema ? ` (schema ${schema})` : ''}`;
  return {
    db,
    dialect: 'postgres',
    location,
    logTo: (log) => pool.logTo(log),
    dataState: snapshotState(db),
    close: () => db.destroy(),
  };
}

export function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>,
  options: OpenOptions = {},
): DatabaseHandle {
  if (!config.databaseUrl) return openSqlite(sqliteFile(config));
  return openPostgres(config.databaseUrl, config.databaseSchema, { ...POSTGRES_TIMEOUTS, ...options.postgresTimeouts });
}
