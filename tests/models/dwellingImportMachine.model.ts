// The dwellings import as a test model: a file with a bad row (its preview cannot be confirmed, a fixed file is
// chosen), a file the server refuses (back to the choice), a failed upload or confirmation (retried), a stale
// preview (reviewed again) and the import done. The words its scenarios are told in: docs/scenarios.
import type { ImportDone, ImportPreview, ImportRow } from '../../src/api/dwellings';
import { type ChosenFile, type DwellingImportContext, dwellingImportMachine } from '../../src/machines/dwellingImportMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

/** Files as the browser gives them (only their names matter to the machine). */
export const BAD_FILE = { name: 'viviendas-con-error.csv', size: 120 } as unknown as ChosenFile;
export const GOOD_FILE = { name: 'viviendas.csv', size: 118 } as unknown as ChosenFile;

const row = (fila: number, over: Partial<ImportRow> = {}): ImportRow => ({
  fila,
  torre: 'Torre Oriente',
  vivienda: `${fila}01`,
  indiviso: 5000,
  estado: 'nueva',
  torreNueva: true,
  anterior: null,
  problema: null,
  mensaje: null,
  ...over,
});

export const WITH_PROBLEM: ImportPreview = {
  success: true,
  filas: [
    row(2),
    row(3, { estado: 'problema', problema: 'indivisoInvalido', mensaje: 'Indiviso no válido («abc»).', indiviso: null }),
  ],
  resumen: { nuevas: 1, actualizadas: 0, iguales: 0, problemas: 1, torresNuevas: 1 },
  huella: 'h-bad',
};
export const CLEAN: ImportPreview = {
  success: true,
  filas: [row(2), row(3)],
  resumen: { nuevas: 2, actualizadas: 0, iguales: 0, problemas: 0, torresNuevas: 1 },
  huella: 'h-good',
};
export const DONE: ImportDone = { success: true, resumen: CLEAN.resumen };
export const REFUSED = new ApiError(400, 'BAD_REQUEST', 'Falta la columna Vivienda en la primera fila.');
export const STALE = new ApiError(409, 'CONFLICT', 'Las torres o viviendas cambiaron desde la vista previa.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof dwellingImportMachine>;
const ctx = (s: Snap): DwellingImportContext => s.context;
const isBad = (s: Snap) => ctx(s).source?.name === BAD_FILE.name;

export const dwellingImportModel = defineModel({
  machine: dwellingImportMachine,
  payloads: {
    open: BARE,
    choose: (s) => {
      if (s.matches('choosing')) return ctx(s).source === null ? [{ file: BAD_FILE }] : [{ file: GOOD_FILE }];
      return ctx(s).preview?.resumen.problemas ? [{ file: GOOD_FILE }] : [];
    },
    confirm: BARE,
    review: BARE,
    retry: BARE,
    cancel: BARE,
    close: BARE,
    'xstate.done.actor.preview': (s) => [
      { output: { file: { nombre: ctx(s).source!.name, datos: 'VG9ycmU=' }, preview: isBad(s) ? WITH_PROBLEM : CLEAN } },
    ],
    'xstate.error.actor.preview': (s) =>
      isBad(s) && ctx(s).failedStep === null ? [{ error: REFUSED }, { error: NO_CONNECTION }] : [],
    'xstate.done.actor.confirm': [{ output: DONE }],
    'xstate.error.actor.confirm': (s) =>
      ctx(s).failedStep === null && ctx(s).failure === null ? [{ error: STALE }, { error: NO_CONNECTION }] : [],
  },
  words: {
    states: {
      idle: 'The tab with its “Importar archivo” button; no dialog.',
      choosing:
        'The dialog “Importar viviendas”: what the file holds (Torre, Vivienda, Indiviso), the file picker, and the server’s words about a refused file.',
      uploading: 'A progress bar: “Revisando el archivo…”.',
      preview:
        'The summary and the table of rows; rows with a problem in red with their message, “Importar” disabled while any is there; “Subir otro archivo”.',
      confirming: 'A progress bar: “Importando…”.',
      stale: 'An alert: the towers or dwellings changed since the preview; “Revisar de nuevo”.',
      failed: 'An alert (no connection) and “Reintentar”.',
      done: 'How many dwellings were created and updated; “Cerrar”.',
    },
    events: {
      open: () => 'presses “Importar archivo”',
      choose: (e) => `chooses ${(e.file as ChosenFile).name}`,
      confirm: () => 'presses “Importar”',
      review: () => 'presses “Revisar de nuevo”',
      retry: () => 'presses “Reintentar”',
      cancel: () => 'closes the dialog',
      close: () => 'presses “Cerrar”',
      'xstate.done.actor.preview': (e) =>
        (e.output as { preview: ImportPreview }).preview.resumen.problemas
          ? 'the server previews it with a bad row'
          : 'the server previews it, every row fine',
      'xstate.error.actor.preview': (e) =>
        (e.error as ApiError).status ? 'the server refuses the file' : 'the connection fails',
      'xstate.done.actor.confirm': () => 'the server imports it',
      'xstate.error.actor.confirm': (e) =>
        (e.error as ApiError).status ? 'the server says the preview is stale' : 'the connection fails',
    },
  },
});
