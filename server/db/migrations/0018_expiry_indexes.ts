// The expired-credentials purge (sessions/jobs.ts, account/jobs.ts) finds its rows by their end: indexes on
// sessions.expires_at and password_resets.expires_at keep each bounded batch a range read rather than a scan of
// the table. sessions.parent_id is indexed too: a purged session takes its product token with it (ON DELETE
// CASCADE), and sign-out and "end this session" look tokens up by their parent.
import type { MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('sessions_parent').on('sessions').column('parent_id').execute();
  await db.schema.createIndex('password_resets_expires_at').on('password_resets').column('expires_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('password_resets_expires_at').execute();
  await db.schema.dropIndex('sessions_parent').execute();
  await db.schema.dropIndex('sessions_expires_at').execute();
}
