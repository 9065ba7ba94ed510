// Set-up for the document library's server tests (issue 32): a small PDF as the upload carries it, an upload request,
// a document written straight in (any condominium, audience, folder), a demo account's residencies turned to tenant
// and back, and the calls.
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import {
  DOCUMENT_PATHS,
  type DocumentAudience,
  type DocumentUploadRequest,
  documentArchivePath,
  documentVersionPath,
} from '../../src/api/documents';
import { api } from './http';
import { call, type TestApp } from './testApp';

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const PDF_DATA_URL = `data:application/pdf;base64,${PDF_BYTES.toString('base64')}`;
export const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const uploadDraft = (extra: Partial<DocumentUploadRequest> = {}): DocumentUploadRequest => ({
  folder: 'contratos',
  name: 'Contrato de mantenimiento de elevadores',
  audience: 'everyone',
  file: { name: 'contrato.pdf', dataUrl: PDF_DATA_URL },
  ...extra,
});

export async function condoIdOf(db: Kysely<Database>, subdomain: string): Promise<number> {
  return (await db.selectFrom('condominiums').select('id').where('subdomain', '=', subdomain).executeTakeFirstOrThrow()).id;
}

/** A document with one version written straight in; answers its id. */
export async function freshDocument(
  db: Kysely<Database>,
  condoId: number,
  audience: DocumentAudience = 'everyone',
  name = `Escrito por la prueba ${Math.random().toString(36).slice(2, 8)}`,
): Promise<number> {
  const at = new Date().toISOString();
  const file = await db
    .insertInto('files')
    .values({
      owner_user_id: null,
      content_type: 'application/pdf',
      byte_size: PDF_BYTES.length,
      sha256: 'x',
      data: PDF_BYTES,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('documents')
    .values({
      condo_id: condoId,
      folder_code: 'contratos',
      folder_id: null,
      name,
      audience,
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('document_versions')
    .values({ document_id: id, number: 1, file_id: file.id, file_name: 'prueba.pdf', uploaded_by: null, uploaded_at: at })
    .execute();
  return id;
}

/** Sets the kind ('owner' | 'tenant') of every dwelling a demo account holds in a condominium. */
export async function setResidencyKind(db: Kysely<Database>, email: string, condoId: number, kind: 'owner' | 'tenant') {
  const memberships = db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.id')
    .where('u.email', '=', email)
    .where('m.condo_id', '=', condoId);
  await db.updateTable('residencies').set({ kind }).where('membership_id', 'in', memberships).execute();
}

export const upload = (t: TestApp, token: string | undefined, draft: object) =>
  call(t.app, 'POST', api(DOCUMENT_PATHS.upload), { token, payload: draft });
export const newVersion = (t: TestApp, token: string | undefined, id: number, payload: object) =>
  call(t.app, 'POST', api(documentVersionPath(id)), { token, payload });
export const archive = (t: TestApp, token: string | undefined, id: number, archived: boolean) =>
  call(t.app, 'POST', api(documentArchivePath(id)), { token, payload: { archived } });
