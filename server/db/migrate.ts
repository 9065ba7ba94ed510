import { type Kysely, type MigrationProvider, Migrator } from 'kysely';
import { migrations } from './migrations/index';
import type { Database } from './schema';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Runs every pending migration; returns the name of the latest one applied (the migration level). */
export async function migrateToLatest(db: Kysely<Database>): Promise<string> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return migrationLevel(db);
}

export async function migrationLevel(db: Kysely<Database>): Promise<string> {
  const migrator = new Migrator({ db, provider });
  const all = await migrator.getMigrations();
  const applied = all.filter((m) => m.executedAt);
  return applied.at(-1)?.name ?? 'none';
}
