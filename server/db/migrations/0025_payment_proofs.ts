// Issue 27: proofs of payment (comprobantes de pago, src/api/proofs.ts). payment_proofs: one proof a resident (or a
// reviewer for them) sent for a dwelling, its file in `files`, the amount, the day paid, the bank and reference, and
// its state (src/api/proofsLifecycle.ts). reference_key and file_sha256 are what the duplicate check compares with the
// condominium's accepted proofs; payment_id is the ledger payment an accepted proof wrote (its receipt with it).
// client_id makes a second press, or a retry after a lost answer, answer the same proof.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'payment_proofs')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('reference_key', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_sha256', 'text', (c) => c.notNull())
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('payment_id', 'integer', (c) => c.references('dwelling_payments.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_proofs_client').on('payment_proofs').columns(['condo_id', 'client_id']).unique().execute();
  // The queue's tabs, newest first.
  await db.schema.createIndex('payment_proofs_state').on('payment_proofs').columns(['condo_id', 'state', 'created_at']).execute();
  await db.schema.createIndex('payment_proofs_apartment').on('payment_proofs').columns(['apartment_id', 'created_at']).execute();
  // The duplicate check: accepted proofs by file and by reference.
  await db.schema.createIndex('payment_proofs_sha').on('payment_proofs').columns(['condo_id', 'file_sha256']).execute();
  await db.schema.createIndex('payment_proofs_reference').on('payment_proofs').columns(['condo_id', 'reference_key']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('payment_proofs').execute();
}
