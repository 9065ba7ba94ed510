// Issue 30, the support chat: administrators write to the product's own support desk, whose agents are accounts of
// their own (support_agents, never users of a condominium) with sessions of their own (support_sessions, a
// token hash as sessions keep theirs). One conversation per condominium (unique condo_id), its state (the
// lifecycle of src/api/support.ts), its assignee and a version for optimistic concurrency. Messages are written by
// the administration (user_id) or the desk (agent_id); read_at is when the other side read them. Attachments are
// files of `files`. support_contacts keeps the boot data of spec §3.1 per administrator and condominium (checked by
// its hash), with when their panel last asked for news (seen_at) and when support's answer was last mailed to them
// (mailed_at). Canned answers and the one row of office hours belong to the desk.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'support_agents')
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('es'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'support_sessions')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('support_agents.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('support_sessions_agent').on('support_sessions').column('agent_id').execute();

  await createTableWithId(db, 'support_conversations')
    .addColumn('condo_id', 'integer', (c) => c.notNull().unique().references('condominiums.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'integer', (c) => c.references('support_agents.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_message_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_conversations_state')
    .on('support_conversations')
    .columns(['state', 'last_message_at'])
    .execute();

  await createTableWithId(db, 'support_messages')
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('support_conversations.id').onDelete('cascade'))
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('agent_id', 'integer', (c) => c.references('support_agents.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema
    .createIndex('support_messages_conversation')
    .on('support_messages')
    .columns(['conversation_id', 'id'])
    .execute();

  await createTableWithId(db, 'support_attachments')
    .addColumn('message_id', 'integer', (c) => c.notNull().references('support_messages.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_attachments_message').on('support_attachments').column('message_id').execute();

  await createTableWithId(db, 'support_contacts')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.references('apartments.id').onDelete('set null'))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('booted_at', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text')
    .addColumn('mailed_at', 'text')
    .addUniqueConstraint('support_contacts_condo_user', ['condo_id', 'user_id'])
    .execute();

  await createTableWithId(db, 'support_canned')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('support_agents.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'support_settings')
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('hours', 'text', (c) => c.notNull())
    .addColumn('away_message', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'support_settings',
    'support_canned',
    'support_contacts',
    'support_attachments',
    'support_messages',
    'support_conversations',
    'support_sessions',
    'support_agents',
  ])
    await db.schema.dropTable(table).execute();
}
