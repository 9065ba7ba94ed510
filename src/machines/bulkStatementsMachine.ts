// estado-cuenta-masivo, the 'Estados de cuenta' card (spec §2.2, §3.3, §4, §5, §6, §8, §9): load the years
// with movements and the dwellings; fill the form (kind 1 by year or 2 by date range, the type — download
// files, or send by e-mail, offered only with the high ADEUDOS level —, the print layout) and choose the
// dwellings one by one or all at once; then run the batches of 100 (fewer than 100 dwellings are one
// request): each download batch is one file, opened in a new tab. Between batches the user may cancel; a
// failed batch stops the run with the §8 error and can be retried alone, the finished ones kept. The end
// is the §8 success dialog.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  BULK_BATCH_SIZE,
  type BulkMailRequest,
  type BulkPdfRequest,
  batchesOf,
  type Dwelling,
  type TipoImpresion,
} from '../api/finance';
import { fetchDwellings, fetchYears, generateStatements, mailStatements } from '../services/financeService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type BulkKind = 1 | 2;
/** What the run does with each batch: download its file, or mail the residents. */
export type BulkType = 'descargar' | 'enviar';

export interface BulkForm {
  kind: BulkKind | null;
  tipo: BulkType | null;
  year: number | null;
  fechaInicio: string;
  fechaFin: string;
  tipoImpresion: TipoImpresion;
  /** Chosen dwellings (ids), in the order of the dwelling list. */
  selected: number[];
}

export interface BulkStatementsInput {
  /** The high ADEUDOS level (canEmailStatements): e-mail sending is offered. */
  canEmail: boolean;
  /** The condominium's TipoDescarga (session data); empty means the default, pdf. */
  tipoDescarga: string;
}

/** What a download batch asks for when the condominium names no TipoDescarga. */
export const DEFAULT_TIPO_DESCARGA = 'pdf';

export interface BulkStatementsContext extends BulkStatementsInput {
  years: number[];
  dwellings: Dwelling[];
  form: BulkForm;
  showErrors: boolean;
  /** The run: its batches, how many are done, and what each done batch gave (a file URL, or e-mails sent). */
  batches: number[][];
  done: number;
  files: string[];
  sent: number;
  /** Asked to stop: the batch under way finishes, no other starts. */
  cancelRequested: boolean;
  /** The years and dwellings could not be loaded: why. */
  failure: CallFailure | null;
}

export type BulkField = 'kind' | 'tipo' | 'year' | 'fechaInicio' | 'fechaFin' | 'dwellings';

/** The §5 messages by field, as message ids (src/i18n/<lang>/finance.json). */
export function bulkProblems(form: BulkForm): Partial<Record<BulkField, string>> {
  const problems: Partial<Record<BulkField, string>> = {};
  if (form.kind === null) problems.kind = 'finance.bulk.kindRequired';
  if (form.tipo === null) problems.tipo = 'finance.bulk.typeRequired';
  if (form.kind === 1 && form.year === null) problems.year = 'finance.bulk.yearRequired';
  if (form.kind === 2) {
    if (!form.fechaInicio) problems.fechaInicio = 'finance.bulk.startRequired';
    if (!form.fechaFin) problems.fechaFin = 'finance.bulk.endRequired';
    else if (form.fechaInicio && form.fechaFin < form.fechaInicio) problems.fechaFin = 'finance.bulk.invalidRange';
  }
  if (form.selected.length === 0) problems.dwellings = 'finance.bulk.dwellingsRequired';
  return problems;
}

