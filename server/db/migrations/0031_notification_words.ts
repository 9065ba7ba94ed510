// Issue 28, defect 7: notifications in the reader's language. A notification keeps the catalogue ids of its title
// and text (src/i18n) and their values (JSON { title, text }: plain strings and numbers, or messages { id, values }
// worded too), and is worded when read, in the reader's language (domain/notifications). titulo / texto_app still
// hold the Spanish words, for whatever reads the columns directly. Rows written before (null ids) read as stored.
import type { MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('title_id', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('text_id', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('word_values', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const column of ['word_values', 'text_id', 'title_id']) {
    await db.schema.alterTable('notifications').dropColumn(column).execute();
  }
}
