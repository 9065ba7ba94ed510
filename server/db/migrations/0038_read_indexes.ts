// A dwelling's account statement (finance/statement) reads its charges and payments by condominium, dwelling
// and date. With only (condo_id, date) and (apartment_id, date) to choose from, SQLite took the condominium's
// index and read every charge and payment of the condominium up to the end date to keep one dwelling's (4 ms
// a statement on the demo, growing with the condominium's history; issue 29). These lead with both equalities,
// so the read is one range of that dwelling's rows, already in date order.
import type { MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('dwelling_charges_condo_apartment')
    .on('dwelling_charges')
    .columns(['condo_id', 'apartment_id', 'charged_on'])
    .execute();
  await db.schema
    .createIndex('dwelling_payments_condo_apartment')
    .on('dwelling_payments')
    .columns(['condo_id', 'apartment_id', 'paid_on'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('dwelling_payments_condo_apartment').execute();
  await db.schema.dropIndex('dwelling_charges_condo_apartment').execute();
}
