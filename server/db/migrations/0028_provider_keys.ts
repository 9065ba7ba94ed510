// Issue 27, the real payment provider (Stripe): each condominium's own keys on its payment_settings row, sealed
// with the server's 'payment-keys-vault' key (domain/shared/vault.ts), never in clear: the secret API key and the
// webhook signing secret, each with its last four characters (all the settings screen shows of them). And
// checkouts.redirect_url: the provider's own page for a checkout (Stripe's Checkout Session page while it is
// open; its voucher or transfer instructions once a reference waits), which, unlike the sandbox's, the app cannot
// rebuild from the reference.
import type { MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('payment_settings').addColumn('secret_key_sealed', 'text').execute();
  await db.schema.alterTable('payment_settings').addColumn('secret_key_last4', 'text').execute();
  await db.schema.alterTable('payment_settings').addColumn('webhook_secret_sealed', 'text').execute();
  await db.schema.alterTable('payment_settings').addColumn('webhook_secret_last4', 'text').execute();
  await db.schema.alterTable('checkouts').addColumn('redirect_url', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('checkouts').dropColumn('redirect_url').execute();
  for (const column of ['webhook_secret_last4', 'webhook_secret_sealed', 'secret_key_last4', 'secret_key_sealed']) {
    await db.schema.alterTable('payment_settings').dropColumn(column).execute();
  }
}
