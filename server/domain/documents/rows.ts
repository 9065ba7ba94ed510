// A document as every call answers it: its folder's key, audience, the current version (and, for the detail, every
// version, newest first) with who uploaded each and when, in the condominium's zone, behind signed links.
import { type Kysely, type Selectable, sql } from 'kysely';
import { customFolderKey, type DocumentAudience, type DocumentVersion, type LibraryDocument } from '../../../src/api/documents';
import { ErrorCodes } from '../../../src/api/errors';
import type { Database, DocumentTable } from '../../db/schema';
import { AppError } from '../../errors';
import { utcToLocal } from '../shared/zonedTime';
import type { LibraryReader } from './viewer';

export const documentNotFound = () => new AppError(404, ErrorCodes.notFound, 'library.refusal.notFound');

export const folderKeyOf = (row: Pick<Selectable<DocumentTable>, 'folder_code' | 'folder_id'>) =>
  row.folder_id !== null ? customFolderKey(row.folder_id) : row.folder_code;

/** The documents the reader sees: this condominium's, of their audiences. */
export const visibleDocuments = (db: Kysely<Database>, reader: LibraryReader) =>
  db.selectFrom('documents as d').where('d.condo_id', '=', reader.condoId).where('d.audience', 'in', reader.audiences);

/** A name search: the words as typed, case aside, anywhere in the name. */
export const nameLike = (q: string) => {
  const escaped = q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<boolean>`lower(d.name) like ${`%${escaped}%`} escape '\\'`;
};

export interface Words {
  timeZone: string;
  fileLink: (fileId: number) => string;
}

type VersionRow = {
  document_id: number;
  number: number;
  file_id: number;
  file_name: string;
  note: string | null;
  uploaded_at: string;
  uploader: string | null;
  content_type: string;
  byte_size: number;
};

/** The versions of these documents, newest first, by document. */
export async function versionsOf(db: Kysely<Database>, ids: number[], onlyCurrent: boolean): Promise<Map<number, VersionRow[]>> {
  const map = new Map<number, VersionRow[]>();
  if (ids.length === 0) return map;
  let query = db
    .selectFrom('document_versions as v')
    .innerJoin('files as f', 'f.id', 'v.file_id')
    .leftJoin('users as u', 'u.id', 'v.uploaded_by')
    .select([
      'v.document_id',
      'v.number',
      'v.file_id',
      'v.file_name',
      'v.note',
      'v.uploaded_at',
      'u.name as uploader',
      'f.content_type',
      'f.byte_size',
    ])
    .where('v.document_id', 'in', ids);
  if (onlyCurrent)
    query = query.where((eb) =>
      eb('v.number', '=', eb.selectFrom('documents as cd').select('cd.current_version').whereRef('cd.id', '=', 'v.document_id')),
    );
  for (const row of await query.orderBy('v.number', 'desc').execute()) {
    const list = map.get(row.document_id) ?? [];
    list.push({ ...row, byte_size: Number(row.byte_size) });
    map.set(row.document_id, list);
  }
  return map;
}

const toVersion = (v: VersionRow, words: Words): DocumentVersion => ({
  number: v.number,
  fileName: v.file_name,
  contentType: v.content_type,
  byteSize: v.byte_size,
  uploadedBy: v.uploader,
  uploadedAt: utcToLocal(v.uploaded_at, words.timeZone),
  note: v.note,
  url: words.fileLink(v.file_id),
});

export function toDocument(
  row: Selectable<DocumentTable>,
  versions: VersionRow[],
  words: Words,
  withHistory: boolean,
): LibraryDocument {
  const current = versions.find((v) => v.number === row.current_version) ?? versions[0]!;
  return {
    id: row.id,
    folder: folderKeyOf(row),
    name: row.name,
    audience: row.audience as DocumentAudience,
    archived: row.archived === 1,
    current: toVersion(current, words),
    versions: withHistory ? versions.map((v) => toVersion(v, words)) : [],
  };
}

/** One document the reader sees, with every version; 404 another condominium's, an audience they do not see, or an
 * archived one for anyone but an administrator. */
export async function documentAnswer(
  db: Kysely<Database>,
  reader: LibraryReader,
  id: number,
  words: Words,
): Promise<LibraryDocument> {
  const row = await visibleDocuments(db, reader).selectAll('d').where('d.id', '=', id).executeTakeFirst();
  if (!row || (row.archived === 1 && !reader.admin)) throw documentNotFound();
  const versions = await versionsOf(db, [id], false);
  return toDocument(row, versions.get(id) ?? [], words, true);
}
