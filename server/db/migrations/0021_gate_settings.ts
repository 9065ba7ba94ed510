// Issue 26: the gate's settings per condominium and the entry's photo. The three settings are columns of the
// condominium, next to its other settings (configuracion 'condominio', one version digest over them all); their
// defaults are the constants they replace (src/api/condoSettings.ts GATE_SETTING_DEFAULTS), so every condominium
// keeps today's behaviour until an administrator changes them. The photo of plates or ID an entry may carry is a
// row of `files`; photo_expires_at is when the gate's daily job deletes it (file and columns).
import type { MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('condominiums')
    .addColumn('walk_in_answer_minutes', 'integer', (c) => c.notNull().defaultTo(3))
    .execute();
  await db.schema
    .alterTable('condominiums')
    .addColumn('parcel_reminder_days', 'integer', (c) => c.notNull().defaultTo(3))
    .execute();
  await db.schema
    .alterTable('condominiums')
    .addColumn('photo_retention_days', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
  // No REFERENCES: SQLite cannot drop a column a foreign key names; the job deletes the file with the link.
  await db.schema.alterTable('gate_movements').addColumn('photo_file_id', 'integer').execute();
  await db.schema.alterTable('gate_movements').addColumn('photo_expires_at', 'text').execute();
  // The job's look-up: only the few rows with a photo have a non-null expiry, a short range of this index.
  await db.schema.createIndex('gate_movements_photo_expiry').on('gate_movements').column('photo_expires_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('gate_movements_photo_expiry').execute();
  await db.schema.alterTable('gate_movements').dropColumn('photo_expires_at').execute();
  await db.schema.alterTable('gate_movements').dropColumn('photo_file_id').execute();
  await db.schema.alterTable('condominiums').dropColumn('photo_retention_days').execute();
  await db.schema.alterTable('condominiums').dropColumn('parcel_reminder_days').execute();
  await db.schema.alterTable('condominiums').dropColumn('walk_in_answer_minutes').execute();
}
