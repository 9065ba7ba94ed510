// Issue 31: supervisor rounds (recorridos). Portable like 0019: ids through createTableWithId(), ISO-8601 text
// timestamps in UTC. Checkpoints carry the QR code's value printed on their sheet (and an NFC tag's id where one is
// stuck); a plan lists its checkpoints in order with a tolerance each and a schedule; every slot of the schedule is
// a round with one stop per checkpoint, made ahead by the rounds' jobs. A scan is written once per device-made
// client_id and never edited: corrections are notes.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'round_checkpoints')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull())
    // The QR code's text: random, unique everywhere.
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('nfc_tag', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('round_checkpoints_code').on('round_checkpoints').column('code').unique().execute();
  await db.schema.createIndex('round_checkpoints_condo').on('round_checkpoints').columns(['condo_id', 'active']).execute();

  // every_hours from from_time to to_time ('HH:mm', the condominium's wall clock; to ≤ from crosses midnight).
  await createTableWithId(db, 'round_plans')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ordered', 'integer', (c) => c.notNull())
    .addColumn('every_hours', 'integer', (c) => c.notNull())
    .addColumn('from_time', 'text', (c) => c.notNull())
    .addColumn('to_time', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'round_plan_stops')
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('round_plans.id').onDelete('cascade'))
    .addColumn('checkpoint_id', 'integer', (c) => c.notNull().references('round_checkpoints.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('tolerance_minutes', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('round_plan_stops_order')
    .on('round_plan_stops')
    .columns(['plan_id', 'position'])
    .unique()
    .execute();

  // status: scheduled | walking | done | late | missed.
  await createTableWithId(db, 'rounds')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('round_plans.id').onDelete('cascade'))
    .addColumn('slot_at', 'text', (c) => c.notNull())
    .addColumn('closes_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('walked_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('device_id', 'integer', (c) => c.references('gate_devices.id').onDelete('set null'))
    // When the supervisor was told it was missed (once).
    .addColumn('missed_notified_at', 'text')
    .execute();
  await db.schema.createIndex('rounds_plan_slot').on('rounds').columns(['plan_id', 'slot_at']).unique().execute();
  await db.schema.createIndex('rounds_condo_slot').on('rounds').columns(['condo_id', 'slot_at']).execute();

  await createTableWithId(db, 'round_scans')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('round_id', 'integer', (c) => c.notNull().references('rounds.id').onDelete('cascade'))
    .addColumn('checkpoint_id', 'integer', (c) => c.notNull().references('round_checkpoints.id').onDelete('cascade'))
    // By the device's clock (checked by shared/deviceTime.ts); received_at by the server's.
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('offline', 'integer', (c) => c.notNull())
    .addColumn('out_of_order', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('photo_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('device_id', 'integer', (c) => c.references('gate_devices.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('round_scans_client').on('round_scans').columns(['condo_id', 'client_id']).unique().execute();

  // status: pending | done | late | missed. late with no scan: past its due time, still to be scanned.
  await createTableWithId(db, 'round_stops')
    .addColumn('round_id', 'integer', (c) => c.notNull().references('rounds.id').onDelete('cascade'))
    .addColumn('checkpoint_id', 'integer', (c) => c.notNull().references('round_checkpoints.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('scan_id', 'integer', (c) => c.references('round_scans.id').onDelete('set null'))
    .addColumn('scanned_at', 'text')
    .addColumn('out_of_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('late_notified_at', 'text')
    .execute();
  await db.schema.createIndex('round_stops_round').on('round_stops').columns(['round_id', 'position']).unique().execute();

  // Corrections and remarks on a round (a scan is never edited).
  await createTableWithId(db, 'round_notes')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('round_id', 'integer', (c) => c.notNull().references('rounds.id').onDelete('cascade'))
    .addColumn('checkpoint_id', 'integer', (c) => c.references('round_checkpoints.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('photo_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('round_notes_round').on('round_notes').column('round_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'round_notes',
    'round_stops',
    'round_scans',
    'rounds',
    'round_plan_stops',
    'round_plans',
    'round_checkpoints',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
