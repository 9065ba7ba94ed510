// Test databases cloned from templates instead of built one by one. Migrating and seeding the demo data
// costs about 2 s a database on PostgreSQL (0.5 s on SQLite), and the server suite makes a few hundred:
// most of the PostgreSQL layer's time went there. A template is built once per run and key (the demo
// data depends on the clock's start and the scrypt cost, nothing else), then every database that needs
// it is a copy: `CREATE DATABASE … TEMPLATE` on PostgreSQL, a file copy on SQLite.
//
// The templates of a run live while the run does: tests/support/serverGlobalSetup.ts names the run and
// drops them at its end. Outside a vitest run (no run name), nothing is templated.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import { openDatabase, sqliteFile } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedIfEmpty } from '../../server/db/seed/demo';

/** What a template holds: the schema, and the demo data seeded at `seedAt` (ISO) when not null. */
export interface TemplateKey {
  seedAt: string | null;
  scryptLogN: number;
}

export interface ClonedDatabase {
  /** DATA_DIR for SQLite, or DATABASE_URL for PostgreSQL. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

const keyHash = (key: TemplateKey) =>
  createHash('sha256')
    .update(JSON.stringify([key.seedAt, key.scryptLogN]))
    .digest('hex')
    .slice(0, 16);

/** A run's name is `r<base36 ms>`: old runs (a crash skipped their teardown) are known by it. */
export const newRunName = () => `r${Date.now().toString(36)}`;
export const runStartedAt = (run: string) => Number.parseInt(run.slice(1), 36);

/** The database at `url` with another database name. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Builds a template's content in the database the environment names. */
async function fill(env: Record<string, string>, key: TemplateKey): Promise<void> {
  const config = loadConfig({ STATIC_DIR: 'none', SCRYPT_LOG_N: String(key.scryptLogN), ...env });
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    if (key.seedAt !== null) {
      const at = new Date(key.seedAt);
      await seedIfEmpty(handle.db, { clock: { now: () => new Date(at) }, scryptLogN: key.scryptLogN });
    }
  } finally {
    await handle.close();
  }
}

/** A new PostgreSQL database copied from the run's template for the key (built first if need be). */
export async function clonePostgres(url: string, run: string, key: TemplateKey): Promise<ClonedDatabase> {
  const template = `tpl_${run}_${keyHash(key)}`;
  const name = `t_${run}_${randomBytes(5).toString('hex')}`;
  await withClient(url, async (admin) => {
    // Workers needing the same template wait for the one building it; other templates go on meanwhile.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount === 0) {
        await admin.query(`CREATE DATABASE ${template}`);
        await admin.query(`ALTER DATABASE ${template} SET synchronous_commit = off`);
        try {
          await fill({ DATABASE_URL: databaseUrl(url, template) }, key);
        } catch (error) {
          await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
          throw error;
        }
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    // A test database is thrown away: its commits need not wait for the disk (a crash loses the run anyway).
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  return {
    env: { DATABASE_URL: databaseUrl(url, name) },
    cleanup: () => withClient(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

const sqliteTemplates = (run: string) => path.join(os.tmpdir(), `condo-templates-${run}`);

/** A new SQLite data directory holding a copy of the run's template file for the key. */
export async function cloneSqlite(run: string, key: TemplateKey): Promise<ClonedDatabase> {
  const root = sqliteTemplates(run);
  const ready = path.join(root, keyHash(key));
  if (!fs.existsSync(ready)) {
    // Built aside and renamed into place: a worker that loses the race throws its copy away.
    fs.mkdirSync(root, { recursive: true });
    const building = fs.mkdtempSync(path.join(root, 'building-'));
    await fill({ DATA_DIR: building }, key);
    try {
      fs.renameSync(building, ready);
    } catch {
      fs.rmSync(building, { recursive: true, force: true });
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'condo-test-'));
  fs.copyFileSync(sqliteFile({ dataDir: ready }), sqliteFile({ dataDir: dir }));
  return { env: { DATA_DIR: dir }, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The run's templates and databases go; so do those of runs older than a day (their teardown never ran). */
export async function dropRun(url: string | undefined, run: string): Promise<void> {
  fs.rmSync(sqliteTemplates(run), { recursive: true, force: true });
  for (const entry of fs.readdirSync(os.tmpdir())) {
    const old = /^condo-templates-(r[0-9a-z]+)$/.exec(entry);
    if (old?.[1] && runStartedAt(old[1]) < Date.now() - 86_400_000) {
      fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
    }
  }
  if (!url) return;
  await withClient(url, async (admin) => {
    const rows = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname ~ '^(tpl|t)_r[0-9a-z]+_'");
    for (const { datname } of rows.rows) {
      const of = /^(?:tpl|t)_(r[0-9a-z]+)_/.exec(datname)?.[1] ?? '';
      if (of === run || runStartedAt(of) < Date.now() - 86_400_000) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    }
  });
}
