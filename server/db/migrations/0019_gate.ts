// Issue 26: the gate (caseta). Portable like 0014: ids through createTableWithId(), ISO-8601 text timestamps,
// 0/1 flags. What a device records offline carries an id the device made (client_id); the unique index on
// (condo_id, client_id) is what makes a replayed batch record once, whichever server process receives it.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // A gate device of a condominium (the caseta tablet, a guard's phone). Registered by an administrator;
  // paired by typing a one-time code (kept hashed, with its expiry) on the device, which then holds its own
  // token (hashed here). Revoked at once: its token and every shift session opened on it stop working.
  await createTableWithId(db, 'gate_devices')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('access_point', 'text', (c) => c.notNull())
    .addColumn('pairing_code_hash', 'text')
    .addColumn('pairing_expires_at', 'text')
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('paired_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gate_devices_condo').on('gate_devices').column('condo_id').execute();

  // A guard's shift PIN for the condominium's paired devices (one per membership), kept hashed.
  await createTableWithId(db, 'gate_pins')
    .addColumn('membership_id', 'integer', (c) => c.notNull().unique().references('memberships.id').onDelete('cascade'))
    .addColumn('pin_hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // A shift session (sessions.kind 'gate') is opened on a paired device and can do gate work only.
  await db.schema
    .alterTable('sessions')
    .addColumn('device_id', 'integer', (c) => c.references('gate_devices.id').onDelete('cascade'))
    .execute();

  // How many entries a pass allows (null: no limit; 1: single use). Counted from gate_movements.
  await db.schema.alterTable('passes').addColumn('entry_limit', 'integer').execute();

  // The movement log (bitacora-movimientos): every entry, exit and refusal, never edited or deleted by a person
  // (a correction is a new row). kind: entry | exit | refusal. An exit points at its entry (entry_id); an entry
  // with no exit is somebody inside now. occurred_at is when it happened (the device's clock, for what was
  // recorded offline), occurred_local the same moment in the condominium's zone 'YYYY-MM-DD HH:mm' (filters
  // by day read it); received_at is when the server got it. conflict: what the server found when a movement
  // recorded offline arrived (the pass was revoked meanwhile, its entries were used up), null when none.
  await createTableWithId(db, 'gate_movements')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('pass_id', 'integer', (c) => c.references('passes.id').onDelete('set null'))
    .addColumn('apartment_id', 'integer', (c) => c.references('apartments.id').onDelete('set null'))
    .addColumn('visitor_name', 'text', (c) => c.notNull())
    .addColumn('pass_kind', 'text')
    .addColumn('people', 'integer', (c) => c.notNull())
    .addColumn('plates', 'text')
    .addColumn('access_point', 'text')
    .addColumn('note', 'text')
    .addColumn('reason', 'text')
    .addColumn('entry_id', 'integer', (c) => c.references('gate_movements.id').onDelete('set null'))
    .addColumn('device_id', 'integer', (c) => c.references('gate_devices.id').onDelete('set null'))
    .addColumn('guard_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('occurred_local', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('conflict', 'text')
    .execute();
  await db.schema.createIndex('gate_movements_client').on('gate_movements').columns(['condo_id', 'client_id']).unique().execute();
  await db.schema.createIndex('gate_movements_condo_time').on('gate_movements').columns(['condo_id', 'occurred_local']).execute();
  await db.schema
    .createIndex('gate_movements_dwelling_time')
    .on('gate_movements')
    .columns(['condo_id', 'apartment_id', 'occurred_local'])
    .execute();
  await db.schema.createIndex('gate_movements_pass').on('gate_movements').columns(['pass_id', 'kind']).execute();
  await db.schema.createIndex('gate_movements_entry').on('gate_movements').column('entry_id').execute();

  // Parcels (paquetería): logged by the gate, collected by a resident (or someone they authorise) with the
  // one-time pickup code (kept hashed) or a signature drawn on the screen (a PNG in `files`).
  // status: waiting | collected. size: sobre | chico | mediano | grande.
  await createTableWithId(db, 'parcels')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('tracking', 'text')
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('photo_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('pickup_code_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('arrived_at', 'text', (c) => c.notNull())
    .addColumn('logged_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('device_id', 'integer', (c) => c.references('gate_devices.id').onDelete('set null'))
    .addColumn('collected_at', 'text')
    .addColumn('collected_by_name', 'text')
    .addColumn('collected_method', 'text')
    .addColumn('signature_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('handed_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reminded_at', 'text')
    .addColumn('reminders', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('parcels_client').on('parcels').columns(['condo_id', 'client_id']).unique().execute();
  await db.schema.createIndex('parcels_condo_status').on('parcels').columns(['condo_id', 'status', 'apartment_id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('parcels').execute();
  await db.schema.dropTable('gate_movements').execute();
  await db.schema.alterTable('passes').dropColumn('entry_limit').execute();
  await db.schema.alterTable('sessions').dropColumn('device_id').execute();
  await db.schema.dropTable('gate_pins').execute();
  await db.schema.dropTable('gate_devices').execute();
}
