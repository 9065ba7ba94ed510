// The administration's CSV export as a test model: November's period (or one that ends before it starts),
// downloading, saved or failed and retried, and another period afterwards. The words its scenarios are told
// in: docs/scenarios/reservationExportMachine.md.
import type { EventObject } from 'xstate';
import { reservationExportMachine } from '../../src/machines/reservationExportMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const CSV = new Blob(['\ufeffInstalación,Vivienda\n'], { type: 'text/csv' });
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const BACKWARDS = { desde: '2026-11-30', hasta: '2026-11-01' };
export const DECEMBER = { desde: '2026-12-01', hasta: '2026-12-31' };

export const reservationExportModel = defineModel({
  machine: reservationExportMachine,
  input: { desde: '2026-11-01', hasta: '2026-11-30' },
  payloads: {
    setPeriod: (s) =>
      s.context.desde === '2026-11-01' ? [BACKWARDS, DECEMBER] : s.context.desde === '2026-11-30' ? [DECEMBER] : [],
    download: BARE,
    retry: BARE,
    'xstate.done.actor.csv': [{ output: CSV }],
    'xstate.error.actor.csv': (s) => (s.context.desde === '2026-11-01' ? [{ error: NO_CONNECTION }] : []),
  },
  label: (event: EventObject) => eventLabel(event),
  words: {
    states: {
      idle: 'Exportar desde, Exportar hasta and Descargar CSV (disabled while the period ends before it starts).',
      downloading: 'Descargar CSV is busy.',
      saved: '“Se descargó el CSV.” and the browser saves reservaciones-<desde>-<hasta>.csv.',
      failed: 'The reason as an alert; Descargar CSV tries again.',
    },
    events: {
      setPeriod: (e) => `sets the period ${e.desde} – ${e.hasta}`,
      download: () => 'presses Descargar CSV',
      retry: () => 'presses Descargar CSV again',
      'xstate.done.actor.csv': () => 'the CSV arrives',
      'xstate.error.actor.csv': () => 'the connection fails',
    },
  },
});
