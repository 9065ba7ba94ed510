// Issue 28, "Trial pay link": a condominium in trial pays its plan through the product's own payment provider
// (PLATFORM_PAYMENT_PROVIDER; server/domain/pricing/). plan_checkouts: one opening of the provider's page for a
// plan and a period, its total taken from plans (never the browser), the provider's reference ("plan_…", unique
// per provider), its state (the checkouts' lifecycle, src/api/checkout.ts), made once per (condo_id, client_id).
// subscriptions: what a paid plan checkout bought (plan, period, paid_until), one per checkout (unique
// plan_checkout_id: a repeated webhook writes none).
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'plan_checkouts')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('plan_code', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('plan_checkouts_client').on('plan_checkouts').columns(['condo_id', 'client_id']).unique().execute();
  await db.schema.createIndex('plan_checkouts_ref').on('plan_checkouts').columns(['provider', 'provider_ref']).unique().execute();

  await createTableWithId(db, 'subscriptions')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('plan_code', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('paid_until', 'text', (c) => c.notNull())
    .addColumn('plan_checkout_id', 'integer', (c) => c.notNull().references('plan_checkouts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_checkout').on('subscriptions').columns(['plan_checkout_id']).unique().execute();
  await db.schema.createIndex('subscriptions_condo').on('subscriptions').columns(['condo_id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropTable('plan_checkouts').execute();
}
