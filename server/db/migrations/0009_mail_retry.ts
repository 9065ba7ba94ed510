// The outbox learns to re-send (server/infra/mail/resender.ts) and to keep attachments: attempts with
// backoff, a lease so one process sends each row, and the bytes of attached files in `files`, like posts.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // When the re-sender may try next; null: never (it gave up, or the row predates re-sending).
  await db.schema.alterTable('mail_outbox').addColumn('next_attempt_at', 'text').execute();
  // The SMTP server's answer to the last attempt; null when the mail was stored because there was no SMTP_URL.
  await db.schema.alterTable('mail_outbox').addColumn('last_error', 'text').execute();
  // After this the mail is not worth sending (a password reset link that has expired).
  await db.schema.alterTable('mail_outbox').addColumn('valid_until', 'text').execute();
  // The lease of the process sending it: others leave the row alone until claimed_until has passed.
  await db.schema.alterTable('mail_outbox').addColumn('claimed_by', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('claimed_until', 'text').execute();
  // Rows stored before re-sending existed keep next_attempt_at null: nothing says which of them carry a
  // link that has since expired, so none of them is sent late.
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').column('next_attempt_at').execute();

  // Attached files of a stored mail, in order; the bytes live in `files` (bytea / blob) like post attachments.
  await createTableWithId(db, 'mail_outbox_attachments')
    .addColumn('mail_id', 'integer', (c) => c.notNull().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_attachments_mail').on('mail_outbox_attachments').column('mail_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  // The attached files go too: nothing else points at them.
  const attached = await db.selectFrom('mail_outbox_attachments').select('file_id').execute();
  await db.schema.dropTable('mail_outbox_attachments').execute();
  if (attached.length > 0) {
    await db
      .deleteFrom('files')
      .where(
        'id',
        'in',
        attached.map((a: { file_id: number }) => a.file_id),
      )
      .execute();
  }
  await db.schema.dropIndex('mail_outbox_due').execute();
  for (const column of ['claimed_until', 'claimed_by', 'valid_until', 'last_error', 'next_attempt_at', 'attempts']) {
    await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
  }
}
