// Browser side of bank reconciliation (conciliación, src/api/reconciliation.ts, issue 27): previewing and importing a
// statement, the imports, the queue of movements, accepting, splitting, setting aside and undoing, and the saved
// column mappings. Each answer is checked against the contract; refusals throw ApiError with the server's words.
import {
  type BankMovement,
  BankMovementAnswer,
  BankMovementListAnswer,
  type ColumnMapping,
  ColumnMappingAnswer,
  type ColumnMappingDraft,
  ColumnMappingListAnswer,
  type MovementState,
  RECONCILIATION_PATHS,
  reconciliationPath,
  type StatementImport,
  StatementImportAnswer,
  type StatementPreview,
  StatementPreviewAnswer,
} from '../api/reconciliation';
import { OkAnswer } from '../api/sessions';
import { apiPath, call, http } from './http';

/** The file as the screen read it: its name and bytes in base64. */
export interface StatementFile {
  nombre: string;
  datos: string;
}

export async function previewStatement(
  file: StatementFile,
  mapeoId: number | null,
  signal?: AbortSignal,
): Promise<StatementPreview> {
  return (
    await call(
      () => http.post(apiPath(RECONCILIATION_PATHS.preview), { json: { ...file, mapeoId }, signal, timeout: 120_000 }),
      StatementPreviewAnswer,
    )
  ).preview;
}

export async function importStatement(
  file: StatementFile,
  request: { mapeoId: number | null; huella: string; cuentaId: number },
  signal?: AbortSignal,
): Promise<StatementImport> {
  return (
    await call(
      () => http.post(apiPath(RECONCILIATION_PATHS.importStatement), { json: { ...file, ...request }, signal, timeout: 120_000 }),
      StatementImportAnswer,
    )
  ).import;
}

export async function listMovements(
  query: { estado: MovementState | null; limit: number; offset: number },
  signal?: AbortSignal,
): Promise<{ items: BankMovement[]; total: number }> {
  const searchParams: Record<string, string> = { limit: String(query.limit), offset: String(query.offset) };
  if (query.estado) searchParams.estado = query.estado;
  const { items, total } = await call(
    () => http.get(apiPath(RECONCILIATION_PATHS.movements), { searchParams, signal }),
    BankMovementListAnswer,
  );
  return { items, total };
}

const movementCall = async (path: string, json: object | undefined, signal?: AbortSignal) =>
  (await call(() => http.post(apiPath(path), { json: json ?? {}, signal }), BankMovementAnswer)).movement;

export const acceptMovement = (id: number, apartmentId: number, signal?: AbortSignal) =>
  movementCall(reconciliationPath(RECONCILIATION_PATHS.accept, id), { apartmentId }, signal);

export const splitMovement = (id: number, parts: { apartmentId: number; amountCents: number }[], signal?: AbortSignal) =>
  movementCall(reconciliationPath(RECONCILIATION_PATHS.split, id), { parts }, signal);

export const dismissMovement = (id: number, signal?: AbortSignal) =>
  movementCall(reconciliationPath(RECONCILIATION_PATHS.dismiss, id), undefined, signal);

export const undoMovement = (id: number, reason: string, signal?: AbortSignal) =>
  movementCall(reconciliationPath(RECONCILIATION_PATHS.undo, id), { reason }, signal);

export async function listMappings(signal?: AbortSignal): Promise<ColumnMapping[]> {
  return (await call(() => http.get(apiPath(RECONCILIATION_PATHS.mappings), { signal }), ColumnMappingListAnswer)).items;
}

export async function saveMapping(draft: ColumnMappingDraft, signal?: AbortSignal): Promise<ColumnMapping> {
  return (await call(() => http.post(apiPath(RECONCILIATION_PATHS.mappings), { json: draft, signal }), ColumnMappingAnswer))
    .mapping;
}

export async function removeMapping(id: number, signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(reconciliationPath(RECONCILIATION_PATHS.removeMapping, id)), { signal }), OkAnswer);
}
