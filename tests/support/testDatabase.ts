// A fresh database for one test: a SQLite file in a temp dir, or (TEST_DIALECT=postgres) a schema or a
// database of its own in TEST_DATABASE_URL. The environment it yields is what loadConfig (or a spawned
// server) needs. Inside a vitest run the migrated (and seeded) ones are copies of the run's templates.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../../server/config';
import { type DatabaseHandle, openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { clonePostgres, cloneSqlite, runStartedAt, type TemplateKey } from './templateDatabase';

export const dialect = (process.env.TEST_DIALECT ?? 'sqlite') as 'sqlite' | 'postgres';

export interface FreshDatabase {
  /** DATA_DIR for SQLite, or DATABASE_URL and DATABASE_SCHEMA for PostgreSQL. */
  env: Record<string, string>;
  /** Removes the temp dir or drops the schema. Close every handle on it first. */
  cleanup(): Promise<void>;
}

async function postgresQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function freshDatabase(): Promise<FreshDatabase> {
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    await postgresQuery(url, `CREATE SCHEMA ${schema}`);
    return {
      env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
      cleanup: () => postgresQuery(url, `DROP SCHEMA ${schema} CASCADE`),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'condo-test-'));
  return { env: { DATA_DIR: dir }, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The run whose templates this file may copy (tests/support/serverGlobalSetup.ts), if any. */
function templateRun(): string | null {
  // TEST_TEMPLATES=off builds every database from scratch, as before the templates (to compare the two).
  if (process.env.TEST_TEMPLATES === 'off') return null;
  try {
    return inject('templateRun') ?? null;
  } catch {
    return null;
  }
}

/**
 * When the apps of this run that live on the system clock have their demo data seeded: the run's start, to
 * the second (one template for all of them); outside a run, null (the app seeds its empty database itself).
 */
export function systemClockSeedAt(): string | null {
  const run = templateRun();
  if (!run) return null;
  return new Date(Math.floor(runStartedAt(run) / 1000) * 1000).toISOString();
}

/**
 * A database already migrated, and seeded as `key` says, copied from the run's template; outside a run,
 * a fresh empty one (the app then migrates and seeds it itself, as it would anyway).
 */
export async function templatedDatabase(key: TemplateKey): Promise<FreshDatabase> {
  const run = templateRun();
  if (!run) return freshDatabase();
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
    return clonePostgres(url, run, key);
  }
  return cloneSqlite(run, key);
}

export interface TestDatabase {
  handle: DatabaseHandle;
  config: Config;
  /** Closes the handle and removes the database. */
  close(): Promise<void>;
}

/** A fresh database, migrated but empty, opened without any app around it. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const fresh = await templatedDatabase({ seedAt: null, scryptLogN: 10 });
  const config = loadConfig({ STATIC_DIR: 'none', SCRYPT_LOG_N: '10', ...fresh.env });
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    await fresh.cleanup();
    throw error;
  }
  return {
    handle,
    config,
    async close() {
      await handle.close();
      await fresh.cleanup();
    },
  };
}
