// The movement log as a test model: the first page loading, ready or failed and retried, the next page, a
// filter or a typed search (sent once the typing stops) that starts again from the first page, and beside
// them the export (CSV, or PDF when asked again) with its progress, saved or failed and asked again. The words:
// docs/scenarios/movementLogMachine.md.
import { movementLogMachine } from '../../src/machines/movementLogMachine';
import { ApiError } from '../../src/services/http';
import { MOVEMENT_PAGE } from '../support/gateFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const CSV = new Blob(['\ufeffFecha,Tipo\r\n'], { type: 'text/csv' });
export const PDF = new Blob(['%PDF-1.3\n%%EOF\n'], { type: 'application/pdf' });
/** A PDF of too many rows: the server's refusal, in its words. */
export const TOO_MANY = new ApiError(
  400,
  'BAD_REQUEST',
  'Estos filtros encuentran más de 5,000 movimientos, lo más que cabe en un PDF. Acota las fechas u otro filtro, o exporta el CSV.',
  'desde',
  'gate.pdfTooMany',
);
export const EXITS = { tipo: 'exit' as const };

export const movementLogModel = defineModel({
  machine: movementLogMachine,
  input: {},
  payloads: {
    // Kept to the journeys that take every branch: one filter or one search (not both), and the export
    // asked while a page is shown; the list's and the export's parts are otherwise independent. The first export
    // is a CSV and any later one a PDF, so both formats are walked without doubling the paths.
    setFilters: (s) => (s.context.filters.q ? [] : [{ filters: EXITS }]),
    search: (s) => (s.context.filters.tipo ? [] : [{ text: ' laura ' }]),
    page: [{ offset: 25 }],
    retry: BARE,
    export: (s) =>
      s.matches({ list: 'ready' }) && s.context.offset === 0 ? [{ format: s.matches({ export: 'idle' }) ? 'csv' : 'pdf' }] : [],
    progress: [{ bytes: 2048 }],
    'xstate.done.actor.page': [{ output: MOVEMENT_PAGE }],
    'xstate.error.actor.page': [{ error: NO_CONNECTION }],
    'xstate.done.actor.download': (s) => [{ output: s.context.exportFormat === 'pdf' ? PDF : CSV }],
    'xstate.error.actor.download': (s) => [{ error: s.context.exportFormat === 'pdf' ? TOO_MANY : NO_CONNECTION }],
  },
  words: {
    states: {
      list: 'The filters (Desde, Hasta, Vivienda, Tipo, Guardia, Acceso, Buscar) and the log.',
      'list.waiting': 'The search as typed; the page stays as it was.',
      'list.loading': '“Cargando la bitácora…” (the page stays while the next one loads).',
      'list.ready':
        'A table (cards on phones) of when, kind, visitor, dwelling, people, plates, access, guard and device, a Conflicto badge where there is one; Anteriores / Siguientes.',
      'list.failed': '“No pudimos cargar la bitácora.” and Reintentar.',
      export: 'Exportar CSV and Exportar PDF.',
      'export.idle': 'Exportar CSV and Exportar PDF, ready.',
      'export.exporting': 'The button pressed is busy, with the kilobytes received so far; the other waits.',
      'export.saved': '“Se descargó el CSV.” (or el PDF) and the browser saves bitacora-movimientos….csv (or .pdf).',
      'export.failed':
        '“No pudimos exportar el CSV.” (no connection), or “No pudimos exportar el PDF” with the server’s words (too many rows: narrow the filters); either button tries again.',
    },
    events: {
      setFilters: (e) => `filters by ${JSON.stringify(e.filters)}`,
      search: (e) => `types “${String(e.text)}” in Buscar`,
      page: (e) => `goes to the rows from ${String(e.offset)}`,
      retry: () => 'presses Reintentar',
      export: (e) => `presses Exportar ${String(e.format).toUpperCase()}`,
      progress: (e) => `${String(e.bytes)} bytes have arrived`,
      'xstate.done.actor.page': () => 'the page arrives',
      'xstate.error.actor.page': () => 'the connection fails',
      'xstate.done.actor.download': () => 'the file arrives',
      'xstate.error.actor.download': () => 'the connection fails, or the server refuses a PDF of too many rows',
      'xstate.after.debounce.movementLog.list.waiting': () => '500 ms pass without typing',
    },
  },
});
