// Browser side of the condominium's document library (src/api/documents.ts). Every answer is checked against the
// contract; refusals come back as ApiError.
import {
  DOCUMENT_PATHS,
  DocumentAnswer,
  type DocumentFolder,
  DocumentFolderAnswer,
  DocumentFoldersAnswer,
  DocumentsPageAnswer,
  type DocumentsQuery,
  type DocumentUploadRequest,
  type DocumentVersionRequest,
  documentArchivePath,
  documentPath,
  documentVersionPath,
  type LibraryDocument,
} from '../api/documents';
import { apiPath, call, http } from './http';

/** A 10 MB file travels for a while on a slow line. */
const UPLOAD_TIMEOUT = 120_000;

export async function fetchDocumentFolders(signal?: AbortSignal): Promise<DocumentFolder[]> {
  return (await call(() => http.get(apiPath(DOCUMENT_PATHS.folders), { signal }), DocumentFoldersAnswer)).items;
}

export function fetchDocuments(query: DocumentsQuery, signal?: AbortSignal): Promise<DocumentsPageAnswer> {
  const searchParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query) as [string, string | number | undefined][]) {
    if (value !== undefined && value !== '') searchParams[key] = value;
  }
  return call(() => http.get(apiPath(DOCUMENT_PATHS.list), { searchParams, signal }), DocumentsPageAnswer);
}

export async function fetchDocument(id: number, signal?: AbortSignal): Promise<LibraryDocument> {
  return (await call(() => http.get(apiPath(documentPath(id)), { signal }), DocumentAnswer)).data;
}

export async function uploadDocument(request: DocumentUploadRequest, signal?: AbortSignal): Promise<LibraryDocument> {
  return (
    await call(
      () => http.post(apiPath(DOCUMENT_PATHS.upload), { json: request, signal, timeout: UPLOAD_TIMEOUT }),
      DocumentAnswer,
    )
  ).data;
}

export async function addDocumentVersion(
  id: number,
  request: DocumentVersionRequest,
  signal?: AbortSignal,
): Promise<LibraryDocument> {
  return (
    await call(
      () => http.post(apiPath(documentVersionPath(id)), { json: request, signal, timeout: UPLOAD_TIMEOUT }),
      DocumentAnswer,
    )
  ).data;
}

export async function archiveDocument(id: number, archived: boolean, signal?: AbortSignal): Promise<LibraryDocument> {
  return (await call(() => http.post(apiPath(documentArchivePath(id)), { json: { archived }, signal }), DocumentAnswer)).data;
}

export async function addDocumentFolder(name: string, signal?: AbortSignal): Promise<DocumentFolder> {
  return (await call(() => http.post(apiPath(DOCUMENT_PATHS.newFolder), { json: { name }, signal }), DocumentFolderAnswer)).data;
}

/** A chosen file read as the data URL the contract carries. */
export function readDocumentFile(file: File): Promise<{ name: string; dataUrl: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, dataUrl: String(reader.result) });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
