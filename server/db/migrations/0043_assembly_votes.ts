// Issue 32, assemblies (second slice): proxies, votes on the agenda's items, and the book of minutes.
// - assembly_settings gains the proxy limit per holder (Puebla's law: three), the arrears bar (a dwelling whose
//   oldest unpaid charge is older than arrears_days may not vote; 0: no bar), whether tenants vote, and who reads
//   the book of minutes (a documents audience: everyone | owners | board | administrators).
// - assembly_proxies (cartas poder): one per dwelling and assembly (unique; a rejected or withdrawn one is replaced in
//   place), given by the dwelling's owner to a resident of the condominium (holder_user_id) or a named outsider
//   (holder_user_id null), with the signed document (file_id), pending → accepted | rejected, or withdrawn.
// - assembly_items gains its vote: pending → open → closed, secret or public, the times, the outcome once closed.
// - assembly_item_seats: the electorate fixed when an item opens: every dwelling present by its owner or an accepted
//   proxy, its indiviso (parts per million), barred by arrears as of that day, and who may vote for it (the holder).
// - assembly_item_votes: one per item and dwelling (unique: two votes from one dwelling at once write one row),
//   cast from a phone (cast_by) or recorded by who runs the assembly (recorded_by: a show of hands).
// - assembly_minutes: the book of minutes, one entry per assembly, numbered per condominium (unique), the signed
//   acta's library document and the SHA-256 of its bytes; nothing in it is updated after filing.
//   assembly_minute_addenda: corrections, each with its text, optional file and hash, in order.
// Portable like 0019: ids through createTableWithId(), ISO-8601 text times, 0/1 flags.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('assembly_settings')
    .addColumn('proxy_limit', 'integer', (c) => c.notNull().defaultTo(3))
    .execute();
  await db.schema
    .alterTable('assembly_settings')
    .addColumn('arrears_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('assembly_settings')
    .addColumn('tenants_vote', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('assembly_settings')
    .addColumn('minutes_audience', 'text', (c) => c.notNull().defaultTo('owners'))
    .execute();

  await createTableWithId(db, 'assembly_proxies')
    .addColumn('assembly_id', 'integer', (c) => c.notNull().references('assemblies.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('grantor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('holder_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assembly_proxies_once')
    .on('assembly_proxies')
    .columns(['assembly_id', 'apartment_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('assembly_proxies_holder')
    .on('assembly_proxies')
    .columns(['assembly_id', 'holder_user_id'])
    .execute();

  await db.schema
    .alterTable('assembly_items')
    .addColumn('vote_state', 'text', (c) => c.notNull().defaultTo('pending'))
    .execute();
  await db.schema
    .alterTable('assembly_items')
    .addColumn('secret', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('assembly_items').addColumn('opened_at', 'text').execute();
  await db.schema.alterTable('assembly_items').addColumn('closed_at', 'text').execute();
  await db.schema.alterTable('assembly_items').addColumn('outcome', 'text').execute();

  await createTableWithId(db, 'assembly_item_seats')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('assembly_items.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('barred', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('holder_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('proxy_id', 'integer', (c) => c.references('assembly_proxies.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('assembly_item_seats_once')
    .on('assembly_item_seats')
    .columns(['item_id', 'apartment_id'])
    .unique()
    .execute();

  await createTableWithId(db, 'assembly_item_votes')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('assembly_items.id').onDelete('cascade'))
    .addColumn('apartment_id', 'integer', (c) => c.notNull().references('apartments.id').onDelete('cascade'))
    .addColumn('choice', 'text', (c) => c.notNull())
    .addColumn('cast_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('cast_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assembly_item_votes_once')
    .on('assembly_item_votes')
    .columns(['item_id', 'apartment_id'])
    .unique()
    .execute();

  await createTableWithId(db, 'assembly_minutes')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('assembly_id', 'integer', (c) => c.notNull().references('assemblies.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('filed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('filed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assembly_minutes_assembly').on('assembly_minutes').column('assembly_id').unique().execute();
  await db.schema
    .createIndex('assembly_minutes_number')
    .on('assembly_minutes')
    .columns(['condo_id', 'number'])
    .unique()
    .execute();

  await createTableWithId(db, 'assembly_minute_addenda')
    .addColumn('minutes_id', 'integer', (c) => c.notNull().references('assembly_minutes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assembly_minute_addenda_once')
    .on('assembly_minute_addenda')
    .columns(['minutes_id', 'position'])
    .unique()
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('assembly_minute_addenda').execute();
  await db.schema.dropTable('assembly_minutes').execute();
  await db.schema.dropTable('assembly_item_votes').execute();
  await db.schema.dropTable('assembly_item_seats').execute();
  for (const column of ['outcome', 'closed_at', 'opened_at', 'secret', 'vote_state']) {
    await db.schema.alterTable('assembly_items').dropColumn(column).execute();
  }
  await db.schema.dropTable('assembly_proxies').execute();
  for (const column of ['minutes_audience', 'tenants_vote', 'arrears_days', 'proxy_limit']) {
    await db.schema.alterTable('assembly_settings').dropColumn(column).execute();
  }
}
