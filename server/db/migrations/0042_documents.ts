// Issue 32, the condominium's document library (src/api/documents.ts). An added folder (document_folders) beside the
// fixed ones, which are codes only (reglamento, actas, contratos, seguros, planos). A document (documents): its folder
// (folder_code, and folder_id for an added one), name, audience, archived flag, and what filed it (source_kind and
// source_id: an assembly's acta, next). Its versions (document_versions), each a stored file with who uploaded it and
// when; a version is never deleted. Portable like 0019: ids through createTableWithId(), ISO-8601 text times.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  await createTableWithId(db, 'document_folders')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('document_folders_condo').on('document_folders').columns(['condo_id', 'name']).execute();

  await createTableWithId(db, 'documents')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('folder_code', 'text', (c) => c.notNull())
    .addColumn('folder_id', 'integer', (c) => c.references('document_folders.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source_kind', 'text')
    .addColumn('source_id', 'integer')
    .addColumn('current_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_condo_folder').on('documents').columns(['condo_id', 'folder_code', 'name']).execute();
  await db.schema
    .createIndex('documents_source_once')
    .on('documents')
    .columns(['condo_id', 'source_kind', 'source_id'])
    .unique()
    .execute();

  await createTableWithId(db, 'document_versions')
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('document_versions_once')
    .on('document_versions')
    .columns(['document_id', 'number'])
    .unique()
    .execute();
  await db.schema.createIndex('document_versions_file').on('document_versions').column('file_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('document_versions').execute();
  await db.schema.dropTable('documents').execute();
  await db.schema.dropTable('document_folders').execute();
}
