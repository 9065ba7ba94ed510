// Issue 30, "One live channel": live_events, one row per reader of each thing that changed (server/domain/shared/
// live.ts publishLive, written in the change's own transaction). condo_id and user_id say who may read it: a stream
// sees only its session's condominium and user. type is a kind of src/api/live.ts; payload its JSON (ids only).
// The id orders them (an SSE stream resumes after the last id its reader saw); the scheduled job live.prune
// deletes rows older than LIVE_EVENTS_KEPT_MS.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'live_events')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A stream's resume and the polling fallback: one reader's events after an id.
  await db.schema.createIndex('live_events_reader').on('live_events').columns(['condo_id', 'user_id', 'id']).execute();
  // The prune: the oldest first.
  await db.schema.createIndex('live_events_created').on('live_events').columns(['created_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('live_events').execute();
}
