// Issue 6: communication. Posts of a section with their attachments (bytes in `files`), comments, the
// administrator's review of posts in approval sections (SectPosting B), and notifications.
// Portable like 0001: ids through createTableWithId(), ISO-8601 text timestamps, 0/1 flags.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // status: 'A' published, 'P' waiting for an administrator (SectPosting B), 'R' rejected.
  // tower_id: the tower a post is for when the section shows posts per tower (VistaxTorre); null = everyone.
  await createTableWithId(db, 'posts')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id').onDelete('cascade'))
    .addColumn('author_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('tower_id', 'integer', (c) => c.references('towers.id').onDelete('set null'))
    .addColumn('is_private', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('reviewed_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'text')
    .addColumn('review_note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('posts_section').on('posts').columns(['section_id', 'status', 'created_at']).execute();

  // Images and files of a post, in order. The bytes live in `files` and are served behind signed links.
  await createTableWithId(db, 'post_attachments')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    /** 'image' or 'file'. */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('post_attachments_post').on('post_attachments').column('post_id').execute();

  await createTableWithId(db, 'post_comments')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('author_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('post_comments_post').on('post_comments').columns(['post_id', 'created_at']).execute();

  // One row per person told. modulo + props (JSON text) say where opening it goes (spec §3.3).
  await createTableWithId(db, 'notifications')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('titulo', 'text', (c) => c.notNull())
    .addColumn('texto_app', 'text', (c) => c.notNull())
    .addColumn('foto', 'text')
    .addColumn('modulo', 'text', (c) => c.notNull())
    .addColumn('props', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('abierto', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'condo_id', 'created_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['notifications', 'post_comments', 'post_attachments', 'posts']) {
    await db.schema.dropTable(table).execute();
  }
}
