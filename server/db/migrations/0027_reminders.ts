// Issue 27, payment reminders: each condominium's days (before, on and after a charge's due date), every reminder
// sent to a dwelling, and each charge a reminder named. Portable like 0019: ids through createTableWithId(),
// ISO-8601 text timestamps, 0/1 flags, money in integer cents. The unique index on reminded_charges (charge_id,
// kind) is what makes a charge get each kind of reminder once, however many times and in however many processes
// the daily job runs.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // One row per condominium; days_before / days_after null: no reminder then.
  await createTableWithId(db, 'reminder_settings')
    .addColumn('condo_id', 'integer', (c) => c.notNull().unique().references('condominiums.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('days_before', 'integer')
    .addColumn('on_due', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('days_after', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  // A reminder sent to a dwelling's residents: its kind, the condominium's day, what was owed on the charges it
  // named (and the earliest due date among them), how many charges and how many people.
  await createTableWithId(db, 'payment_reminders')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_on', 'text', (c) => c.notNull())
    .addColumn('owed_cents', 'integer', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('charges', 'integer', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_reminders_condo').on('payment_reminders').columns(['condo_id', 'id']).execute();
  await db.schema.createIndex('payment_reminders_dwelling').on('payment_reminders').column('apartment_id').execute();

  await createTableWithId(db, 'reminded_charges')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('charge_id', 'integer', (c) => c.notNull().references('dwelling_charges.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reminder_id', 'integer', (c) => c.notNull().references('payment_reminders.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('reminded_charges_once').on('reminded_charges').columns(['charge_id', 'kind']).unique().execute();
  await db.schema.createIndex('reminded_charges_reminder').on('reminded_charges').column('reminder_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('reminded_charges').execute();
  await db.schema.dropTable('payment_reminders').execute();
  await db.schema.dropTable('reminder_settings').execute();
}
