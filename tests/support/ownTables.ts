// The tables of the database a test opened, with their columns. On PostgreSQL each test file has a schema of
// its own in one shared database; Kysely's introspection reads every schema and calls has_schema_privilege()
// on each name, which fails ("schema … does not exist") when a file running beside this one drops its schema
// during the query. So on PostgreSQL only the current schema is read.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export interface OwnColumn {
  name: string;
  isNullable: boolean;
}

export interface OwnTable {
  name: string;
  columns: OwnColumn[];
}

export async function ownTables(db: Kysely<never>): Promise<OwnTable[]> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    return (await db.introspection.getTables({ withInternalKyselyTables: true })).map((table) => ({
      name: table.name,
      columns: table.columns.map(({ name, isNullable }) => ({ name, isNullable })),
    }));
  }
  const { rows } = await sql<{ table: string; column: string; nullable: string }>`
    select table_name as "table", column_name as "column", is_nullable as nullable from information_schema.columns
    where table_schema = current_schema() order by table_name, ordinal_position`.execute(db);
  const tables = new Map<string, OwnColumn[]>();
  for (const row of rows) {
    tables.set(row.table, [...(tables.get(row.table) ?? []), { name: row.column, isNullable: row.nullable === 'YES' }]);
  }
  return [...tables].map(([name, columns]) => ({ name, columns }));
}
