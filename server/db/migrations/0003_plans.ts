// The pricing and plans page: the plans a condominium can subscribe to. Portable like 0001 and 0002: ids
// through createTableWithId(), 0/1 flags, money as integer cents, the feature list as JSON text.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'plans')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('monthly_price_cents', 'integer', (c) => c.notNull())
    .addColumn('yearly_price_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('MXN'))
    // Dwellings the plan covers; null: no limit.
    .addColumn('max_dwellings', 'integer')
    // A JSON array of short feature sentences, in Spanish.
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('plans_active_position').on('plans').columns(['active', 'position']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('plans').execute();
}
