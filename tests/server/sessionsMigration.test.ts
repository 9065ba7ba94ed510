// Migration 0010_session_details on both dialects: sessions open before it end at their idle expiry at the
// latest, and know nothing of where they were opened.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrator as pinnedMigrator } from '../../server/db/migrate';
import { dialect, openTestDatabase, type TestDatabase } from '../support/testDatabase';

describe(`migration 0010_session_details (${dialect})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(() => t?.close());

  // The server's own migrator: pinned to this file's schema and blind to the others, which parallel files
  // create and drop meanwhile (Kysely's default introspector reads every schema and can fail on one dropped).
  const migrator = () => pinnedMigrator(t.handle.db);

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
