// Issue 30, "Notifications that reach a closed app": Web Push (VAPID) to the browsers people turn it on in.
// push_subscriptions: one browser's subscription (its push service's endpoint, unique, and the keys that encrypt
// for it), the person and the condominium it was turned on in, its user agent, when it last took a push. Gone when
// the push service says so (404/410), when its owner turns it off, or with the person or the condominium.
// push_preferences: the kinds of notification (NotificationModule) a person turned off or on again; no row is on.
// push_outbox: one push of one notification to one subscription, written in the notification's own transaction
// (domain/shared/pushOutbox.ts) and sent by whichever server process claims it (domain/push/delivery.ts), with the
// mail outbox's lease and backoff; a sent push's row goes.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'push_subscriptions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text')
    .execute();
  await db.schema.createIndex('push_subscriptions_endpoint').on('push_subscriptions').column('endpoint').unique().execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').columns(['user_id', 'condo_id']).execute();

  await createTableWithId(db, 'push_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('modulo', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_preferences_kind').on('push_preferences').columns(['user_id', 'modulo']).unique().execute();

  await createTableWithId(db, 'push_outbox')
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .execute();
  await db.schema
    .createIndex('push_outbox_once')
    .on('push_outbox')
    .columns(['notification_id', 'subscription_id'])
    .unique()
    .execute();
  await db.schema.createIndex('push_outbox_due').on('push_outbox').columns(['next_attempt_at']).execute();
  await db.schema.createIndex('push_outbox_subscription').on('push_outbox').columns(['subscription_id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('push_outbox').execute();
  await db.schema.dropTable('push_preferences').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
