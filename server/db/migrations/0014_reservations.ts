// Issue 15: facility reservations (RI sections) and the events calendar (EV). Portable like 0013: ids through
// createTableWithId(), ISO-8601 text timestamps, 0/1 flags. The invariant that matters most (no two confirmed
// reservations beyond a facility's capacity) cannot be a unique index, because capacity is shared by ranges:
// the booking and approving transactions lock the facility row first (server/domain/reservations/lock.ts:
// BEGIN IMMEDIATE on SQLite, SELECT … FOR UPDATE on PostgreSQL) and re-read what holds time under that lock.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // One bookable common area of a condominium. hours_json: 7 entries Monday first, {abre, cierra} or null;
  // unit: bloques | libre (src/api/reservationRules.ts); limit_period: semana | mes, null without a limit.
  await createTableWithId(db, 'facilities')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('exclusive', 'integer', (c) => c.notNull())
    .addColumn('rules_text', 'text', (c) => c.notNull())
    .addColumn('hours_json', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('slot_minutes', 'integer', (c) => c.notNull())
    .addColumn('min_minutes', 'integer', (c) => c.notNull())
    .addColumn('max_minutes', 'integer', (c) => c.notNull())
    .addColumn('days_ahead', 'integer', (c) => c.notNull())
    .addColumn('cancel_hours', 'integer', (c) => c.notNull())
    .addColumn('limit_count', 'integer')
    .addColumn('limit_period', 'text')
    .addColumn('needs_approval', 'integer', (c) => c.notNull())
    .addColumn('fee_cents', 'integer', (c) => c.notNull())
    .addColumn('deposit_cents', 'integer', (c) => c.notNull())
    .addColumn('admits_arrears', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('facilities_condo').on('facilities').columns(['condo_id', 'position']).execute();

  // Photos (kind 'image') and the rules PDF (kind 'rules'); the bytes live in `files`.
  await createTableWithId(db, 'facility_files')
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('facility_files_facility').on('facility_files').column('facility_id').execute();

  // Maintenance and other closures, local wall-clock moments 'YYYY-MM-DDTHH:mm' in the condominium's zone.
  await createTableWithId(db, 'facility_closures')
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id').onDelete('cascade'))
    .addColumn('starts_local', 'text', (c) => c.notNull())
    .addColumn('ends_local', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('facility_closures_facility')
    .on('facility_closures')
    .columns(['facility_id', 'starts_local'])
    .execute();

  // A reservation of one dwelling. Times twice: local ('YYYY-MM-DDTHH:mm', the rules and the grid) and UTC
  // (ISO, sorting, jobs, ICS). state: reservationLifecycle.ts; deposit_state likewise. The ledger rows it
  // posted (fee, deposit, and their credits) are linked from dwelling_charges.reservation_id.
  await createTableWithId(db, 'reservations')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('starts_local', 'text', (c) => c.notNull())
    .addColumn('ends_local', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('people', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('fee_cents', 'integer', (c) => c.notNull())
    .addColumn('deposit_cents', 'integer', (c) => c.notNull())
    .addColumn('deposit_state', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reservations_facility_time')
    .on('reservations')
    .columns(['facility_id', 'state', 'starts_local'])
    .execute();
  await db.schema.createIndex('reservations_apartment').on('reservations').columns(['apartment_id', 'starts_at']).execute();
  await db.schema
    .createIndex('reservations_condo_state')
    .on('reservations')
    .columns(['condo_id', 'state', 'created_at'])
    .execute();

  // Which reservation a ledger row belongs to (fee, deposit, their credits), so statements name it and a
  // cancellation finds what to credit back.
  await db.schema
    .alterTable('dwelling_charges')
    .addColumn('reservation_id', 'integer', (c) => c.references('reservations.id').onDelete('set null'))
    .execute();

  // Events administrators publish in an EV section. kind: evento | asamblea. guest_event_id: the event of the
  // visitors issue (events + an event-type guest_links row) when it takes guest registrations.
  await createTableWithId(db, 'calendar_events')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('guest_event_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calendar_events_condo').on('calendar_events').columns(['condo_id', 'starts_at']).execute();

  // One secret ICS feed per person and condominium; only the SHA-256 of the token is stored (like sessions).
  await createTableWithId(db, 'calendar_feeds')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('calendar_feeds_user').on('calendar_feeds').columns(['user_id', 'condo_id']).unique().execute();
}

export async function down(db: MigrationDb): Promise<void> {
  const attached = await db.selectFrom('facility_files').select('file_id').execute();
  await db.schema.alterTable('dwelling_charges').dropColumn('reservation_id').execute();
  for (const table of [
    'calendar_feeds',
    'calendar_events',
    'reservations',
    'facility_closures',
    'facility_files',
    'facilities',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  if (attached.length > 0) {
    await db
      .deleteFrom('files')
      .where(
        'id',
        'in',
        attached.map((a: { file_id: number }) => a.file_id),
      )
      .execute();
  }
}
