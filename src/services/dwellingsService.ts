// Browser side of towers and dwellings (src/api/dwellings.ts): one function per call of DWELLINGS_PATHS. A file
// to import travels as base64 in JSON, read here from the chosen File; the server parses it (CSV or XLSX).
import {
  DWELLINGS_PATHS,
  type DwellingActiveRequest,
  type DwellingDraft,
  DwellingListAnswer,
  type DwellingListQuery,
  DwellingSaved,
  ImportDone,
  type ImportFile,
  ImportPreview,
  type TowerActiveRequest,
  type TowerDraft,
  TowerSaved,
} from '../api/dwellings';
import { apiPath, call, http } from './http';

const query = (params: object): Record<string, string | number> =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Record<
    string,
    string | number
  >;

export function fetchDwellings(params: DwellingListQuery, signal?: AbortSignal): Promise<DwellingListAnswer> {
  return call(() => http.get(apiPath(DWELLINGS_PATHS.list), { searchParams: query(params), signal }), DwellingListAnswer);
}

export function saveTower(draft: TowerDraft, signal?: AbortSignal): Promise<TowerSaved> {
  return call(() => http.post(apiPath(DWELLINGS_PATHS.saveTower), { json: draft, signal }), TowerSaved);
}

export function setTowerActive(request: TowerActiveRequest, signal?: AbortSignal): Promise<TowerSaved> {
  return call(() => http.post(apiPath(DWELLINGS_PATHS.towerActive), { json: request, signal }), TowerSaved);
}

export function saveDwelling(draft: DwellingDraft, signal?: AbortSignal): Promise<DwellingSaved> {
  return call(() => http.post(apiPath(DWELLINGS_PATHS.saveDwelling), { json: draft, signal }), DwellingSaved);
}

export function setDwellingActive(request: DwellingActiveRequest, signal?: AbortSignal): Promise<DwellingSaved> {
  return call(() => http.post(apiPath(DWELLINGS_PATHS.dwellingActive), { json: request, signal }), DwellingSaved);
}

/** A chosen file as the import sends it: its name and its bytes in base64. */
export async function importFileOf(file: Blob & { name: string }): Promise<ImportFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { nombre: file.name, datos: btoa(binary) };
}

export function previewImport(file: ImportFile, signal?: AbortSignal): Promise<ImportPreview> {
  return call(() => http.post(apiPath(DWELLINGS_PATHS.importPreview), { json: file, signal, timeout: 120_000 }), ImportPreview);
}

export function confirmImport(file: ImportFile, huella: string, signal?: AbortSignal): Promise<ImportDone> {
  return call(
    () => http.post(apiPath(DWELLINGS_PATHS.importConfirm), { json: { ...file, huella }, signal, timeout: 120_000 }),
    ImportDone,
  );
}
