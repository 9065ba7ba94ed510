import {
  type DatabaseIntrospector,
  type Kysely,
  type MigrationProvider,
  Migrator,
  PostgresAdapter,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';
import { migrations } from './migrations/index';
import type { Database } from './schema';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * What the migrator asks of the database's catalogue (does its schema and its tables exist), answered for
 * one schema only. Kysely's own PostgreSQL introspector reads every schema of the database and calls
 * has_schema_privilege() on each name, which fails with "schema … does not exist" when another process
 * drops a schema during the query (parallel test files, each in a schema of its own, do).
 */
function oneSchemaIntrospector(db: Kysely<Database>, schema: string): DatabaseIntrospector {
  return {
    getSchemas: async (): Promise<SchemaMetadata[]> => [{ name: schema }],
    getTables: async (): Promise<TableMetadata[]> => {
      const { rows } = await sql<{ name: string }>`
        select table_name as name from information_schema.tables where table_schema = ${schema}`.execute(db);
      return rows.map(({ name }) => ({ name, schema, isView: false, columns: [] }));
    },
    getMetadata: async () => ({ tables: [] }),
  };
}

/** db, with its introspection answered by `introspector` (the Kysely instance is otherwise untouched). */
function withIntrospector(db: Kysely<Database>, introspector: DatabaseIntrospector): Kysely<Database> {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspector;
      const value = Reflect.get(target, property, target);
      // Kysely's methods read private fields: they must run on the instance itself, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * On PostgreSQL the migrator is pinned to the schema the tables go to, and sees only that schema. Unpinned,
 * Kysely looks for its kysely_migration tables in every schema of the database: once any schema has them
 * (another DATABASE_SCHEMA, another test file), a fresh schema skips creating its own and the migration fails.
 * Exported for the tests that move between migrations (migrateTo), so they are pinned the same way.
 */
export async function migrator(db: Kysely<Database>): Promise<Migrator> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return new Migrator({ db, provider });
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: check DATABASE_SCHEMA or the search_path');
  return new Migrator({ db: withIntrospector(db, oneSchemaIntrospector(db, schema)), provider, migrationTableSchema: schema });
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
