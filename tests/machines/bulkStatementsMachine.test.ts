// The bulk statements machine (estado-cuenta-masivo), model-based: every event the machine declares offered
// from tests/models, every branch walked against a real actor whose calls are controllable promises, on 201
// dwellings (three batches). Each state is checked against the walk's own record of the form and the run
// (the literal request of each batch, the files opened in new tabs, the e-mails counted). Plus its rules:
// the §5 messages, batches of 100, e-mail only with the high ADEUDOS level, cancel between batches, a
// failed batch retried alone. What the form takes in each state (state.can) is what the view enables.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, type EventObject, fromPromise } from 'xstate';
import {
  allDwellingsChosen,
  type BatchResult,
  type BulkForm,
  type BulkStatementsEvent,
  batchRequest,
  bulkProblems,
  bulkStatementsMachine,
  offeredTypes,
  showsProgress,
} from '../../src/machines/bulkStatementsMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { bulkStatementsModel, DWELLINGS, INPUT, OPTIONS, RANGE, type Snap, YEAR } from '../models/bulkStatementsMachine.model';
import { coverModel, MODEL_COMPLETE, type Payload, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type StateChecks, settle } from '../support/modelTesting';

const cover = coverModel(bulkStatementsModel);

/** The form's edits, one per control: the view enables each control when the machine takes its event. */
const FORM_EDITS: BulkStatementsEvent[] = [
  { type: 'set.kind', kind: 1 },
  { type: 'set.tipo', tipo: 'descargar' },
  { type: 'set.year', year: 2025 },
  { type: 'set.dates', fechaInicio: '2025-01-01', fechaFin: '2025-06-30' },
  { type: 'set.tipoImpresion', tipoImpresion: 'por-pagina' },
  { type: 'select', ids: [1] },
  { type: 'select.all' },
  { type: 'submit' },
];
const takesEdits = (snapshot: Snap) => FORM_EDITS.map((event) => snapshot.can(event));
const ALL = FORM_EDITS.map(() => true);
const NONE = FORM_EDITS.map(() => false);
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

/** The sizes of the batches of n dwellings: 100 each, the rest last. */
const batchSizes = (n: number) => Array.from({ length: Math.ceil(n / 100) }, (_, i) => Math.min(100, n - i * 100));

