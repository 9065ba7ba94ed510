// Issue 13: requests to the administrator (SA sections), and two mechanisms of DESIGN.md §8 they are the first
// to need: scheduled_jobs (due work every server process may run, each item once) and audit_log (who changed
// what, before and after). Portable like 0008: ids through createTableWithId(), ISO-8601 text timestamps,
// 0/1 flags.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // Classifications the administrators keep per condominium; retired ones stay (old requests name them).
  await createTableWithId(db, 'ticket_categories')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_categories_condo').on('ticket_categories').columns(['condo_id', 'position']).execute();

  // Hours from filing to the due date, by priority; no row: DEFAULT_DUE_HOURS (src/api/ticketLifecycle.ts).
  await createTableWithId(db, 'ticket_due_hours')
    .addColumn('condo_id', 'integer', (c) => c.notNull().unique().references('condominiums.id').onDelete('cascade'))
    .addColumn('baja', 'integer', (c) => c.notNull())
    .addColumn('media', 'integer', (c) => c.notNull())
    .addColumn('alta', 'integer', (c) => c.notNull())
    .addColumn('urgente', 'integer', (c) => c.notNull())
    .execute();

  // state and priority: the values of ticketLifecycle.ts. version: optimistic concurrency (each change
  // writes WHERE version = the one the caller saw). search: title and description folded as searches
  // compare text (src/api/search.ts), so a search is a plain LIKE on one column.
  await createTableWithId(db, 'tickets')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('ticket_categories.id'))
    .addColumn('requester_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.references('apartments.id').onDelete('set null'))
    .addColumn('common_area', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('assignee_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('due_at', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('first_reply_at', 'text')
    .addColumn('overdue_notified_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('search', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The lists: a section's newest first, the requester's own, the employee's task list, the open ones.
  await db.schema.createIndex('tickets_section').on('tickets').columns(['section_id', 'created_at']).execute();
  await db.schema.createIndex('tickets_condo_state').on('tickets').columns(['condo_id', 'state']).execute();
  await db.schema.createIndex('tickets_requester').on('tickets').columns(['requester_user_id', 'created_at']).execute();
  await db.schema.createIndex('tickets_assignee').on('tickets').columns(['assignee_user_id', 'created_at']).execute();

  // The timeline. kind: TICKET_EVENT_KINDS (src/api/tickets.ts); internal 1: a note the requester never sees;
  // user_id null: the system (the automatic close).
  await createTableWithId(db, 'ticket_events')
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_value', 'text')
    .addColumn('to_value', 'text')
    .addColumn('text', 'text')
    .addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_events_ticket').on('ticket_events').columns(['ticket_id', 'created_at']).execute();

  // Photos and PDFs of the request (event_id null) or of one reply; the bytes live in `files`.
  await createTableWithId(db, 'ticket_attachments')
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.references('ticket_events.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    /** 'image' or 'file'. */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_attachments_ticket').on('ticket_attachments').column('ticket_id').execute();

  // One rating per request: the unique index keeps it so even when two arrive at once.
  await createTableWithId(db, 'ticket_ratings')
    .addColumn('ticket_id', 'integer', (c) => c.notNull().unique().references('tickets.id').onDelete('cascade'))
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // Work due at a time (server/infra/scheduledJobs.ts): one row per (kind, key), re-scheduling moves it.
  // claimed_by/claimed_until: the lease of the process running it; done_at: handled (or given up on).
  await createTableWithId(db, 'scheduled_jobs')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('done_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scheduled_jobs_kind_key').on('scheduled_jobs').columns(['kind', 'key']).unique().execute();
  await db.schema.createIndex('scheduled_jobs_due').on('scheduled_jobs').column('due_at').execute();

  // History (DESIGN.md §8): every change an administrator or the system makes, in the change's transaction.
  await createTableWithId(db, 'audit_log')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_condo').on('audit_log').columns(['condo_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  // The attached files go too: nothing else points at them.
  const attached = await db.selectFrom('ticket_attachments').select('file_id').execute();
  for (const table of [
    'audit_log',
    'scheduled_jobs',
    'ticket_ratings',
    'ticket_attachments',
    'ticket_events',
    'tickets',
    'ticket_due_hours',
    'ticket_categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
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
}
