// Issue 3: what the account, profile and timeline calls keep. Portable like 0001: ids through
// createTableWithId(), ISO-8601 text timestamps, 0/1 flags, raw bytes through bytesType().
import { bytesType, createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // One-time password reset links. Only the SHA-256 of the token is kept, like session tokens.
  await createTableWithId(db, 'password_resets')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // used_at: when the link set a new password; revoked_at: when a newer link, a password change or a
    // reset made it worthless.
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();

  // Mail that was not delivered over SMTP (no SMTP_URL, or the server refused it): administrators read it here.
  await createTableWithId(db, 'mail_outbox')
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_created').on('mail_outbox').column('created_at').execute();

  // Files live in the database (DESIGN.md §1), so every server process behind a load balancer sees them.
  await createTableWithId(db, 'files')
    .addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('data', bytesType(db), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_owner').on('files').column('owner_user_id').execute();

  // The profile photo. SQLite accepts ADD COLUMN … REFERENCES only with a null default, which this has.
  await db.schema
    .alterTable('users')
    .addColumn('photo_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .execute();

  // Secrets the server makes for itself once (the photo URL signing key), shared by every process.
  await createTableWithId(db, 'app_secrets')
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // What happened in each condominium: the welcome timeline.
  await createTableWithId(db, 'activity')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activity_condo_created').on('activity').columns(['condo_id', 'created_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('activity').execute();
  await db.schema.dropTable('app_secrets').execute();
  await db.schema.alterTable('users').dropColumn('photo_file_id').execute();
  await db.schema.dropTable('files').execute();
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('password_resets').execute();
}
