// Reading the library: its folders (the fixed ones, then the added ones by name) with how many documents each shows
// the reader, and a folder's documents by name, searched by name, a page at a time.
import type { Kysely } from 'kysely';
import {
  customFolderId,
  customFolderKey,
  DOCUMENT_FOLDER_CODES,
  DOCUMENT_PAGE_SIZE,
  type DocumentFolder,
  type DocumentsQuery,
  type LibraryDocument,
} from '../../../src/api/documents';
import type { Database } from '../../db/schema';
import { folderKeyOf, nameLike, toDocument, versionsOf, visibleDocuments, type Words } from './rows';
import type { LibraryReader } from './viewer';

export async function listFolders(db: Kysely<Database>, reader: LibraryReader): Promise<DocumentFolder[]> {
  const counts = await visibleDocuments(db, reader)
    .select((eb) => ['d.folder_code', 'd.folder_id', eb.fn.countAll<number>().as('n')])
    .where('d.archived', '=', 0)
    .groupBy(['d.folder_code', 'd.folder_id'])
    .execute();
  const countOf = new Map(counts.map((c) => [folderKeyOf(c), Number(c.n)]));
  const added = await db
    .selectFrom('document_folders')
    .select(['id', 'name'])
    .where('condo_id', '=', reader.condoId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return [
    ...DOCUMENT_FOLDER_CODES.map((code) => ({ key: code, code, name: null, count: countOf.get(code) ?? 0 })),
    ...added.map((f) => ({
      key: customFolderKey(f.id),
      code: null,
      name: f.name,
      count: countOf.get(customFolderKey(f.id)) ?? 0,
    })),
  ];
}

export async function listDocuments(
  db: Kysely<Database>,
  reader: LibraryReader,
  query: DocumentsQuery,
  words: Words,
): Promise<{ items: LibraryDocument[]; total: number }> {
  let rows = visibleDocuments(db, reader).where('d.archived', '=', query.archived === '1' && reader.admin ? 1 : 0);
  if (query.folder) {
    const custom = customFolderId(query.folder);
    rows = custom === null ? rows.where('d.folder_code', '=', query.folder) : rows.where('d.folder_id', '=', custom);
  }
  if (query.q?.trim()) rows = rows.where(nameLike(query.q));
  const page = await rows
    .selectAll('d')
    .orderBy('d.name')
    .orderBy('d.id')
    .limit(query.limit ?? DOCUMENT_PAGE_SIZE)
    .offset(query.offset ?? 0)
    .execute();
  const { n } = await rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const versions = await versionsOf(
    db,
    page.map((r) => r.id),
    true,
  );
  return { items: page.map((r) => toDocument(r, versions.get(r.id) ?? [], words, false)), total: Number(n) };
}
