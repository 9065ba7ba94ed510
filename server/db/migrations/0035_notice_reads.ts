// Issue 30, official notices with read receipts: a notice marked important (posts.is_important, asking each reader
// for "Enterado"), each member's first opening of a notice and their acknowledgement (notice_reads, once per post and
// person: the unique index is what makes it once, whatever two tabs do at the same moment), the dwellings they
// belonged to when they read it (notice_read_dwellings, the share per tower counts these), and every "resend to those
// who have not read it" (notice_resends: when, by whom, how many were told; the last one keeps a second press within
// the hour from telling everyone twice). Portable like 0019: ids through createTableWithId(), ISO-8601 text times.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('is_important', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await createTableWithId(db, 'notice_reads')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addColumn('acknowledged_at', 'text')
    .execute();
  await db.schema.createIndex('notice_reads_once').on('notice_reads').columns(['post_id', 'user_id']).unique().execute();

  await createTableWithId(db, 'notice_read_dwellings')
    .addColumn('read_id', 'integer', (c) => c.notNull().references('notice_reads.id').onDelete('cascade'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('notice_read_dwellings_once')
    .on('notice_read_dwellings')
    .columns(['read_id', 'apartment_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('notice_read_dwellings_post')
    .on('notice_read_dwellings')
    .columns(['post_id', 'apartment_id'])
    .execute();

  await createTableWithId(db, 'notice_resends')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('notified', 'integer', (c) => c.notNull())
    .addColumn('mailed', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notice_resends_post').on('notice_resends').columns(['post_id', 'sent_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('notice_resends').execute();
  await db.schema.dropTable('notice_read_dwellings').execute();
  await db.schema.dropTable('notice_reads').execute();
  await db.schema.alterTable('posts').dropColumn('is_important').execute();
}
