// Issue 13: interpersonal messages (sections of code IC). A conversation of one section has two parties: a
// dwelling and another dwelling, or a dwelling and the administration (party_b null). Its messages with their
// photos (bytes in `files`), the blocks between dwellings, and the messages reported to the administration.
// Portable like 0001: ids through createTableWithId(), ISO-8601 text timestamps, 0/1 flags.
import { sql } from 'kysely';
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // The parties in a canonical order (the lower dwelling id first; the administration, null, always second),
  // so one pair has one row: the unique index below is what "find or open" relies on under concurrency.
  await createTableWithId(db, 'conversations')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id').onDelete('cascade'))
    .addColumn('party_a_apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('party_b_apartment_id', 'integer', (c) => c.references('apartments.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'conversations_canonical_parties',
      sql`party_b_apartment_id is null or party_a_apartment_id < party_b_apartment_id`,
    )
    .execute();
  // NULLs are distinct in a unique index on both databases: the administration is counted as 0 here.
  await sql`create unique index conversations_pair on conversations (section_id, party_a_apartment_id, coalesce(party_b_apartment_id, 0))`.execute(
    db,
  );
  await db.schema.createIndex('conversations_party_b').on('conversations').column('party_b_apartment_id').execute();

  // sender_apartment_id: the side that wrote it, null for the administration. read_at: when the other side
  // first opened it. hidden_for_recipient: written while the recipient dwelling blocked the sender's; only
  // the sender's side ever sees it.
  await createTableWithId(db, 'messages')
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('sender_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sender_apartment_id', 'integer', (c) => c.references('apartments.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('hidden_for_recipient', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('messages_conversation').on('messages').columns(['conversation_id', 'id']).execute();

  await createTableWithId(db, 'message_photos')
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_photos_message').on('message_photos').column('message_id').execute();

  // A dwelling (every resident of it) stops receiving another dwelling's messages.
  await createTableWithId(db, 'conversation_blocks')
    .addColumn('blocker_apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('blocked_apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('blocked_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conversation_blocks_pair')
    .on('conversation_blocks')
    .columns(['blocker_apartment_id', 'blocked_apartment_id'])
    .unique()
    .execute();

  // state: 'nuevo' until an administrator has looked at it, then 'revisado'. One report per reporter.
  await createTableWithId(db, 'message_reports')
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('reporter_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('nuevo'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('message_reports_once')
    .on('message_reports')
    .columns(['message_id', 'reporter_user_id'])
    .unique()
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['message_reports', 'conversation_blocks', 'message_photos', 'messages', 'conversations']) {
    await db.schema.dropTable(table).execute();
  }
}
