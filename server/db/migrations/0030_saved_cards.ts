// Issue 27, "Cargos automáticos become real". saved_cards: a card the payment provider tokenised when a resident
// paid with it and asked to keep it (the provider's token, never a number; brand, last four digits, expiry),
// removed_at once taken off. provider_customers: the provider's customer per member (Stripe keeps saved cards on a
// Customer), made once. recurring_charges.saved_card_id: the card a domiciliation charges (null: nothing is
// charged). checkouts: save_card / save_limit_cents (the resident's wish on Pagar) and recurring_charge_id (a
// checkout the daily job opened). recurring_charge_runs: what the daily job did for a dwelling on a day, by kind
// ('aviso' the day before, 'cargo' the charge): unique (apartment_id, run_on, kind), so nothing happens twice.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'saved_cards')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('customer', 'text')
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema.createIndex('saved_cards_member').on('saved_cards').columns(['condo_id', 'user_id']).execute();

  await createTableWithId(db, 'provider_customers')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('customer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('provider_customers_member')
    .on('provider_customers')
    .columns(['condo_id', 'user_id', 'provider'])
    .unique()
    .execute();

  await db.schema
    .alterTable('recurring_charges')
    .addColumn('saved_card_id', 'integer', (c) => c.references('saved_cards.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('checkouts')
    .addColumn('save_card', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('checkouts').addColumn('save_limit_cents', 'integer').execute();
  await db.schema.alterTable('checkouts').addColumn('recurring_charge_id', 'integer').execute();

  await createTableWithId(db, 'recurring_charge_runs')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('recurring_charge_id', 'integer', (c) => c.notNull().references('recurring_charges.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('run_on', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('due_through', 'text', (c) => c.notNull())
    .addColumn('checkout_id', 'integer', (c) => c.references('checkouts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recurring_charge_runs_day')
    .on('recurring_charge_runs')
    .columns(['apartment_id', 'run_on', 'kind'])
    .unique()
    .execute();
  await db.schema
    .createIndex('recurring_charge_runs_charge')
    .on('recurring_charge_runs')
    .columns(['recurring_charge_id', 'run_on'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('recurring_charge_runs').execute();
  await db.schema.alterTable('checkouts').dropColumn('recurring_charge_id').execute();
  await db.schema.alterTable('checkouts').dropColumn('save_limit_cents').execute();
  await db.schema.alterTable('checkouts').dropColumn('save_card').execute();
  await db.schema.alterTable('recurring_charges').dropColumn('saved_card_id').execute();
  await db.schema.dropTable('provider_customers').execute();
  await db.schema.dropTable('saved_cards').execute();
}
