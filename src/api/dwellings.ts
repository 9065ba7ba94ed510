// Towers and dwellings (issue 16, configuracion tab 'viviendas'): administrators (permissions.canManagePeople)
// list, create, edit, deactivate and reactivate the condominium's towers and dwellings, each dwelling with its
// indiviso share (parts per million, polls.ts INDIVISO_WHOLE), and import them from a CSV or XLSX file: the
// server answers a preview of every row first (nothing written), then a confirmation writes them all or none.
//
// Names are unique without regard to case or accents (src/api/search.ts's fold): a tower's within its
// condominium, a dwelling's within its tower (or among the houses without a tower).
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  nullable,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
} from 'superstruct';
import { INDIVISO_WHOLE } from './polls';
import { foldForSearch } from './search';
import { ID_MAX, Id, NonEmpty, QueryInteger } from './validation';

// How a dwelling is named wherever people read it: "Torre A - 101", or "Casa 12" without a tower.
export const dwellingName = (tower: string | null, apartment: string): string => (tower ? `${tower} - ${apartment}` : apartment);

export const DWELLINGS_PATHS = {
  /** GET DwellingListQuery → DwellingListAnswer: a page of dwellings, every tower, the share total. */
  list: '/--configuracion/viviendas/lista',
  /** POST TowerDraft → TowerSaved (no TowerId: a new tower). 409 when the name is taken. */
  saveTower: '/--configuracion/viviendas/torre',
  /** POST TowerActiveRequest → TowerSaved. 409 while the tower has active dwellings. */
  towerActive: '/--configuracion/viviendas/torre/estado',
  /** POST DwellingDraft → DwellingSaved (no ApmtId: a new dwelling). 409 when the name is taken. */
  saveDwelling: '/--configuracion/viviendas/vivienda',
  /** POST DwellingActiveRequest → DwellingSaved. */
  dwellingActive: '/--configuracion/viviendas/vivienda/estado',
  /** POST ImportFile → ImportPreview: every row with what confirming would do; nothing written. */
  importPreview: '/--configuracion/viviendas/importar/vista-previa',
  /** POST ImportConfirm → ImportDone, all or nothing; 409 when the preview no longer holds (preview again). */
  importConfirm: '/--configuracion/viviendas/importar/confirmar',
} as const;

export const DWELLINGS_PAGE_SIZE = 25;
export const DWELLINGS_MAX_PAGE_SIZE = 100;
export const TOWER_NAME_MAX = 60;
export const DWELLING_NAME_MAX = 60;
/** The import's limits: the file's bytes and its rows (the header not counted). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 2000;
export const IMPORT_KINDS = ['csv', 'xlsx'] as const;
/** Decimals a share may have as a percentage: 1 ppm is 0.0001 %. */
export const SHARE_DECIMALS = 4;
const PPM_PER_PERCENT = INDIVISO_WHOLE / 100;

/** A share in parts per million as the percentage people read: up to four decimals, no trailing zeros. */
export function shareToPercent(ppm: number): string {
  return (ppm / PPM_PER_PERCENT).toFixed(SHARE_DECIMALS).replace(/\.?0+$/, '');
}

/**
 * A percentage as typed ("0.5", "0,5", "12.3456 %") in parts per million; null when it is not a number from 0
 * to 100 with at most four decimals.
 */
export function percentToShare(text: string): number | null {
  const cleaned = text.trim().replace(/\s*%$/, '').replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,4})?$|^\.\d{1,4}$/.test(cleaned)) return null;
  const [whole = '0', decimals = ''] = cleaned.split('.');
  const ppm = Number(whole || '0') * PPM_PER_PERCENT + Number(decimals.padEnd(SHARE_DECIMALS, '0'));
  return ppm <= INDIVISO_WHOLE ? ppm : null;
}

/** The key two names are the same under (case and accents ignored, spaces trimmed and collapsed). */
export const nameKey = (name: string) => foldForSearch(name.trim().normalize('NFC').replace(/\s+/g, ' '));

/** A name as stored: trimmed, spaces collapsed. */
export const cleanName = (name: string) => name.trim().normalize('NFC').replace(/\s+/g, ' ');

export const Share = refine(integer(), 'Share', (v) => (v >= 0 && v <= INDIVISO_WHOLE) || `must be 0 to ${INDIVISO_WHOLE}`);

export const Tower = object({
  TowerId: Id,
  Nombre: string(),
  activa: boolean(),
  /** Its active dwellings. */
  viviendas: integer(),
});
export type Tower = Infer<typeof Tower>;

export const Dwelling = object({
  ApmtId: Id,
  Nombre: string(),
  TowerId: nullable(Id),
  Torre: nullable(string()),
  /** Parts per million. */
  indiviso: integer(),
  activa: boolean(),
  /** Active members living there. */
  residentes: integer(),
});
export type Dwelling = Infer<typeof Dwelling>;

