// Changing the library (administrators, canManageDocuments): a document uploaded into a folder, a new version of one
// (the old ones stay listed), archived or brought back, a folder added. The file is checked to be the PDF or image
// it says before anything is written; every change writes its history row in its transaction (a document's through
// domain/shared/documentLibrary.ts fileDocument, the one way a file enters the library).
import type { Kysely } from 'kysely';
import {
  customFolderId,
  customFolderKey,
  DOCUMENT_FOLDERS_MAX,
  type DocumentFolder,
  type DocumentFolderCode,
  type DocumentUploadRequest,
  type DocumentVersionRequest,
  type LibraryDocument,
} from '../../../src/api/documents';
import { ErrorCodes } from '../../../src/api/errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { decodeDocumentFile, fileDocument } from '../shared/documentLibrary';
import { documentAnswer, documentNotFound, type Words } from './rows';
import type { LibraryReader } from './viewer';

async function ownDocument(db: Kysely<Database>, condoId: number, id: number) {
  const row = await db
    .selectFrom('documents')
    .select(['id', 'archived'])
    .where('id', '=', id)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!row) throw documentNotFound();
  return row;
}

export async function uploadDocument(
  db: Kysely<Database>,
  clock: Clock,
  reader: LibraryReader,
  auth: Auth,
  input: DocumentUploadRequest,
  words: Words,
): Promise<LibraryDocument> {
  const file = decodeDocumentFile(input.file);
  const custom = customFolderId(input.folder);
  if (custom !== null) {
    const folder = await db
      .selectFrom('document_folders')
      .select('id')
      .where('id', '=', custom)
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (!folder) throw new AppError(404, ErrorCodes.notFound, 'library.refusal.folderNotFound', 'folder');
  }
  const { documentId } = await db.transaction().execute((trx) =>
    fileDocument(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      at: clock.now().toISOString(),
      file,
      folder: custom === null ? (input.folder as DocumentFolderCode) : { customFolderId: custom },
      name: input.name,
      audience: input.audience,
    }),
  );
  return documentAnswer(db, reader, documentId, words);
}

export async function addVersion(
  db: Kysely<Database>,
  clock: Clock,
  reader: LibraryReader,
  auth: Auth,
  documentId: number,
  input: DocumentVersionRequest,
  words: Words,
): Promise<LibraryDocument> {
  const file = decodeDocumentFile(input.file);
  await ownDocument(db, auth.condoId, documentId);
  await db.transaction().execute((trx) =>
    fileDocument(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      at: clock.now().toISOString(),
      file,
      note: input.note ?? null,
      documentId,
    }),
  );
  return documentAnswer(db, reader, documentId, words);
}

export async function archiveDocument(
  db: Kysely<Database>,
  clock: Clock,
  reader: LibraryReader,
  auth: Auth,
  documentId: number,
  archived: boolean,
  words: Words,
): Promise<LibraryDocument> {
  const row = await ownDocument(db, auth.condoId, documentId);
  const was = row.archived === 1;
  if (was !== archived) {
    await db.transaction().execute(async (trx) => {
      const at = clock.now().toISOString();
      await trx
        .updateTable('documents')
        .set({ archived: archived ? 1 : 0, updated_at: at })
        .where('id', '=', documentId)
        .where('condo_id', '=', auth.condoId)
        .execute();
      await recordAudit(trx, {
        condoId: auth.condoId,
        actorUserId: auth.userId,
        entity: 'document',
        entityId: documentId,
        action: archived ? 'deactivate' : 'activate',
        before: { archived: was },
        after: { archived },
        at,
      });
    });
  }
  return documentAnswer(db, reader, documentId, words);
}

export async function addFolder(db: Kysely<Database>, clock: Clock, auth: Auth, name: string): Promise<DocumentFolder> {
  const wanted = name.trim();
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('document_folders')
      .select(['id', 'name'])
      .where('condo_id', '=', auth.condoId)
      .execute();
    if (existing.some((f) => f.name.toLowerCase() === wanted.toLowerCase()))
      throw new AppError(409, ErrorCodes.conflict, 'library.refusal.folderExists', 'name');
    if (existing.length >= DOCUMENT_FOLDERS_MAX)
      throw new AppError(409, ErrorCodes.conflict, 'library.refusal.tooManyFolders', 'name');
    const at = clock.now().toISOString();
    const { id } = await trx
      .insertInto('document_folders')
      .values({ condo_id: auth.condoId, name: wanted, created_by: auth.userId, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'document_folder',
      entityId: id,
      action: 'create',
      after: { name: wanted },
      at,
    });
    return { key: customFolderKey(id), code: null, name: wanted, count: 0 };
  });
}
