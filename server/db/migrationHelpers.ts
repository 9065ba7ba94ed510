// Portable pieces for migrations. Kysely's autoIncrement() is SQLite syntax; PostgreSQL wants an
// identity column, so the id column is chosen from the adapter the migration runs on.
import { type Kysely, PostgresAdapter } from 'kysely';

// Migrations must not depend on today's Database type: they describe the past.
// biome-ignore lint/suspicious/noExplicitAny: a migration sees the database untyped
export type MigrationDb = Kysely<any>;

/** CREATE TABLE name (id integer primary key, generated) on either dialect. */
export function createTableWithId(db: MigrationDb, name: string) {
  const table = db.schema.createTable(name);
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** The column type for raw bytes: bytea on PostgreSQL, blob on SQLite. Both drivers read it as a Buffer. */
export function bytesType(db: MigrationDb): 'bytea' | 'blob' {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
}
