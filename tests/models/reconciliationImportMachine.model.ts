// Importing a bank statement as a test model: a file is chosen and previewed (a known bank goes to confirming; one
// of no known bank to mapping its columns, with a saved mapping or a new one saved first); the account is chosen
// and the import runs; a refusal ends in refused, a lost connection in failed with Reintentar. The words its
// scenarios are told in: docs/scenarios/reconciliationImportMachine.md.
import { reconciliationImportMachine } from '../../src/machines/reconciliationImportMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import { FILE, IMPORTED, MAPPING, MAPPING_DRAFT, PREVIEW, UNKNOWN_PREVIEW } from '../support/reconciliationFixtures';

const network = { error: new ApiError(0, 'NETWORK', 'Failed to fetch') };
const refused = { error: new ApiError(400, 'BAD_REQUEST', 'El archivo pasa de 5 MB, el límite de un estado de cuenta.') };

export const reconciliationImportModel = defineModel({
  machine: reconciliationImportMachine,
  payloads: {
    choose: [{ file: FILE }],
    useMapping: [{ mapeoId: MAPPING.id }],
    saveMapping: [{ draft: MAPPING_DRAFT }],
    confirm: [{ cuentaId: PREVIEW.accounts[0]!.id }],
    cancel: BARE,
    retry: BARE,
    again: BARE,
    downloadExample: BARE,
    'xstate.done.actor.loadRecent': [
      { output: { items: [IMPORTED], exampleStatement: true } },
      { output: { items: [], exampleStatement: false } },
    ],
    'xstate.error.actor.loadRecent': [network],
    'xstate.done.actor.downloadExample': [{ output: undefined }],
    'xstate.error.actor.downloadExample': [network],
    'xstate.done.actor.preview': [{ output: PREVIEW }, { output: UNKNOWN_PREVIEW }],
    'xstate.error.actor.preview': [refused, network],
    'xstate.done.actor.loadMappings': [{ output: [MAPPING] }],
    'xstate.error.actor.loadMappings': [network],
    'xstate.done.actor.saveMapping': [{ output: MAPPING }],
    'xstate.error.actor.saveMapping': [network],
    'xstate.done.actor.importStatement': [{ output: IMPORTED }],
    'xstate.error.actor.importStatement': [refused, network],
  },
  words: {
    states: {
      choosing: 'Conciliación bancaria: Subir estado de cuenta, a file field (CSV, XLSX or OFX).',
      'choosing.loading': 'The latest imports load.',
      'choosing.ready': 'The latest imports and, in the demo’s Las Palmas only, Descargar un estado de cuenta de ejemplo.',
      'choosing.downloading': 'The example statement is being downloaded.',
      previewing: 'The file is being read.',
      mappingColumns: 'The bank was not recognised: the file’s columns and the saved mappings.',
      'mappingColumns.loading': 'The saved mappings load.',
      'mappingColumns.choosingMapping':
        'Usar un mapeo guardado, or a new mapping (Fecha, Descripción, Referencia, Monto or Cargo and Abono).',
      'mappingColumns.saving': 'The new mapping is being saved.',
      confirming:
        'The preview: the bank, the deposits and withdrawals, the period, the lines not read, the account and Importar.',
      importing: 'The statement is being imported and matched.',
      done: 'What was imported: new movements, repeated ones, deposits matched on their own and those left in the queue.',
      refused: 'The server’s words (a limit, a changed file) and Subir otro.',
      failed: 'The connection failed, with Reintentar.',
    },
    events: {
      choose: () => 'chooses a statement file',
      useMapping: () => 'chooses a saved mapping',
      saveMapping: () => 'fills a new mapping and presses Guardar mapeo',
      confirm: () => 'chooses the account and presses Importar',
      cancel: () => 'presses Cancelar',
      retry: () => 'presses Reintentar',
      again: () => 'presses Subir otro',
      downloadExample: () => 'presses Descargar un estado de cuenta de ejemplo',
      'xstate.done.actor.loadRecent': ({ output }) =>
        (output as { exampleStatement: boolean }).exampleStatement
          ? 'the latest imports arrive, with an example statement to download'
          : 'the latest imports arrive, with no example statement',
      'xstate.error.actor.loadRecent': () => 'the connection fails',
      'xstate.done.actor.downloadExample': () => 'the browser receives the file',
      'xstate.error.actor.downloadExample': () => 'the connection fails',
      'xstate.done.actor.preview': ({ output }) =>
        (output as { bank: string | null }).bank ? 'the server recognises the bank' : 'the server does not recognise the bank',
      'xstate.error.actor.preview': ({ error }) =>
        (error as ApiError).status ? 'the server refuses the file' : 'the connection fails',
      'xstate.done.actor.loadMappings': () => 'the saved mappings arrive',
      'xstate.error.actor.loadMappings': () => 'the connection fails',
      'xstate.done.actor.saveMapping': () => 'the server saves the mapping',
      'xstate.error.actor.saveMapping': () => 'the connection fails',
      'xstate.done.actor.importStatement': () => 'the server imports the statement',
      'xstate.error.actor.importStatement': ({ error }) =>
        (error as ApiError).status ? 'the server refuses the import' : 'the connection fails',
    },
  },
});
