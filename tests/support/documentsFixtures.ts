// Browser-side fixtures for the document library (issue 32): the folders, a document as the server answers it (in the
// list and opened with its versions, archived), a picked file and an upload draft, and the refusals the machines meet.
// Used by the machines' models and the views' tests.
import type { DocumentFolder, DocumentsPageAnswer, LibraryDocument } from '../../src/api/documents';
import type { UploadDraft } from '../../src/machines/documentUploadMachine';
import { ApiError } from '../../src/services/http';

export const FOLDERS: DocumentFolder[] = [
  { key: 'reglamento', code: 'reglamento', name: null, count: 1 },
  { key: 'actas', code: 'actas', name: null, count: 1 },
  { key: 'contratos', code: 'contratos', name: null, count: 0 },
  { key: 'seguros', code: 'seguros', name: null, count: 1 },
  { key: 'planos', code: 'planos', name: null, count: 0 },
];
export const ADDED_FOLDER: DocumentFolder = { key: 'f7', code: null, name: 'Proveedores', count: 0 };

const VERSION_1 = {
  number: 1,
  fileName: 'reglamento-2023.pdf',
  contentType: 'application/pdf',
  byteSize: 2048,
  uploadedBy: 'Ana Martínez Ruiz',
  uploadedAt: '2024-12-30T10:00',
  note: null,
  url: '/api/--documentos/archivo/11?exp=1&sig=a',
};
const VERSION_2 = {
  ...VERSION_1,
  number: 2,
  fileName: 'reglamento-2025.pdf',
  uploadedAt: '2025-11-01T09:30',
  note: 'Reforma aprobada en asamblea.',
  url: '/api/--documentos/archivo/12?exp=1&sig=b',
};

export const RULES: LibraryDocument = {
  id: 5,
  folder: 'reglamento',
  name: 'Reglamento interno del condominio',
  audience: 'everyone',
  archived: false,
  current: VERSION_2,
  versions: [],
};
export const RULES_OPEN: LibraryDocument = { ...RULES, versions: [VERSION_2, VERSION_1] };
export const RULES_ARCHIVED: LibraryDocument = { ...RULES_OPEN, archived: true };
export const RULES_V3: LibraryDocument = {
  ...RULES_OPEN,
  current: { ...VERSION_2, number: 3, fileName: 'reglamento-2026.pdf' },
  versions: [{ ...VERSION_2, number: 3, fileName: 'reglamento-2026.pdf' }, VERSION_2, VERSION_1],
};
export const INSURANCE: LibraryDocument = {
  ...RULES,
  id: 6,
  folder: 'seguros',
  name: 'Póliza de seguro del edificio',
  audience: 'owners',
  current: { ...VERSION_1, fileName: 'poliza-seguro.pdf', url: '/api/--documentos/archivo/13?exp=1&sig=c' },
};

export const PAGE: DocumentsPageAnswer = { success: true, items: [RULES, INSURANCE], total: 2 };

export const PDF_FILE = { name: 'contrato.pdf', type: 'application/pdf', size: 4096 };
export const DRAFT: UploadDraft = {
  folder: 'contratos',
  name: 'Contrato de elevadores',
  audience: 'owners',
  note: '',
  file: PDF_FILE,
};

export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const BAD_FILE = new ApiError(400, 'BAD_REQUEST', 'El archivo no es válido.');
