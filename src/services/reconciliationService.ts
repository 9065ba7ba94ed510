// Browser side of bank reconciliation (conciliación, src/api/reconciliation.ts, issue 27): previewing and importing a
// statement, the imports, the queue of movements, accepting, splitting, setting aside and undoing, and the saved
// column mappings. Each answer is checked against the contract; refusals throw ApiError with the server's words.
import { HTTPError } from 'ky';
import { validate } from 'superstruct';
import { ErrorAnswer } from '../api/errors';
import {
  type BankMovement,
  BankMovementAnswer,
  BankMovementListAnswer,
  type ColumnMapping,
  ColumnMappingAnswer,
  type ColumnMappingDraft,
  ColumnMappingListAnswer,
  type ExpenseFund,
  type MovementState,
  RECONCILIATION_PATHS,
  reconciliationPath,
  type StatementImport,
  StatementImportAnswer,
  StatementImportListAnswer,
  type StatementPreview,
  StatementPreviewAnswer,
} from '../api/reconciliation';
import { OkAnswer } from '../api/sessions';
import { ApiError, apiPath, call, http } from './http';
import { saveBlob } from './saveBlob';

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

/** The latest imports, and whether the demo's example statement may be downloaded here. */
export async function listImports(
  limit: number,
  signal?: AbortSignal,
): Promise<{ items: StatementImport[]; total: number; exampleStatement: boolean }> {
  const { items, total, exampleStatement } = await call(
    () => http.get(apiPath(RECONCILIATION_PATHS.imports), { searchParams: { limit: String(limit), offset: '0' }, signal }),
    StatementImportListAnswer,
  );
  return { items, total, exampleStatement };
}

/** Downloads the demo's example statement and hands it to the browser as a file. */
export async function downloadExampleStatement(signal?: AbortSignal): Promise<void> {
  try {
    const response = await http.get(apiPath(RECONCILIATION_PATHS.exampleStatement), { signal });
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'estado-de-cuenta.csv';
    saveBlob(name, await response.blob());
  } catch (error) {
    if (!(error instanceof HTTPError)) throw error;
    const [, refusal] = validate(await error.response.json().catch(() => null), ErrorAnswer);
    throw refusal
      ? new ApiError(error.response.status, refusal.code, refusal.message, refusal.field, refusal.messageId)
      : new ApiError(error.response.status, 'HTTP', error.message);
  }
}

export async function listMovements(
  query: { estado: MovementState | null; limit: number; offset: number },
  signal?: AbortSignal,
): Promise<{ items: BankMovement[]; total: number; expenseCategories: string[]; funds: ExpenseFund[] }> {
  const searchParams: Record<string, string> = { limit: String(query.limit), offset: String(query.offset) };
  if (query.estado) searchParams.estado = query.estado;
  const { items, total, expenseCategories, funds } = await call(
    () => http.get(apiPath(RECONCILIATION_PATHS.movements), { searchParams, signal }),
    BankMovementListAnswer,
  );
  return { items, total, expenseCategories, funds };
}

const movementCall = async (path: string, json: object | undefined, signal?: AbortSignal) =>
  (await call(() => http.post(apiPath(path), { json: json ?? {}, signal }), BankMovementAnswer)).movement;

export const acceptMovement = (id: number, apartmentId: number, signal?: AbortSignal) =>
  movementCall(reconciliationPath(RECONCILIATION_PATHS.accept, id), { apartmentId }, signal);

export const splitMovement = (id: number, parts: { apartmentId: number; amountCents: number }[], signal?: AbortSignal) =>
  movementCall(reconciliationPath(RECONCILIATION_PATHS.split, id), { parts }, signal);

export const dismissMovement = (id: number, signal?: AbortSignal) =>
  movementCall(reconciliationPath(RECONCILIATION_PATHS.dismiss, id), undefined, signal);

/** Records a withdrawal "sin registrar" as an expense; with ruleText, the rule is saved too. */
export const categorizeMovement = (
  id: number,
  request: { category: string; fundId: number | null; ruleText: string | null },
  signal?: AbortSignal,
) => movementCall(reconciliationPath(RECONCILIATION_PATHS.categorize, id), request, signal);

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

export async function renameMapping(id: number, name: string, signal?: AbortSignal): Promise<ColumnMapping> {
  return (
    await call(
      () => http.post(apiPath(reconciliationPath(RECONCILIATION_PATHS.renameMapping, id)), { json: { name }, signal }),
      ColumnMappingAnswer,
    )
  ).mapping;
}
