// The one way a file enters the condominium's document library (issue 32, src/api/documents.ts): a new document in a
// folder, or a new version of one, its stored file and its history row, inside the caller's transaction. Shared: the
// library's own upload routes (domain/documents/) and, next, an assembly filing its acta in the book of minutes
// (folder 'actas', source { kind: 'assembly', id }): filing again from the same source adds a version to the document
// it filed before instead of a second document. Versions are never deleted.
import type { Kysely } from 'kysely';
import { DOCUMENT_FILE_MAX_BYTES, type DocumentAudience, type DocumentFolderCode } from '../../../src/api/documents';
import type { AttachmentUpload } from '../../../src/api/uploads';
import type { Database } from '../../db/schema';
import { saveFile } from '../../infra/files/store';
import { recordAudit } from './audit';
import { decodeAttachment } from './uploads';

export interface DocumentFileBytes {
  contentType: string;
  data: Buffer;
  /** The name the file downloads as. */
  fileName: string;
}

/** A library upload (a data URL within the library's size) as the bytes fileDocument files; 400 naming `field`. */
export function decodeDocumentFile(file: AttachmentUpload, field = 'file'): DocumentFileBytes {
  const decoded = decodeAttachment(file.dataUrl, 0, { maxBytes: DOCUMENT_FILE_MAX_BYTES, field });
  return { contentType: decoded.contentType, data: decoded.data, fileName: file.name.trim() };
}

export type FileDocumentInput = {
  condoId: number;
  /** null: the system. */
  actorUserId: number | null;
  at: string;
  file: DocumentFileBytes;
  note?: string | null;
} & (
  | {
      /** A new document (or, with a source that filed one before, a new version of that one). */
      folder: DocumentFolderCode | { customFolderId: number };
      name: string;
      audience: DocumentAudience;
      /** What files it: an assembly's acta ('assembly', its id). */
      source?: { kind: string; id: number };
    }
  | { documentId: number }
);

/** Files the document (or its new version); answers its id and the version's number. */
export async function fileDocument(
  trx: Kysely<Database>,
  input: FileDocumentInput,
): Promise<{ documentId: number; version: number }> {
  let documentId: number | undefined = 'documentId' in input ? input.documentId : undefined;
  if (documentId === undefined && 'folder' in input && input.source) {
    documentId = (
      await trx
        .selectFrom('documents')
        .select('id')
        .where('condo_id', '=', input.condoId)
        .where('source_kind', '=', input.source.kind)
        .where('source_id', '=', input.source.id)
        .executeTakeFirst()
    )?.id;
  }
  const fileId = await saveFile(trx, {
    ownerUserId: input.actorUserId,
    contentType: input.file.contentType,
    data: input.file.data,
    createdAt: input.at,
  });
  if (documentId === undefined && 'folder' in input) {
    const custom = typeof input.folder === 'object' ? input.folder.customFolderId : null;
    const name = input.name.trim();
    const { id } = await trx
      .insertInto('documents')
      .values({
        condo_id: input.condoId,
        folder_code: custom === null ? (input.folder as DocumentFolderCode) : 'custom',
        folder_id: custom,
        name,
        audience: input.audience,
        source_kind: input.source?.kind ?? null,
        source_id: input.source?.id ?? null,
        current_version: 1,
        created_by: input.actorUserId,
        created_at: input.at,
        updated_at: input.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertVersion(trx, id, 1, fileId, input);
    await recordAudit(trx, {
      condoId: input.condoId,
      actorUserId: input.actorUserId,
      entity: 'document',
      entityId: id,
      action: 'create',
      after: {
        name,
        folder: custom === null ? String(input.folder) : `f${custom}`,
        audience: input.audience,
        documentVersion: 1,
      },
      at: input.at,
    });
    return { documentId: id, version: 1 };
  }
  const id = documentId!;
  // The row is claimed by the update itself, so two versions at once get numbers one after the other.
  const bumped = await trx
    .updateTable('documents')
    .set((eb) => ({ current_version: eb('current_version', '+', 1), updated_at: input.at }))
    .where('id', '=', id)
    .where('condo_id', '=', input.condoId)
    .returning('current_version')
    .executeTakeFirstOrThrow();
  const version = bumped.current_version;
  await insertVersion(trx, id, version, fileId, input);
  await recordAudit(trx, {
    condoId: input.condoId,
    actorUserId: input.actorUserId,
    entity: 'document',
    entityId: id,
    action: 'update',
    before: { documentVersion: version - 1 },
    after: { documentVersion: version },
    at: input.at,
  });
  return { documentId: id, version };
}

async function insertVersion(
  trx: Kysely<Database>,
  documentId: number,
  number: number,
  fileId: number,
  input: FileDocumentInput,
) {
  await trx
    .insertInto('document_versions')
    .values({
      document_id: documentId,
      number,
      file_id: fileId,
      file_name: input.file.fileName.trim(),
      note: input.note?.trim() || null,
      uploaded_by: input.actorUserId,
      uploaded_at: input.at,
    })
    .execute();
}