export const DWELLING_STATES = ['activas', 'inactivas', 'todas'] as const;
export type DwellingStateFilter = (typeof DWELLING_STATES)[number];
/** The tower filter: a tower's id (1 to ID_MAX, what its column holds), 'sin' (houses without a tower), or absent (all). */
export const TowerFilter = refine(
  pattern(string(), /^(\d{1,10}|sin)$/),
  'Range',
  (value) => value === 'sin' || (Number(value) >= 1 && Number(value) <= ID_MAX) || `must be between 1 and ${ID_MAX}`,
);

export const DwellingListQuery = object({
  q: optional(size(string(), 0, 100)),
  torre: optional(TowerFilter),
  estado: optional(enums(DWELLING_STATES)),
  limit: optional(QueryInteger(1, DWELLINGS_MAX_PAGE_SIZE)),
  offset: optional(QueryInteger(0, 1_000_000)),
});
export type DwellingListQuery = Infer<typeof DwellingListQuery>;

export const DwellingListAnswer = object({
  success: literal(true),
  viviendas: array(Dwelling),
  /** Dwellings matching the query (all pages). */
  total: integer(),
  torres: array(Tower),
  /** The active dwellings' shares added up (ppm); INDIVISO_WHOLE when they make the whole property. */
  indivisoActivo: integer(),
  /** How many dwellings are active. */
  activas: integer(),
});
export type DwellingListAnswer = Infer<typeof DwellingListAnswer>;

export const TowerDraft = object({
  TowerId: optional(Id),
  Nombre: NonEmpty(TOWER_NAME_MAX),
});
export type TowerDraft = Infer<typeof TowerDraft>;

export const TowerActiveRequest = object({ TowerId: Id, activa: boolean() });
export type TowerActiveRequest = Infer<typeof TowerActiveRequest>;

export const TowerSaved = object({ success: literal(true), torre: Tower });
export type TowerSaved = Infer<typeof TowerSaved>;

export const DwellingDraft = object({
  ApmtId: optional(Id),
  Nombre: NonEmpty(DWELLING_NAME_MAX),
  TowerId: nullable(Id),
  indiviso: Share,
});
export type DwellingDraft = Infer<typeof DwellingDraft>;

export const DwellingActiveRequest = object({ ApmtId: Id, activa: boolean() });
export type DwellingActiveRequest = Infer<typeof DwellingActiveRequest>;

export const DwellingSaved = object({ success: literal(true), vivienda: Dwelling });
export type DwellingSaved = Infer<typeof DwellingSaved>;

/** The file as uploaded: its name and its bytes in base64 (at most IMPORT_MAX_BYTES once decoded). */
export const ImportFile = object({
  nombre: size(string(), 1, 200),
  datos: size(pattern(string(), /^[A-Za-z0-9+/]*={0,2}$/), 1, Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 4),
});
export type ImportFile = Infer<typeof ImportFile>;

export const ImportConfirm = object({
  nombre: ImportFile.schema.nombre,
  datos: ImportFile.schema.datos,
  /** The preview's huella: confirming writes only what that preview showed. */
  huella: size(string(), 1, 100),
});
export type ImportConfirm = Infer<typeof ImportConfirm>;

/** What confirming would do with a row. */
export const IMPORT_ROW_STATES = ['nueva', 'actualiza', 'igual', 'problema'] as const;
export type ImportRowState = (typeof IMPORT_ROW_STATES)[number];

/** Why a row cannot be imported (dwellings.import.problem.<code>). */
export const IMPORT_PROBLEMS = [
  'viviendaVacia',
  'nombreLargo',
  'torreLarga',
  'duplicada',
  'indivisoInvalido',
  'torreInactiva',
  'viviendaInactiva',
] as const;
export type ImportProblem = (typeof IMPORT_PROBLEMS)[number];

export const ImportRow = object({
  /** The line (CSV) or row (XLSX) of the file, the header being 1. */
  fila: integer(),
  torre: nullable(string()),
  vivienda: string(),
  /** The share the row gives (ppm); null: none given (a new dwelling gets 0, an existing one keeps its own). */
  indiviso: nullable(integer()),
  estado: enums(IMPORT_ROW_STATES),
  /** The tower does not exist yet: confirming creates it. */
  torreNueva: boolean(),
  /** An existing dwelling's share now. */
  anterior: nullable(integer()),
  problema: nullable(enums(IMPORT_PROBLEMS)),
  /** The problem worded in the reader's language. */
  mensaje: nullable(string()),
});
export type ImportRow = Infer<typeof ImportRow>;

export const ImportSummary = object({
  nuevas: integer(),
  actualizadas: integer(),
  iguales: integer(),
  problemas: integer(),
  torresNuevas: integer(),
});
export type ImportSummary = Infer<typeof ImportSummary>;

export const ImportPreview = object({
  success: literal(true),
  filas: array(ImportRow),
  resumen: ImportSummary,
  /** Identifies this preview of this file against the condominium as it is: confirm sends it back. */
  huella: string(),
});
export type ImportPreview = Infer<typeof ImportPreview>;

export const ImportDone = object({ success: literal(true), resumen: ImportSummary });
export type ImportDone = Infer<typeof ImportDone>;
