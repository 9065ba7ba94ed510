// Issue 17: a requested stamp package is credited once, by the stamps provider (`npm run stamps -- credit`):
// the request remembers when and which ledger movement credited it, so a second credit is refused and
// solicitar-timbres shows each request as pending or credited.
import type { MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('stamp_requests').addColumn('credited_at', 'text').execute();
  // No REFERENCES: SQLite cannot drop a column a foreign key names, and movements are never deleted anyway.
  await db.schema.alterTable('stamp_requests').addColumn('credit_movement_id', 'integer').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('stamp_requests').dropColumn('credit_movement_id').execute();
  await db.schema.alterTable('stamp_requests').dropColumn('credited_at').execute();
}
