// Issue 27: withdrawals of a bank statement become expenses (conciliación). reconciliation_expense_rules: the
// category rules a condominium saves (text contained in a withdrawal's description → the expense's category and,
// optionally, its fund), one per text. reconciliation_expenses: the expense (ledger_movements, kind 'egreso') a
// withdrawal is recorded as: one per withdrawal and one withdrawal per expense (both unique), posted 1 when the
// reconciliation wrote it (undoing removes it), 0 when it found it in the ledger (undoing only lets it go).
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'reconciliation_expense_rules')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('contains', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('fund_id', 'integer', (c) => c.references('ledger_funds.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reconciliation_expense_rules_text')
    .on('reconciliation_expense_rules')
    .columns(['condo_id', 'contains'])
    .unique()
    .execute();

  await createTableWithId(db, 'reconciliation_expenses')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('movement_id', 'integer', (c) => c.notNull().references('bank_movements.id').onDelete('cascade'))
    .addColumn('expense_id', 'integer', (c) => c.notNull().references('ledger_movements.id').onDelete('cascade'))
    .addColumn('posted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reconciliation_expenses_movement')
    .on('reconciliation_expenses')
    .columns(['movement_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('reconciliation_expenses_expense')
    .on('reconciliation_expenses')
    .columns(['expense_id'])
    .unique()
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('reconciliation_expenses').execute();
  await db.schema.dropTable('reconciliation_expense_rules').execute();
}
