// Every migration after the foundation goes down and up again on both dialects, leaving the foundation
// intact; the account migration (0002) is checked table by table.
import { PostgresAdapter, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationLevel, migrator as pinnedMigrator } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations/index';
import { ownTables } from '../support/ownTables';
import { dialect, openTestDatabase, type TestDatabase } from '../support/testDatabase';

describe(`migration 0002_account (${dialect})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(() => t?.close());

  async function tables(): Promise<string[]> {
    const db = t.handle.db;
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      const { rows } = await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db);
      return rows
        .map((r) => r.name)
        .filter((n) => !n.startsWith('kysely_'))
        .sort();
    }
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
    return rows
      .map((r) => r.name)
      .filter((n) => !n.startsWith('kysely_') && !n.startsWith('sqlite_'))
      .sort();
  }

  // The server's own migrator: pinned to this file's schema and blind to the others, which parallel files
  // create and drop meanwhile (Kysely's default introspector reads every schema and can fail on one dropped).
  const migrator = () => pinnedMigrator(t.handle.db);

  it('creates its tables and the photo column, drops them going down, and creates them again', async () => {
    const NEW = ['activity', 'app_secrets', 'files', 'mail_outbox', 'password_resets'];
    const FOUNDATION = [
      'apartments',
      'condominiums',
      'memberships',
      'residencies',
      'role_functions',
      'section_users',
      'sections',
      'sessions',
      'towers',
      'user_permissions',
      'users',
    ];
    expect(await migrationLevel(t.handle.db)).toBe(Object.keys(migrations).at(-1));
    const all = await tables();
    for (const table of NEW) expect(all).toContain(table);

    const down = await (await migrator()).migrateTo('0001_foundation');
    expect(down.error).toBeUndefined();
    expect(await migrationLevel(t.handle.db)).toBe('0001_foundation');
    expect(await tables()).toEqual(FOUNDATION);
    const users = (await ownTables(t.handle.db as never)).find((table) => table.name === 'users');
    expect(users?.columns.map((c) => c.name)).toContain('email');
    expect(users?.columns.map((c) => c.name)).not.toContain('photo_file_id');

    const up = await (await migrator()).migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await tables()).toEqual(all);
  });
});