describe('bulkStatementsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  // Files open in a new tab, with no way back to this page: the walk records them.
  let opened: string[][] = [];
  beforeAll(() => vi.stubGlobal('window', { open: (...args: string[]) => opened.push(args) }));
  afterAll(() => vi.unstubAllGlobals());

  let calls = controllablePromises();
  let actor: Actor<typeof bulkStatementsMachine>;
  /** The walk's own record of the form, and of the run under way (null between runs). */
  let form: BulkForm = EMPTY_FORM;
  let showErrors = false;
  let run: { batches: number; done: number; files: string[]; sent: number; cancelRequested: boolean; failed: boolean } | null =
    null;
  const snapshot = () => actor.getSnapshot();
  const can = (event: EventObject) => snapshot().can(event as never);
  const theRun = () => {
    expect(run).not.toBeNull();
    return run!;
  };
  /** The §3.3 request of the run's batch under way, as each chain of the model fills the form. */
  const expectedRequest = () => {
    const { done } = theRun();
    const ApartmentsId = form.selected.slice(done * 100, (done + 1) * 100);
    return form.kind === 1
      ? {
          tipo: 'descargar',
          request: {
            ApartmentsId,
            periodo: false,
            year: YEAR,
            fechaInicio: null,
            fechaFin: null,
            // The condominium names none: pdf.
            TipoDescarga: 'pdf',
            TipoImpresion: 'por-pagina',
          },
        }
      : { tipo: 'enviar', request: { ApartmentsId, periodo: true, year: null, ...RANGE } };
  };
  /** What the run has done so far: the batches finished, their files (opened) and e-mails. */
  const runSoFar = () => {
    const { done, files, sent } = theRun();
    expect(snapshot().context).toMatchObject({ done, files, sent });
    expect(opened).toEqual(files.map((url) => [url, '_blank', 'noopener']));
  };

  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['loadOptions']);
      expect(snapshot().context).toMatchObject({ years: [], dwellings: [] });
      expect(takesEdits(snapshot())).toEqual(NONE);
      expect(can({ type: 'retry' })).toBe(false);
    },
    loadFailed: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().context).toMatchObject({ years: [], dwellings: [], failure: NETWORK_FAILURE });
      expect(takesEdits(snapshot())).toEqual(NONE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    editing: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().context).toMatchObject({ ...OPTIONS, tipoDescarga: 'pdf', form, showErrors, ...NO_RUN });
      // Every control takes input, e-mail included with the high ADEUDOS level; no dialog is open.
      expect(takesEdits(snapshot())).toEqual(ALL);
      expect(can({ type: 'set.tipo', tipo: 'enviar' } as EventObject)).toBe(true);
      expect([can({ type: 'retry' }), can({ type: 'cancel' }), can({ type: 'close' })]).toEqual([false, false, false]);
    },
    running: () => {
      // A run starts only from a form the §5 rules pass, with the messages gone.
      expect(bulkProblems(form)).toEqual({});
      expect(snapshot().context.showErrors).toBe(false);
      expect(snapshot().context.batches.flat()).toEqual(form.selected);
      expect(snapshot().context.batches.map((batch) => batch.length)).toEqual(batchSizes(form.selected.length));
      expect(snapshot().context.batches).toHaveLength(theRun().batches);
      // No control of the form takes input during a run.
      expect(takesEdits(snapshot())).toEqual(NONE);
    },
    'running.working': () => {
      expect(calls.pending()).toEqual(['runBatch']);
      expect(calls.inputOf('runBatch')).toEqual(expectedRequest());
      runSoFar();
      // The progress dialog's Cancelar: between batches, once.
      const { batches, cancelRequested } = theRun();
      expect(snapshot().context.cancelRequested).toBe(cancelRequested);
      expect(can({ type: 'cancel' })).toBe(batches > 1 && !cancelRequested);
      expect(can({ type: 'retry' })).toBe(false);
    },
    'running.batchFailed': () => {
      expect(calls.pending()).toEqual([]);
      // The finished batches are kept; the failed one may be retried alone, or the run stopped.
      runSoFar();
      expect(theRun().failed).toBe(true);
      expect([can({ type: 'retry' }), can({ type: 'cancel' }), can({ type: 'close' })]).toEqual([true, true, false]);
    },
    succeeded: () => {
      expect(calls.pending()).toEqual([]);
      runSoFar();
      expect(theRun().done).toBe(theRun().batches);
      // The §8 dialog is answered before the form takes anything again.
      expect(takesEdits(snapshot())).toEqual(NONE);
      expect([can({ type: 'close' }), can({ type: 'retry' }), can({ type: 'cancel' })]).toEqual([true, false, false]);
    },
    cancelled: () => {
      expect(calls.pending()).toEqual([]);
      runSoFar();
      expect(theRun().done).toBeLessThan(theRun().batches);
      expect(takesEdits(snapshot())).toEqual(NONE);
      expect([can({ type: 'close' }), can({ type: 'retry' })]).toEqual([true, false]);
    },
  };

  const eventOf = (step: { event: EventObject }) => step.event as EventObject & Payload;
  const edit = (change: Partial<BulkForm>) => (form = { ...form, ...change });
  walkModel(it, cover, bulkStatementsMachine, states, () => {
    calls = controllablePromises();
    form = EMPTY_FORM;
    showErrors = false;
    run = null;
    opened = [];
    actor = createActor(provideCalls(bulkStatementsMachine, calls), { input: INPUT }).start();
    return {
      actor,
      calls,
      // The model's context carries the 201 dwellings: compared in full all the same.
      after: {
        'set.kind': (step) => edit({ kind: eventOf(step).kind as BulkForm['kind'] }),
        'set.tipo': (step) => edit({ tipo: eventOf(step).tipo as BulkForm['tipo'] }),
        'set.year': (step) => edit({ year: eventOf(step).year as number }),
        'set.dates': (step) =>
          edit({ fechaInicio: eventOf(step).fechaInicio as string, fechaFin: eventOf(step).fechaFin as string }),
        'set.tipoImpresion': (step) => edit({ tipoImpresion: eventOf(step).tipoImpresion as BulkForm['tipoImpresion'] }),
        // In the order of the dwelling list, whatever order they were ticked in.
        select: (step) => edit({ selected: [...(eventOf(step).ids as number[])].sort((a, b) => a - b) }),
        'select.all': () => edit({ selected: DWELLINGS.map((d) => d.ApartmentId) }),
        submit: () => {
          if (Object.keys(bulkProblems(form)).length > 0) showErrors = true;
          else {
            showErrors = false;
            opened = [];
            const batches = Math.ceil(form.selected.length / 100);
            run = { batches, done: 0, files: [], sent: 0, cancelRequested: false, failed: false };
          }
        },
        'xstate.done.actor.runBatch': (step) => {
          const result = eventOf(step).output as BatchResult;
          const r = theRun();
          r.done += 1;
          if (result.tipo === 'descargar') r.files = [...r.files, result.url];
          else r.sent += result.sent;
        },
        'xstate.error.actor.runBatch': () => (theRun().failed = true),
        retry: () => {
          if (run) run.failed = false;
        },
        cancel: () => {
          if (!theRun().failed) theRun().cancelRequested = true;
        },
        close: () => (run = null),
      },
    };
  });
});

