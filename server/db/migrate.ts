import { type Kysely, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import { migrations } from './migrations/index';
import type { Database } from './schema';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * On PostgreSQL the migrator is pinned to the schema the tables go to. Unpinned, Kysely looks for its
 * kysely_migration tables in every schema of the database: once any schema has them (another
 * DATABASE_SCHEMA, another test file), a fresh schema skips creating its own and the migration fails.
 */
async function migrator(db: Kysely<Database>): Promise<Migrator> {
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema ?? undefined;
  }
  return new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
}

/** Runs every pending migration; returns the name of the latest one applied (the migration level). */
export async function migrateToLatest(db: Kysely<Database>): Promise<string> {
  const { error, results } = await (await migrator(db)).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return migrationLevel(db);
}

export async function migrationLevel(db: Kysely<Database>): Promise<string> {
  const all = await (await migrator(db)).getMigrations();
  const applied = all.filter((m) => m.executedAt);
  return applied.at(-1)?.name ?? 'none';
}
