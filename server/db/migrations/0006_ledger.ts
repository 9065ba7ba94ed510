// Issue 5: the ledger. Bank and cash accounts, funds, charges (cuotas) and payments per dwelling, income and
// expense movements by category, yearly budgets by category. Money in integer cents (MXN); dates are
// YYYY-MM-DD in the condominium's time zone. Portable like 0001: createTableWithId(), text dates.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // Where money is kept: kind 'banco' or 'caja'.
  await createTableWithId(db, 'ledger_accounts')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('opening_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opened_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_accounts_condo').on('ledger_accounts').column('condo_id').execute();

  // Money set aside for a purpose (reserve, works, …).
  await createTableWithId(db, 'ledger_funds')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('opening_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opened_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_funds_condo').on('ledger_funds').column('condo_id').execute();

  // What a dwelling owes: one row per cuota (or extraordinary charge), due on due_on.
  await createTableWithId(db, 'dwelling_charges')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('concept', 'text', (c) => c.notNull())
    .addColumn('charged_on', 'text', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dwelling_charges_apt').on('dwelling_charges').columns(['apartment_id', 'charged_on']).execute();
  await db.schema.createIndex('dwelling_charges_condo').on('dwelling_charges').columns(['condo_id', 'charged_on']).execute();

  // What a dwelling paid, into which account.
  await createTableWithId(db, 'dwelling_payments')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id').onDelete('cascade'))
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dwelling_payments_apt').on('dwelling_payments').columns(['apartment_id', 'paid_on']).execute();
  await db.schema.createIndex('dwelling_payments_condo').on('dwelling_payments').columns(['condo_id', 'paid_on']).execute();

  // Other income and every expense: kind 'ingreso' or 'egreso', by category, through an account, optionally
  // for a fund (an 'ingreso' with a fund adds to it, an 'egreso' spends from it).
  await createTableWithId(db, 'ledger_movements')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('occurred_on', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id').onDelete('cascade'))
    .addColumn('fund_id', 'integer', (c) => c.references('ledger_funds.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('ledger_movements_condo').on('ledger_movements').columns(['condo_id', 'occurred_on']).execute();

  // The yearly budget of each category (kind 'ingreso' or 'egreso').
  await createTableWithId(db, 'ledger_budgets')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_budgets_condo').on('ledger_budgets').columns(['condo_id', 'year']).execute();

  // Statement files made for one person, served by a short-lived signed link and deleted after it expires.
  await createTableWithId(db, 'generated_files')
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('generated_files_expiry').on('generated_files').column('expires_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'generated_files',
    'ledger_budgets',
    'ledger_movements',
    'dwelling_payments',
    'dwelling_charges',
    'ledger_funds',
    'ledger_accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
