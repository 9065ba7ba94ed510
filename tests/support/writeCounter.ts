// Counts every row the app inserts, updates or deletes, per table, with row triggers installed in the test's
// own database (a SQLite file or a PostgreSQL schema of its own, dropped after the test). A write rolled back
// with its transaction is not counted. Tests read the counts before and after a request to prove that a
// refused request wrote nothing.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../server/db/schema';
import { ownTables } from './ownTables';

const COUNTS = 'test_write_counts';

export interface WriteCounter {
  /** Rows written so far, by table (tables never written are left out). */
  read(): Promise<Record<string, number>>;
}

/** Installs the triggers on every table but `ignored` (and Kysely's migration tables). */
export async function countWrites(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  ignored: readonly string[],
): Promise<WriteCounter> {
  const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const tables = (await ownTables(db as never))
    .map((table) => table.name)
    .filter((name) => !ignored.includes(name) && !name.startsWith('kysely_'));

  await sql`create table ${sql.table(COUNTS)} (t varchar(100) primary key, n integer not null)`.execute(db);
  await raw
    .insertInto(COUNTS)
    .values(tables.map((t) => ({ t, n: 0 })))
    .execute();
  if (dialect === 'postgres') {
    await sql
      .raw(`create function test_count_write() returns trigger language plpgsql as $$
        begin update ${COUNTS} set n = n + 1 where t = TG_TABLE_NAME; return null; end $$`)
      .execute(db);
    for (const table of tables) {
      await sql
        .raw(`create trigger test_count_write after insert or update or delete on "${table}"
          for each row execute function test_count_write()`)
        .execute(db);
    }
  } else {
    for (const table of tables) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql
          .raw(`create trigger "test_count_${event}_${table}" after ${event} on "${table}"
            begin update ${COUNTS} set n = n + 1 where t = '${table}'; end`)
          .execute(db);
      }
    }
  }
  return {
    async read() {
      const rows = await raw.selectFrom(COUNTS).select(['t', 'n']).where('n', '>', 0).execute();
      return Object.fromEntries(rows.map((row) => [String(row.t), Number(row.n)]));
    },
  };
}
