// The condominium's document library (src/api/documents.ts). Every signed-in member reads the folders and the
// documents of the audiences the shared rule gives them (permissions.documentAudiencesFor; owners by their dwellings);
// administrators (canManageDocuments) upload, add versions, archive and add folders. Another condominium's document,
// or one the caller may not see, is as unknown as none (404). Files are served behind signed links.
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import {
  DOCUMENT_PATHS,
  type DocumentAnswer,
  DocumentArchiveRequest,
  type DocumentFolderAnswer,
  DocumentFolderRequest,
  type DocumentFoldersAnswer,
  type DocumentsPageAnswer,
  DocumentsQuery,
  DocumentUploadRequest,
  DocumentVersionRequest,
} from '../../src/api/documents';
import { canManageDocuments } from '../../src/api/permissions';
import { IdParam } from '../../src/api/validation';
import { addFolder, addVersion, archiveDocument, uploadDocument } from '../domain/documents/change';
import { checkDocumentFileLink, documentFile, documentFileSigner } from '../domain/documents/files';
import { listDocuments, listFolders } from '../domain/documents/list';
import { documentAnswer } from '../domain/documents/rows';
import { libraryReader } from '../domain/documents/viewer';
import type { Auth } from '../domain/shared/auth';
import { timeZoneOf } from '../domain/shared/zonedTime';
import { SIGNED_IN, signedInRoutes } from './guards';
import { signedFileRoute } from './signedFileRoute';

/** A 10 MB file as a base64 data URL, plus the fields. */
const DOCUMENT_BODY_LIMIT = 14_000_000;
const DocumentParams = object({ documentId: IdParam });

export default async function documentRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const manage = { allow: canManageDocuments } as const;
  const reading = async (auth: Auth) => ({
    reader: await libraryReader(app.db, auth),
    words: {
      timeZone: await timeZoneOf(app.db, auth.condoId),
      fileLink: await documentFileSigner(app.db, app.clock, app.prefix),
    },
  });

  routes.get(
    DOCUMENT_PATHS.folders,
    { allow: SIGNED_IN },
    async (request): Promise<DocumentFoldersAnswer> => ({
      success: true,
      items: await listFolders(app.db, await libraryReader(app.db, request.auth)),
    }),
  );

  routes.post<{ Body: DocumentFolderRequest }>(
    DOCUMENT_PATHS.newFolder,
    { schema: { body: DocumentFolderRequest }, ...manage },
    async (request): Promise<DocumentFolderAnswer> => ({
      success: true,
      data: await addFolder(app.db, app.clock, request.auth, request.body.name),
    }),
  );

  routes.get<{ Querystring: DocumentsQuery }>(
    DOCUMENT_PATHS.list,
    { schema: { querystring: DocumentsQuery }, allow: SIGNED_IN },
    async (request): Promise<DocumentsPageAnswer> => {
      const { reader, words } = await reading(request.auth);
      return { success: true, ...(await listDocuments(app.db, reader, request.query, words)) };
    },
  );

  routes.post<{ Body: DocumentUploadRequest }>(
    DOCUMENT_PATHS.upload,
    { schema: { body: DocumentUploadRequest }, ...manage, bodyLimit: DOCUMENT_BODY_LIMIT },
    async (request): Promise<DocumentAnswer> => {
      const { reader, words } = await reading(request.auth);
      return { success: true, data: await uploadDocument(app.db, app.clock, reader, request.auth, request.body, words) };
    },
  );

  routes.get<{ Params: { documentId: number } }>(
    DOCUMENT_PATHS.detail,
    { schema: { params: DocumentParams }, allow: SIGNED_IN },
    async (request): Promise<DocumentAnswer> => {
      const { reader, words } = await reading(request.auth);
      return { success: true, data: await documentAnswer(app.db, reader, request.params.documentId, words) };
    },
  );

  routes.post<{ Params: { documentId: number }; Body: DocumentVersionRequest }>(
    DOCUMENT_PATHS.newVersion,
    { schema: { params: DocumentParams, body: DocumentVersionRequest }, ...manage, bodyLimit: DOCUMENT_BODY_LIMIT },
    async (request): Promise<DocumentAnswer> => {
      const { reader, words } = await reading(request.auth);
      const { documentId } = request.params;
      return { success: true, data: await addVersion(app.db, app.clock, reader, request.auth, documentId, request.body, words) };
    },
  );

  routes.post<{ Params: { documentId: number }; Body: DocumentArchiveRequest }>(
    DOCUMENT_PATHS.archive,
    { schema: { params: DocumentParams, body: DocumentArchiveRequest }, ...manage },
    async (request): Promise<DocumentAnswer> => {
      const { reader, words } = await reading(request.auth);
      const { documentId } = request.params;
      const archived = request.body.archived;
      return { success: true, data: await archiveDocument(app.db, app.clock, reader, request.auth, documentId, archived, words) };
    },
  );

  signedFileRoute(app, {
    path: DOCUMENT_PATHS.file,
    param: 'fileId',
    check: (link) => checkDocumentFileLink(app.db, app.clock, link),
    load: (id) => documentFile(app.db, id),
  });
}
