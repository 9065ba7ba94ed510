// A document version's file, stored in `files` and served behind short-lived signed links (infra/files/fileLinks.ts)
// that only the answers of a caller who may see the document carry.
import type { Kysely } from 'kysely';
import { documentFilePath } from '../../../src/api/documents';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { checkFileLink, type FileLinkKind, fileLinkSigner } from '../../infra/files/fileLinks';

const DOCUMENT_FILE: FileLinkKind = { secret: 'post-file-url', purpose: 'document-file', path: documentFilePath };

export const documentFileSigner = (db: Kysely<Database>, clock: Clock, apiPrefix: string) =>
  fileLinkSigner(db, clock, apiPrefix, DOCUMENT_FILE);

export const checkDocumentFileLink = (db: Kysely<Database>, clock: Clock, link: { id: number; exp: number; sig: string }) =>
  checkFileLink(db, clock, DOCUMENT_FILE, link);

/** The file when it is a document's version; undefined otherwise. A PDF downloads, an image opens. */
export async function documentFile(
  db: Kysely<Database>,
  fileId: number,
): Promise<{ content_type: string; file_name: string; data: Uint8Array; kind: string } | undefined> {
  const row = await db
    .selectFrom('document_versions as v')
    .innerJoin('files as f', 'f.id', 'v.file_id')
    .select(['f.content_type', 'f.data', 'v.file_name'])
    .where('v.file_id', '=', fileId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    content_type: row.content_type,
    file_name: row.file_name,
    data: row.data,
    kind: row.content_type.startsWith('image/') ? 'image' : 'file',
  };
}
