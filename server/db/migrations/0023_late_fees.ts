// Issue 27, late fees (recargos; the spec's legacy automatic/penalties): a rule per condominium, the dwellings it
// exempts, and every fee applied. Portable like 0019: ids through createTableWithId(), ISO-8601 text timestamps,
// 0/1 flags, money in integer cents. The unique index on late_fees (condo_id, apartment_id, period) is what makes
// the daily job charge a dwelling once per month, however many times and in however many processes it runs.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // One rule per condominium. kind 'fijo' (amount_cents) or 'porcentaje' (percent_bp of the overdue balance, in
  // basis points: 200 = 2 %); grace_days after a charge's due day before it counts; cap_cents the most one fee
  // may be (null: no cap); active 0/1.
  await createTableWithId(db, 'late_fee_rules')
    .addColumn('condo_id', 'integer', (c) => c.notNull().unique().references('condominiums.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('percent_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('grace_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cap_cents', 'integer')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  // A dwelling the rule leaves alone, with why.
  await createTableWithId(db, 'late_fee_exemptions')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('late_fee_exemptions_dwelling')
    .on('late_fee_exemptions')
    .columns(['condo_id', 'apartment_id'])
    .unique()
    .execute();

  // A fee applied to a dwelling for a period ('YYYY-MM', the month in the condominium's zone): the overdue
  // balance it was worked out from (base_cents), the fee, and its dwelling_charges row. Waived by an
  // administrator with a reason: the credit (a negative dwelling_charges row) is waive_charge_id.
  await createTableWithId(db, 'late_fees')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('base_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('charge_id', 'integer', (c) => c.references('dwelling_charges.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('waived_at', 'text')
    .addColumn('waived_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('waive_reason', 'text')
    .addColumn('waive_charge_id', 'integer', (c) => c.references('dwelling_charges.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('late_fees_once')
    .on('late_fees')
    .columns(['condo_id', 'apartment_id', 'period'])
    .unique()
    .execute();
  await db.schema.createIndex('late_fees_condo_period').on('late_fees').columns(['condo_id', 'period']).execute();
  await db.schema.createIndex('late_fees_charge').on('late_fees').column('charge_id').execute();
  await db.schema.createIndex('late_fees_waive_charge').on('late_fees').column('waive_charge_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('late_fees').execute();
  await db.schema.dropTable('late_fee_exemptions').execute();
  await db.schema.dropTable('late_fee_rules').execute();
}
