// Migration 0010_session_details on both dialects: sessions open before it end at their idle expiry at the
// latest, and know nothing of where they were opened.
import { type Kysely, Migrator, PostgresAdapter, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations/index';
import { dialect, openTestDatabase, type TestDatabase } from '../support/testDatabase';

describe(`migration 0010_session_details (${dialect})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(() => t?.close());

  async function migrator(): Promise<Migrator> {
    const db = t.handle.db;
    const schema =
      db.getExecutor().adapter instanceof PostgresAdapter
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
        : undefined;
    return new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
  }

  it('gives existing sessions their idle expiry as their absolute end', async () => {
    expect((await (await migrator()).migrateTo('0009_mail_retry')).error).toBeUndefined();
    // Before 0010 the table has none of the new columns: written untyped, as the old code wrote it.
    const db = t.handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const user = await db
      .insertInto('users')
      .values({ email: 'antes@demo.mx', name: 'Antes', password_hash: 'x', created_at: '2025-06-01T00:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sessions')
      .values({
        token_hash: 'a'.repeat(64),
        user_id: user.id,
        condo_id: null,
        kind: 'signin',
        parent_id: null,
        remember_me: 0,
        created_at: '2025-06-01T10:00:00.000Z',
        last_seen_at: '2025-06-01T10:00:00.000Z',
        expires_at: '2025-06-01T12:00:00.000Z',
      })
      .execute();
    expect((await (await migrator()).migrateToLatest()).error).toBeUndefined();
    const row = await t.handle.db
      .selectFrom('sessions')
      .select(['expires_at', 'absolute_expires_at', 'client_address', 'user_agent'])
      .where('token_hash', '=', 'a'.repeat(64))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      expires_at: '2025-06-01T12:00:00.000Z',
      absolute_expires_at: '2025-06-01T12:00:00.000Z',
      client_address: null,
      user_agent: null,
    });
  });
});
