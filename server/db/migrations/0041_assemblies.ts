// Issue 32, assemblies (first slice). An assembly (assemblies): ordinary or extraordinary, its place or video link,
// its state in the lifecycle of src/api/assembliesLifecycle.ts with the current call (0 before it convenes, then
// 1..3) and a version for optimistic concurrency, the notice it was called by (post_id) and the calendar's event
// (calendar_event_id; both set null when removed). Its agenda (assembly_items: informative or voted, the majority
// rule and a qualified percent, kept for the votes that come next), its calls (assembly_calls: UTC time and the
// quorum: percent and strict), the residents' answers ahead (assembly_confirmations, one per person) and the
// attendance recorded per dwelling (assembly_attendance, one owner and one tenant row per dwelling at most: unique,
// so two recorders at once write one row). The condominium's settings (assembly_settings, one row per
// condominium): whether the board may call assemblies, the state's rule set of quorum defaults, the legal text the
// call prints. Portable like 0019: ids through createTableWithId(), ISO-8601 text times, 0/1 flags.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'assembly_settings')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('board_may_call', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rule_set', 'text', (c) => c.notNull().defaultTo('cdmx'))
    .addColumn('legal_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assembly_settings_condo').on('assembly_settings').column('condo_id').unique().execute();

  await createTableWithId(db, 'assemblies')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('video_link', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('current_call', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('post_id', 'integer', (c) => c.references('posts.id').onDelete('set null'))
    .addColumn('calendar_event_id', 'integer', (c) => c.references('calendar_events.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('called_at', 'text')
    .addColumn('opened_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assemblies_condo_state').on('assemblies').columns(['condo_id', 'state']).execute();

  await createTableWithId(db, 'assembly_items')
    .addColumn('assembly_id', 'integer', (c) => c.notNull().references('assemblies.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('majority', 'text', (c) => c.notNull())
    .addColumn('qualified_percent', 'integer')
    .execute();
  await db.schema.createIndex('assembly_items_assembly').on('assembly_items').columns(['assembly_id', 'position']).execute();

  await createTableWithId(db, 'assembly_calls')
    .addColumn('assembly_id', 'integer', (c) => c.notNull().references('assemblies.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('percent', 'integer', (c) => c.notNull())
    .addColumn('strict', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assembly_calls_once').on('assembly_calls').columns(['assembly_id', 'number']).unique().execute();

  await createTableWithId(db, 'assembly_confirmations')
    .addColumn('assembly_id', 'integer', (c) => c.notNull().references('assemblies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assembly_confirmations_once')
    .on('assembly_confirmations')
    .columns(['assembly_id', 'user_id'])
    .unique()
    .execute();

  await createTableWithId(db, 'assembly_attendance')
    .addColumn('assembly_id', 'integer', (c) => c.notNull().references('assemblies.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assembly_attendance_once')
    .on('assembly_attendance')
    .columns(['assembly_id', 'apartment_id', 'kind'])
    .unique()
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('assembly_attendance').execute();
  await db.schema.dropTable('assembly_confirmations').execute();
  await db.schema.dropTable('assembly_calls').execute();
  await db.schema.dropTable('assembly_items').execute();
  await db.schema.dropTable('assemblies').execute();
  await db.schema.dropTable('assembly_settings').execute();
}
