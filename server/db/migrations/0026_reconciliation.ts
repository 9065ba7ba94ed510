// Issue 27: bank statement reconciliation (conciliación). reconciliation_imports: one statement imported (its file,
// the bank's layout, the account it is of, its period and counts, who and when). bank_movements: every movement of
// the condominium's statements once, unique by (condo_id, fingerprint), so importing the same or an overlapping
// statement again adds nothing (two imports at once: one inserts, the other finds it there). Its state:
// pendiente (a deposit in the queue), conciliado, descartado, retiro_sin_registrar. reconciliation_matches: a
// deposit's part matched to a dwelling with a confidence (0..100) and a state (automatico, sugerido, aceptado,
// descartado, deshecho); payment_id the ledger payment it posted (posted = 1) or found already there (posted = 0).
// reconciliation_mappings: the column mappings saved per condominium (how to read a CSV of no known bank).
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'reconciliation_imports')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_hash', 'text', (c) => c.notNull())
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('period_from', 'text')
    .addColumn('period_to', 'text')
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('added', 'integer', (c) => c.notNull())
    .addColumn('repeated', 'integer', (c) => c.notNull())
    .addColumn('matched', 'integer', (c) => c.notNull())
    .addColumn('pending', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reconciliation_imports_condo')
    .on('reconciliation_imports')
    .columns(['condo_id', 'created_at'])
    .execute();

  await createTableWithId(db, 'bank_movements')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('import_id', 'integer', (c) => c.notNull().references('reconciliation_imports.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id').onDelete('cascade'))
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('occurred_on', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('balance_cents', 'integer')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bank_movements_fingerprint')
    .on('bank_movements')
    .columns(['condo_id', 'fingerprint'])
    .unique()
    .execute();
  await db.schema
    .createIndex('bank_movements_queue')
    .on('bank_movements')
    .columns(['condo_id', 'state', 'occurred_on'])
    .execute();

  await createTableWithId(db, 'reconciliation_matches')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('movement_id', 'integer', (c) => c.notNull().references('bank_movements.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('confidence', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'integer', (c) => c.references('dwelling_payments.id').onDelete('set null'))
    .addColumn('posted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reconciliation_matches_movement').on('reconciliation_matches').columns(['movement_id']).execute();
  await db.schema.createIndex('reconciliation_matches_payment').on('reconciliation_matches').columns(['payment_id']).execute();

  await createTableWithId(db, 'reconciliation_mappings')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reconciliation_mappings_name')
    .on('reconciliation_mappings')
    .columns(['condo_id', 'name'])
    .unique()
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('reconciliation_mappings').execute();
  await db.schema.dropTable('reconciliation_matches').execute();
  await db.schema.dropTable('bank_movements').execute();
  await db.schema.dropTable('reconciliation_imports').execute();
}