const FILLED: BulkForm = {
  kind: 1,
  tipo: 'descargar',
  year: 2025,
  fechaInicio: '',
  fechaFin: '',
  tipoImpresion: 'normal',
  selected: [1],
};

describe('bulkStatementsMachine rules', () => {
  it('asks for what §5 asks, with its messages', () => {
    expect(bulkProblems({ ...FILLED, kind: null, tipo: null, selected: [] })).toEqual({
      kind: 'finance.bulk.kindRequired',
      tipo: 'finance.bulk.typeRequired',
      dwellings: 'finance.bulk.dwellingsRequired',
    });
    expect(bulkProblems({ ...FILLED, year: null })).toEqual({ year: 'finance.bulk.yearRequired' });
    expect(bulkProblems({ ...FILLED, kind: 2 })).toEqual({
      fechaInicio: 'finance.bulk.startRequired',
      fechaFin: 'finance.bulk.endRequired',
    });
    expect(bulkProblems({ ...FILLED, kind: 2, fechaInicio: '2025-02-01', fechaFin: '2025-01-01' })).toEqual({
      fechaFin: 'finance.bulk.invalidRange',
    });
    expect(bulkProblems({ ...FILLED, kind: 2, fechaInicio: '2025-01-01', fechaFin: '2025-01-01' })).toEqual({});
    // A range asks for no year.
    expect(bulkProblems({ ...FILLED, kind: 2, year: null, fechaInicio: '2025-01-01', fechaFin: '2025-01-01' })).toEqual({});
  });

  it('builds the §3.3 request of each kind', () => {
    expect(batchRequest({ form: FILLED, tipoDescarga: 'pdf' }, [1, 2])).toEqual({
      tipo: 'descargar',
      request: {
        ApartmentsId: [1, 2],
        periodo: false,
        year: 2025,
        fechaInicio: null,
        fechaFin: null,
        TipoDescarga: 'pdf',
        TipoImpresion: 'normal',
      },
    });
    const range = { ...FILLED, kind: 2 as const, tipo: 'enviar' as const, fechaInicio: '2025-01-01', fechaFin: '2025-03-31' };
    expect(batchRequest({ form: range, tipoDescarga: 'pdf' }, [7])).toEqual({
      tipo: 'enviar',
      request: { ApartmentsId: [7], periodo: true, year: null, fechaInicio: '2025-01-01', fechaFin: '2025-03-31' },
    });
  });

  async function ready(canEmail = true) {
    const runs: ReturnType<typeof batchRequest>[] = [];
    let fail = false;
    const actor = createActor(
      bulkStatementsMachine.provide({
        actors: {
          loadOptions: fromPromise(async () => OPTIONS),
          runBatch: fromPromise(async ({ input }) => {
            runs.push(input);
            if (fail) throw new Error('boom');
            return { tipo: 'descargar', url: `/file/${runs.length}` } as BatchResult;
          }),
        },
        actions: { openFile: () => {} },
      }),
      { input: { canEmail, tipoDescarga: 'pdf' } },
    ).start();
    await settle();
    return { actor, runs, failNext: (value: boolean) => (fail = value) };
  }

  it('offers e-mail sending only with the high ADEUDOS level', async () => {
    const { actor } = await ready(false);
    expect(offeredTypes(actor.getSnapshot().context)).toEqual(['descargar']);
    expect(actor.getSnapshot().can({ type: 'set.tipo', tipo: 'enviar' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'set.tipo', tipo: 'descargar' })).toBe(true);
    const mailer = await ready(true);
    expect(offeredTypes(mailer.actor.getSnapshot().context)).toEqual(['descargar', 'enviar']);
  });

  it('shows Todas chosen only while every dwelling is', async () => {
    const { actor } = await ready();
    expect(allDwellingsChosen(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'select.all' });
    expect(allDwellingsChosen(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'select', ids: [1, 2] });
    expect(allDwellingsChosen(actor.getSnapshot().context)).toBe(false);
    expect(allDwellingsChosen({ dwellings: [], form: { ...FILLED, selected: [] } })).toBe(false);
  });

  it('asks for pdf files when the condominium names no TipoDescarga', () => {
    const actor = createActor(bulkStatementsMachine, { input: { canEmail: false, tipoDescarga: '' } });
    expect(actor.getSnapshot().context.tipoDescarga).toBe('pdf');
  });

  it('shows the progress dialog from 100 dwellings on (spec §4)', () => {
    const chosen = (n: number) => ({
      batches: [],
      form: { ...FILLED, selected: DWELLINGS.slice(0, n).map((d) => d.ApartmentId) },
    });
    expect([99, 100, 101].map((n) => showsProgress(chosen(n)))).toEqual([false, true, true]);
  });

  it('finishes a download batch where there is no window to open its file in', async () => {
    const actor = createActor(
      bulkStatementsMachine.provide({
        actors: {
          loadOptions: fromPromise(async () => OPTIONS),
          runBatch: fromPromise(async () => ({ tipo: 'descargar', url: '/file/1' }) as BatchResult),
        },
      }),
      { input: INPUT },
    ).start();
    await settle();
    for (const event of [
      { type: 'set.kind', kind: 1 },
      { type: 'set.tipo', tipo: 'descargar' },
      { type: 'set.year', year: 2025 },
      { type: 'select', ids: [1] },
      { type: 'submit' },
    ] as BulkStatementsEvent[])
      actor.send(event);
    await settle();
    expect(typeof window).toBe('undefined');
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().context.files).toEqual(['/file/1']);
  });

  it('sends fewer than 100 dwellings in one request and 201 in three batches of at most 100', async () => {
    const { actor, runs } = await ready();
    actor.send({ type: 'set.kind', kind: 1 });
    actor.send({ type: 'set.tipo', tipo: 'descargar' });
    actor.send({ type: 'set.year', year: 2025 });
    actor.send({ type: 'select', ids: DWELLINGS.slice(0, 99).map((d) => d.ApartmentId) });
    expect(showsProgress(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'submit' });
    await settle();
    expect(runs.map((r) => r.request.ApartmentsId.length)).toEqual([99]);
    expect(actor.getSnapshot().value).toBe('succeeded');
    actor.send({ type: 'close' });
    actor.send({ type: 'select.all' });
    expect(showsProgress(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'submit' });
    await settle();
    await settle();
    expect(runs.slice(1).map((r) => r.request.ApartmentsId.length)).toEqual([100, 100, 1]);
    expect(actor.getSnapshot().context.files).toEqual(['/file/2', '/file/3', '/file/4']);
  });

  it('stops between batches when cancelled, and retries only the batch that failed', async () => {
    const { actor, runs, failNext } = await ready();
    actor.send({ type: 'set.kind', kind: 1 });
    actor.send({ type: 'set.tipo', tipo: 'descargar' });
    actor.send({ type: 'set.year', year: 2025 });
    actor.send({ type: 'select.all' });
    actor.send({ type: 'submit' });
    actor.send({ type: 'cancel' });
    await settle();
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(runs).toHaveLength(1);
    actor.send({ type: 'close' });
    failNext(true);
    actor.send({ type: 'submit' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ running: 'batchFailed' });
    expect(actor.getSnapshot().context.done).toBe(0);
    failNext(false);
    actor.send({ type: 'retry' });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe('succeeded');
    // The failed first batch ran twice; the others once.
    expect(runs.slice(1).map((r) => r.request.ApartmentsId[0])).toEqual([1, 1, 101, 201]);
  });
});
