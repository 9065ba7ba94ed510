// Signing out stops a browser's pushes (issue 29's stop, found left from issue 30): a subscription now names the
// session it was turned on in, and ending that session by hand (signing out, ending it from another device, a new
// password ending the others) removes it, so the next person on a shared phone or tablet does not receive the
// last one's notifications. A session that only runs out keeps it: pushes are for when the app is closed.
// Subscriptions from before carry none and stay until their owner turns them off.
import type { MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('push_subscriptions').addColumn('session_id', 'integer').execute();
  await db.schema.createIndex('push_subscriptions_session').on('push_subscriptions').column('session_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('push_subscriptions_session').execute();
  await db.schema.alterTable('push_subscriptions').dropColumn('session_id').execute();
}
