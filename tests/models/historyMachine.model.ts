// The history page as a test model: the first page loading, ready or failed and retried, the next page, a
// filter that starts again from the first page, and beside it the CSV export with its progress, saved or
// failed and asked again. The words its scenarios are told in: docs/scenarios/historyMachine.md.
import type { HistoryAnswer, HistoryItem } from '../../src/api/history';
import { historyMachine } from '../../src/machines/historyMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';

export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const CSV = new Blob(['\ufeffFecha,Quién\r\n'], { type: 'text/csv' });
export const TICKETS = { entity: 'ticket' };

const row = (id: number): HistoryItem => ({
  id,
  at: '2026-06-12T12:00:00.000Z',
  actorId: 1,
  actorName: 'Ana Martínez Ruiz',
  entity: 'ticket_category',
  entityId: id,
  label: 'Mantenimiento',
  action: 'update',
  changes: [{ field: 'name', before: 'Mant.', after: 'Mantenimiento' }],
});

export const PAGE: HistoryAnswer = {
  success: true,
  items: [row(1), row(2)],
  total: 30,
  people: [{ id: 1, name: 'Ana Martínez Ruiz' }],
  entities: ['ticket', 'ticket_category'],
  timeZone: 'America/Mexico_City',
};

export const historyModel = defineModel({
  machine: historyMachine,
  input: {},
  payloads: {
    setFilters: [{ filters: TICKETS }],
    page: [{ offset: 25 }],
    retry: BARE,
    export: BARE,
    progress: [{ bytes: 2048 }],
    'xstate.done.actor.page': [{ output: PAGE }],
    'xstate.error.actor.page': [{ error: NO_CONNECTION }],
    'xstate.done.actor.csv': [{ output: CSV }],
    'xstate.error.actor.csv': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      list: 'The filters (Persona, Tipo, Desde, Hasta) and the log.',
      'list.loading': '“Cargando el historial…”',
      'list.ready': 'A table (cards on phones) of when, who, kind, object, action and changes; Anteriores / Siguientes.',
      'list.failed': '“No pudimos cargar el historial.” and Reintentar.',
      csv: 'Exportar CSV.',
      'csv.idle': 'Exportar CSV, ready.',
      'csv.exporting': 'Exportar CSV is busy, with the kilobytes received so far.',
      'csv.saved': '“Se descargó el CSV.” and the browser saves historial….csv.',
      'csv.failed': '“No pudimos exportar el CSV.”; Exportar CSV tries again.',
    },
    events: {
      setFilters: (e) => `filters by ${JSON.stringify(e.filters)}`,
      page: (e) => `goes to the rows from ${String(e.offset)}`,
      retry: () => 'presses Reintentar',
      export: () => 'presses Exportar CSV',
      progress: (e) => `${String(e.bytes)} bytes have arrived`,
      'xstate.done.actor.page': () => 'the page arrives',
      'xstate.error.actor.page': () => 'the connection fails',
      'xstate.done.actor.csv': () => 'the CSV arrives',
      'xstate.error.actor.csv': () => 'the connection fails',
    },
  },
});
