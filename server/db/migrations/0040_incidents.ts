// Issue 31, incidents and the shift handover. An incident (incidents) raised at a checkpoint of a round, at the gate or
// from the panel: its category, severity, description, place, the checkpoint it was found at (checkpoint_id, the
// rounds' checkpoint; no foreign key so this table stands without the rounds' migration), its state in the lifecycle
// of src/api/incidentsLifecycle.ts with a version for optimistic concurrency, and the request (ticket) a maintenance
// incident was turned into (ticket_id, unique: one request per incident; request_claimed_at marks the one
// call writing it, so a second cannot start while the first writes the request). Its photos (incident_photos) are stored
// files. A shift handover (shift_handovers): the outgoing guard's notes, and who read them and when. Portable like
// 0019: ids through createTableWithId(), ISO-8601 text times.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'incidents')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('checkpoint_id', 'integer')
    .addColumn('reported_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ticket_id', 'integer', (c) => c.references('tickets.id').onDelete('set null'))
    .addColumn('request_claimed_at', 'text')
    .addColumn('note', 'text')
    .addColumn('attended_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('attended_at', 'text')
    .addColumn('closed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('closed_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('incidents_condo_state').on('incidents').columns(['condo_id', 'state', 'created_at']).execute();
  await db.schema.createIndex('incidents_ticket_once').on('incidents').column('ticket_id').unique().execute();

  await createTableWithId(db, 'incident_photos')
    .addColumn('incident_id', 'integer', (c) => c.notNull().references('incidents.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('incident_photos_incident').on('incident_photos').columns(['incident_id', 'position']).execute();

  await createTableWithId(db, 'shift_handovers')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('written_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('written_at', 'text', (c) => c.notNull())
    .addColumn('read_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('shift_handovers_condo').on('shift_handovers').columns(['condo_id', 'written_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('shift_handovers').execute();
  await db.schema.dropTable('incident_photos').execute();
  await db.schema.dropTable('incidents').execute();
}
