// Issue 27: paying online. payment_settings: a condominium's payment provider (the built-in sandbox; a real one
// later, its keys sealed like the CSD's), whether it takes payments online, who bears the commission, each
// method's commission (basis points and a fixed part, before IVA) and the ledger account the money lands in.
// checkouts: one attempt to pay, created by a resident for a dwelling, with the amount that enters the ledger,
// the commission and the total asked of the provider, all computed here; its state (src/api/checkout.ts) moves
// only by the provider's signed events, and `payment_id` is the ledger payment once paid. client_id makes a second
// press answer the same checkout. checkout_events: every provider event taken, unique by (provider, event_id), so
// a repeated webhook (or two at once) is taken once.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'payment_settings')
    .addColumn('condo_id', 'integer', (c) => c.notNull().unique().references('condominiums.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fee_bearer', 'text', (c) => c.notNull().defaultTo('residente'))
    .addColumn('card_fee_bp', 'integer', (c) => c.notNull())
    .addColumn('card_fee_fixed_cents', 'integer', (c) => c.notNull())
    .addColumn('spei_fee_bp', 'integer', (c) => c.notNull())
    .addColumn('spei_fee_fixed_cents', 'integer', (c) => c.notNull())
    .addColumn('oxxo_fee_bp', 'integer', (c) => c.notNull())
    .addColumn('oxxo_fee_fixed_cents', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.references('ledger_accounts.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'checkouts')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull().unique())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('fee_cents', 'integer', (c) => c.notNull())
    .addColumn('fee_bearer', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    // The charges chosen (JSON array of ids), as the ledger showed them when the checkout was made.
    .addColumn('charge_ids', 'text', (c) => c.notNull())
    // The ledger account the money lands in, fixed when the checkout was made (settings may change meanwhile).
    .addColumn('account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id').onDelete('cascade'))
    .addColumn('pay_reference', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'integer', (c) => c.references('dwelling_payments.id').onDelete('set null'))
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checkouts_client').on('checkouts').columns(['condo_id', 'client_id']).unique().execute();
  await db.schema.createIndex('checkouts_apartment').on('checkouts').columns(['apartment_id', 'created_at']).execute();
  // The expiry job's look-up (domain/checkout/jobs.ts): the open checkouts whose time has passed.
  await db.schema.createIndex('checkouts_open').on('checkouts').columns(['state', 'expires_at']).execute();

  await createTableWithId(db, 'checkout_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('checkout_id', 'integer', (c) => c.references('checkouts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // What the event did: 'aplicado', or why not ('fuera_de_orden', 'desconocido', 'monto_distinto').
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checkout_events_id').on('checkout_events').columns(['provider', 'event_id']).unique().execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('checkout_events').execute();
  await db.schema.dropTable('checkouts').execute();
  await db.schema.dropTable('payment_settings').execute();
}
