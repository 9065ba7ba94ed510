// estado-cuenta-masivo's bulk statements as a test model, shared by the headless suite and the Chromium
// walk: 201 dwellings, so a run of every dwelling has three batches like the demo condominium's 260. The
// form is filled as two guided chains, each field offered once, in order: by year, downloading every
// dwelling on one statement per page (three batches: where the run is cancelled, fails and is retried),
// and by date range, mailing two dwellings (one batch), where a wrong range is sent first and shows its
// message. The kind of the other combinations changes only the request (the rules test builds each).
import type { Dwelling } from '../../src/api/finance';
import { type BatchResult, bulkProblems, bulkStatementsMachine } from '../../src/machines/bulkStatementsMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

export type Snap = Snapshot<typeof bulkStatementsMachine>;

export const DWELLINGS: Dwelling[] = Array.from({ length: 201 }, (_, i) => ({
  ApartmentId: i + 1,
  AptName: String(101 + i),
  TorreName: 'Torre A',
  Residentes: [],
}));
export const OPTIONS = { years: [2026, 2025, 2024], dwellings: DWELLINGS };
/** The high ADEUDOS level, and a condominium that names no TipoDescarga (pdf then). */
export const INPUT = { canEmail: true, tipoDescarga: '' };

export const YEAR = 2025;
export const WRONG_RANGE = { fechaInicio: '2025-06-01', fechaFin: '2025-01-31' };
export const RANGE = { fechaInicio: '2025-01-01', fechaFin: '2025-06-30' };
/** The two dwellings chosen one by one (in the selector's order: 101 and 103). */
export const CHOSEN = [3, 1];
/** E-mails a mail batch sends in the model. */
export const SENT_PER_BATCH = 3;
export const NETWORK_DOWN = new ApiError(0, 'NETWORK', 'Failed to fetch');

/** The file a download batch gives, numbered by the batch. */
export const fileOf = (batch: number) => `/api/--financiero/archivo/${batch}?exp=1&sig=x`;

/** The batch answers: a file for a download batch, a count for an e-mail batch. */
const batchDone = (s: Snap): BatchResult =>
  s.context.form.tipo === 'enviar'
    ? { tipo: 'enviar', sent: SENT_PER_BATCH }
    : { tipo: 'descargar', url: fileOf(s.context.done + 1) };

const byYear = (s: Snap) => s.context.form.kind === 1;
const byRange = (s: Snap) => s.context.form.kind === 2;
const isValid = (s: Snap) => Object.keys(bulkProblems(s.context.form)).length === 0;
const form = (s: Snap) => s.context.form;
/** The run of every dwelling, where cancelling and a failed batch are offered: at its first batch, at its second. */
const longRun = (s: Snap) => s.context.batches.length > 1;

export const bulkStatementsModel = defineModel({
  machine: bulkStatementsMachine,
  input: INPUT,
  payloads: {
    'xstate.done.actor.loadOptions': [{ output: OPTIONS }],
    'xstate.error.actor.loadOptions': [{ error: NETWORK_DOWN }],
    retry: BARE,
    'set.kind': (s) => (form(s).kind === null ? [{ kind: 1 }, { kind: 2 }] : []),
    'set.tipo': (s) => {
      if (form(s).tipo !== null || form(s).kind === null) return [];
      return byYear(s) ? [{ tipo: 'descargar' }] : [{ tipo: 'enviar' }];
    },
    'set.year': (s) => (byYear(s) && form(s).tipo !== null && form(s).year === null ? [{ year: YEAR }] : []),
    'set.tipoImpresion': (s) =>
      form(s).year !== null && form(s).tipoImpresion === 'normal' ? [{ tipoImpresion: 'por-pagina' }] : [],
    'set.dates': (s) => {
      if (!byRange(s) || form(s).tipo === null) return [];
      if (form(s).fechaFin === '') return [WRONG_RANGE];
      // The right range once the wrong one was sent and its message shown.
      return s.context.showErrors && form(s).fechaFin < form(s).fechaInicio ? [RANGE] : [];
    },
    'select.all': (s) => (form(s).tipoImpresion === 'por-pagina' && form(s).selected.length === 0 ? BARE : []),
    select: (s) =>
      byRange(s) && form(s).fechaInicio === RANGE.fechaInicio && form(s).selected.length === 0 ? [{ ids: CHOSEN }] : [],
    // Sent when the form is complete, and once with the wrong range.
    submit: (s) => (isValid(s) || (form(s).fechaFin === WRONG_RANGE.fechaFin && !s.context.showErrors) ? BARE : []),
    'xstate.done.actor.runBatch': (s) => (s.context.cancelRequested && s.context.done > 0 ? [] : [{ output: batchDone(s) }]),
    'xstate.error.actor.runBatch': (s) =>
      longRun(s) && s.context.done === 1 && !s.context.cancelRequested ? [{ error: NETWORK_DOWN }] : [],
    cancel: (s) =>
      (longRun(s) && s.context.done === 0 && !s.context.cancelRequested) || s.matches({ running: 'batchFailed' }) ? BARE : [],
    close: BARE,
  },
  words: {
    states: {
      loading: 'The card says Cargando… while the years and the dwellings load.',
      loadFailed: 'No pudimos cargar la información, with Reintentar.',
      editing:
        'The Estados de cuenta card: Periodo (Por año, Por rango de fechas), Año or Fecha inicio and Fecha fin, Tipo, Impresión when downloading, Viviendas (Todas, Elegir viviendas, the count) and Generar or Enviar; the §5 messages once sent incomplete.',
      running: 'A run: every control of the form is disabled.',
      'running.working':
        'A batch is under way: with 100 dwellings or more, the Generando estados de cuenta dialog says Lote n de m and offers Cancelar (once, between batches); with fewer, Generar or Enviar spins.',
      'running.batchFailed':
        'The Error dialog: Ha ocurrido un error al intentar descargar el archivo (or mandar los correos), the finished files, Cancelar and Reintentar.',
      succeeded: 'The Exito dialog: Se han descargado los archivos with a link per batch, or Se han enviado los correos; Cerrar.',
      cancelled: 'The Cancelado dialog: Se detuvo después de n de m lotes., with the finished files and Cerrar.',
    },
    events: {
      'xstate.done.actor.loadOptions': () => 'the years and the dwellings arrive',
      'xstate.error.actor.loadOptions': () => 'the connection fails',
      retry: () => 'presses Reintentar',
      'set.kind': (e) => `chooses ${e.kind === 1 ? 'Por año' : 'Por rango de fechas'} in Periodo`,
      'set.tipo': (e) => `chooses ${e.tipo === 'enviar' ? 'Enviar por correo' : 'Descargar archivos'} in Tipo`,
      'set.year': (e) => `chooses ${e.year} in Año`,
      'set.tipoImpresion': () => 'chooses Una vivienda por página in Impresión',
      'set.dates': (e) => `types ${e.fechaInicio} in Fecha inicio and ${e.fechaFin} in Fecha fin`,
      'select.all': () => 'presses Todas',
      select: () => 'ticks 101 and 103 in Elegir viviendas and presses Aceptar',
      submit: (_, before) => `presses ${before.context.form.tipo === 'enviar' ? 'Enviar' : 'Generar'}`,
      'xstate.done.actor.runBatch': (e) =>
        (e.output as BatchResult).tipo === 'enviar' ? 'the batch’s e-mails are sent' : 'the batch’s file is ready',
      'xstate.error.actor.runBatch': () => 'the connection fails during the batch',
      cancel: () => 'presses Cancelar',
      close: () => 'presses Cerrar',
    },
  },
});
