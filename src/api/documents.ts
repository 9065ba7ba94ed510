// The condominium's document library (issue 32; the spec's condominio/others): the rules (reglamento), the book of
// minutes (actas), contracts, insurance and plans, each a fixed folder, and the folders an administrator adds. Each
// document says who may see it (everyone, owners, the board, administrators: permissions.documentAudiencesFor).
// Administrators upload a PDF or an image, a new version of a document keeps the old ones listed (who uploaded each,
// when), nothing is deleted and a document can be archived. The book of minutes ('actas') is where an assembly files
// its acta (server/domain/shared/documentLibrary.ts fileDocument).
import {
  array,
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  pattern,
  size,
  string,
} from 'superstruct';
import { uploadOf } from './uploads';
import { Id, NonEmpty, PageQueryOf } from './validation';

export const DOCUMENT_PATHS = {
  /** Signed in: GET → DocumentFoldersAnswer, the fixed folders and the added ones, with the documents each shows the caller. */
  folders: '/--documentos/carpetas',
  /** canManageDocuments: POST DocumentFolderRequest → DocumentFolderAnswer. */
  newFolder: '/--documentos/carpetas/nueva',
  /**
   * Signed in: GET ?folder=&q=&archived=&limit=&offset= → DocumentsPageAnswer, by name; only the audiences the caller
   * may see (archived ones: administrators only).
   */
  list: '/--documentos/lista',
  /** canManageDocuments: POST DocumentUploadRequest → DocumentAnswer; 404 an unknown folder. */
  upload: '/--documentos/nuevo',
  /** Signed in: GET → DocumentAnswer with its versions; 404 another condominium's or one the caller may not see. */
  detail: '/--documentos/:documentId',
  /** canManageDocuments: POST DocumentVersionRequest → DocumentAnswer; the old versions stay listed. */
  newVersion: '/--documentos/:documentId/version',
  /** canManageDocuments: POST DocumentArchiveRequest → DocumentAnswer. */
  archive: '/--documentos/:documentId/archivar',
  /** A signed link an answer gave (a version's file): GET → the PDF or the image. */
  file: '/--documentos/archivo/:fileId',
} as const;

export const documentPath = (id: number) => `/--documentos/${id}`;
export const documentVersionPath = (id: number) => `/--documentos/${id}/version`;
export const documentArchivePath = (id: number) => `/--documentos/${id}/archivar`;
export const documentFilePath = (id: number) => `/--documentos/archivo/${id}`;

/** The screen (under /condominio): the spec's 'others'. */
export const DOCUMENTS_SCREEN = '/others';

/** The fixed folders: the rules, the book of minutes, contracts, insurance, plans. */
export const DOCUMENT_FOLDER_CODES = ['reglamento', 'actas', 'contratos', 'seguros', 'planos'] as const;
export type DocumentFolderCode = (typeof DOCUMENT_FOLDER_CODES)[number];
/** The book of minutes: an assembly's acta is filed here. */
export const MINUTES_FOLDER: DocumentFolderCode = 'actas';

/** Who may see a document, from the widest to the narrowest. */
export const DOCUMENT_AUDIENCES = ['everyone', 'owners', 'board', 'admins'] as const;
export type DocumentAudience = (typeof DOCUMENT_AUDIENCES)[number];

export const DOCUMENT_NAME_MAX = 120;
export const DOCUMENT_NOTE_MAX = 300;
export const DOCUMENT_SEARCH_MAX = 80;
export const DOCUMENT_FILE_MAX_BYTES = 10_000_000;
export const DOCUMENT_PAGE_SIZE = 20;
export const DOCUMENT_MAX_PAGE_SIZE = 50;
export const DOCUMENT_FOLDERS_MAX = 40;

/** A folder as a query names it: a fixed folder's code, or 'f<id>' for an added one. */
export const FolderKey = pattern(string(), /^(reglamento|actas|contratos|seguros|planos|f\d{1,9})$/);
export const customFolderKey = (id: number) => `f${id}`;
export const customFolderId = (key: string): number | null => (/^f\d+$/.test(key) ? Number(key.slice(1)) : null);

export const DocumentAudience = enums(DOCUMENT_AUDIENCES);

/** A PDF or an image (PNG, JPEG, WebP), up to 10 MB. */
export const DocumentFile = uploadOf(DOCUMENT_FILE_MAX_BYTES);

export const DocumentFolderRequest = object({ name: NonEmpty(DOCUMENT_NAME_MAX) });
export type DocumentFolderRequest = Infer<typeof DocumentFolderRequest>;

export const DocumentUploadRequest = object({
  folder: FolderKey,
  name: NonEmpty(DOCUMENT_NAME_MAX),
  audience: DocumentAudience,
  file: DocumentFile,
});
export type DocumentUploadRequest = Infer<typeof DocumentUploadRequest>;

export const DocumentVersionRequest = object({
  file: DocumentFile,
  note: optional(size(string(), 0, DOCUMENT_NOTE_MAX)),
});
export type DocumentVersionRequest = Infer<typeof DocumentVersionRequest>;

export const DocumentArchiveRequest = object({ archived: boolean() });
export type DocumentArchiveRequest = Infer<typeof DocumentArchiveRequest>;

export const DocumentsQuery = object({
  ...PageQueryOf(DOCUMENT_MAX_PAGE_SIZE).schema,
  folder: optional(FolderKey),
  q: optional(size(string(), 0, DOCUMENT_SEARCH_MAX)),
  /** '1': the archived ones (administrators). */
  archived: optional(enums(['0', '1'])),
});
export type DocumentsQuery = Infer<typeof DocumentsQuery>;

export const DocumentFolder = object({
  key: FolderKey,
  /** A fixed folder's code (its name is the catalogue's); null for an added one. */
  code: nullable(enums(DOCUMENT_FOLDER_CODES)),
  /** An added folder's name; null for a fixed one. */
  name: nullable(string()),
  /** The documents in it the caller sees (not archived). */
  count: number(),
});
export type DocumentFolder = Infer<typeof DocumentFolder>;

export const DocumentVersion = object({
  number: number(),
  fileName: string(),
  contentType: string(),
  byteSize: number(),
  uploadedBy: nullable(string()),
  /** The wall clock in the condominium's zone, 'YYYY-MM-DDTHH:mm'. */
  uploadedAt: string(),
  note: nullable(string()),
  /** A signed link, for a while. */
  url: string(),
});
export type DocumentVersion = Infer<typeof DocumentVersion>;

export const LibraryDocument = object({
  id: Id,
  folder: FolderKey,
  name: string(),
  audience: DocumentAudience,
  archived: boolean(),
  /** The latest version. */
  current: DocumentVersion,
  /** Every version, the newest first (the detail only; the list gives the current one). */
  versions: array(DocumentVersion),
});
export type LibraryDocument = Infer<typeof LibraryDocument>;

export const DocumentAnswer = object({ success: literal(true), data: LibraryDocument });
export type DocumentAnswer = Infer<typeof DocumentAnswer>;
export const DocumentsPageAnswer = object({ success: literal(true), items: array(LibraryDocument), total: number() });
export type DocumentsPageAnswer = Infer<typeof DocumentsPageAnswer>;
export const DocumentFoldersAnswer = object({ success: literal(true), items: array(DocumentFolder) });
export type DocumentFoldersAnswer = Infer<typeof DocumentFoldersAnswer>;
export const DocumentFolderAnswer = object({ success: literal(true), data: DocumentFolder });
export type DocumentFolderAnswer = Infer<typeof DocumentFolderAnswer>;