/** One batch's request (spec §3.3 bulk statement request). */
export function batchRequest(context: Pick<BulkStatementsContext, 'form' | 'tipoDescarga'>, ids: number[]) {
  const { form } = context;
  const period = {
    ApartmentsId: ids,
    periodo: form.kind === 2,
    year: form.kind === 1 ? form.year : null,
    fechaInicio: form.kind === 2 ? form.fechaInicio : null,
    fechaFin: form.kind === 2 ? form.fechaFin : null,
  };
  return form.tipo === 'enviar'
    ? ({ tipo: 'enviar', request: period } as const satisfies { tipo: 'enviar'; request: BulkMailRequest })
    : ({
        tipo: 'descargar',
        request: { ...period, TipoDescarga: context.tipoDescarga, TipoImpresion: form.tipoImpresion },
      } as const satisfies { tipo: 'descargar'; request: BulkPdfRequest });
}
export type BatchRequest = ReturnType<typeof batchRequest>;
export type BatchResult = { tipo: 'descargar'; url: string } | { tipo: 'enviar'; sent: number };

/** The types the Tipo field offers: downloading for all, e-mail sending with the high ADEUDOS level. */
export function offeredTypes(context: Pick<BulkStatementsContext, 'canEmail'>): BulkType[] {
  return context.canEmail ? ['descargar', 'enviar'] : ['descargar'];
}

/** 'Todas' is the choice only while every dwelling is chosen, so it never stands beside a count that says otherwise. */
export const allDwellingsChosen = (context: Pick<BulkStatementsContext, 'dwellings' | 'form'>) =>
  context.dwellings.length > 0 && context.form.selected.length === context.dwellings.length;

/** Spec §4: 100 dwellings or more go in batches with the progress dialog. */
export const showsProgress = (context: Pick<BulkStatementsContext, 'batches' | 'form'>) =>
  context.form.selected.length >= BULK_BATCH_SIZE;

export type BulkStatementsEvent =
  | { type: 'retry' }
  | { type: 'set.kind'; kind: BulkKind }
  | { type: 'set.tipo'; tipo: BulkType }
  | { type: 'set.year'; year: number | null }
  | { type: 'set.dates'; fechaInicio: string; fechaFin: string }
  | { type: 'set.tipoImpresion'; tipoImpresion: TipoImpresion }
  | { type: 'select'; ids: number[] }
  | { type: 'select.all' }
  | { type: 'submit' }
  | { type: 'cancel' }
  | { type: 'close' };

const EMPTY_FORM: BulkForm = {
  kind: null,
  tipo: null,
  year: null,
  fechaInicio: '',
  fechaFin: '',
  tipoImpresion: 'normal',
  selected: [],
};
const NO_RUN = { batches: [], done: 0, files: [], sent: 0, cancelRequested: false };

/** What every finished batch does: keep its result, and open its file in a new tab. */
const FINISH_BATCH = [
  { type: 'keepBatch', params: ({ event }: { event: { output: BatchResult } }) => event.output },
  { type: 'openFile', params: ({ event }: { event: { output: BatchResult } }) => event.output },
] as const;

export const bulkStatementsMachine = setup({
  types: {
    input: {} as BulkStatementsInput,
    context: {} as BulkStatementsContext,
    events: {} as BulkStatementsEvent,
  },
  actors: {
    loadOptions: fromPromise<{ years: number[]; dwellings: Dwelling[] }>(async ({ signal }) => {
      const [years, dwellings] = await Promise.all([fetchYears(signal), fetchDwellings(signal)]);
      return { years, dwellings };
    }),
    runBatch: fromPromise<BatchResult, BatchRequest>(async ({ input, signal }) =>
      input.tipo === 'enviar'
        ? { tipo: 'enviar', sent: await mailStatements(input.request, signal) }
        : { tipo: 'descargar', url: await generateStatements(input.request, signal) },
    ),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(bulkProblems(context.form)).length === 0,
    typeOffered: ({ context, event }) => {
      assertEvent(event, 'set.tipo');
      return offeredTypes(context).includes(event.tipo);
    },
    cancelRequested: ({ context }) => context.cancelRequested,
    /** Cancelling stops between batches: with one batch, or once asked, there is nothing to stop. */
    mayCancel: ({ context }) => context.batches.length > 1 && !context.cancelRequested,
    lastBatch: ({ context }) => context.done + 1 >= context.batches.length,
  },
  actions: {
    keepOptions: assign((_, output: { years: number[]; dwellings: Dwelling[] }) => ({
      years: output.years,
      dwellings: output.dwellings,
      failure: null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    setField: assign(({ context, event }) => {
      const form = { ...context.form };
      switch (event.type) {
        case 'set.kind':
          form.kind = event.kind;
          break;
        case 'set.tipo':
          form.tipo = event.tipo;
          break;
        case 'set.year':
          form.year = event.year;
          break;
        case 'set.dates':
          form.fechaInicio = event.fechaInicio;
          form.fechaFin = event.fechaFin;
          break;
        case 'set.tipoImpresion':
          form.tipoImpresion = event.tipoImpresion;
          break;
        case 'select': {
          const chosen = new Set(event.ids);
          form.selected = context.dwellings.map((d) => d.ApartmentId).filter((id) => chosen.has(id));
          break;
        }
        case 'select.all':
          form.selected = context.dwellings.map((d) => d.ApartmentId);
          break;
      }
      return { form };
    }),
    showErrors: assign({ showErrors: true }),
    startRun: assign(({ context }) => ({ ...NO_RUN, showErrors: false, batches: batchesOf(context.form.selected) })),
    keepBatch: assign(({ context }, result: BatchResult) => ({
      done: context.done + 1,
      files: result.tipo === 'descargar' ? [...context.files, result.url] : context.files,
      sent: result.tipo === 'enviar' ? context.sent + result.sent : context.sent,
    })),
    openFile: (_, result: BatchResult) => {
      if (result.tipo === 'descargar' && typeof window !== 'undefined') window.open(result.url, '_blank', 'noopener');
    },
    requestCancel: assign({ cancelRequested: true }),
    clearRun: assign(NO_RUN),
  },
}).createMachine({
  id: 'bulkStatements',
  context: ({ input }) => ({
    ...input,
    tipoDescarga: input.tipoDescarga || DEFAULT_TIPO_DESCARGA,
    years: [],
    dwellings: [],
    form: EMPTY_FORM,
    showErrors: false,
    ...NO_RUN,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        onDone: { target: 'editing', actions: { type: 'keepOptions', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    editing: {
      on: {
        'set.kind': { actions: 'setField' },
        'set.tipo': { guard: 'typeOffered', actions: 'setField' },
        'set.year': { actions: 'setField' },
        'set.dates': { actions: 'setField' },
        'set.tipoImpresion': { actions: 'setField' },
        select: { actions: 'setField' },
        'select.all': { actions: 'setField' },
        submit: [{ guard: 'formIsValid', target: 'running', actions: 'startRun' }, { actions: 'showErrors' }],
      },
    },
    running: {
      initial: 'working',
      states: {
        working: {
          invoke: {
            id: 'runBatch',
            src: 'runBatch',
            input: ({ context }) => batchRequest(context, context.batches[context.done]!),
            onDone: [
              { guard: 'lastBatch', target: '#bulkStatements.succeeded', actions: FINISH_BATCH },
              { guard: 'cancelRequested', target: '#bulkStatements.cancelled', actions: FINISH_BATCH },
              { target: 'working', reenter: true, actions: FINISH_BATCH },
            ],
            onError: 'batchFailed',
          },
          on: { cancel: { guard: 'mayCancel', actions: 'requestCancel' } },
        },
        // The §8 error dialog, with a retry of the failed batch alone.
        batchFailed: {
          on: { retry: 'working', cancel: '#bulkStatements.cancelled' },
        },
      },
    },
    // The §8 success dialog.
    succeeded: { on: { close: { target: 'editing', actions: 'clearRun' } } },
    cancelled: { on: { close: { target: 'editing', actions: 'clearRun' } } },
  },
});
