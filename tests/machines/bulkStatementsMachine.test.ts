// The bulk statements machine (estado-cuenta-masivo), model-based: every state and transition walked
// against a real actor whose calls are controllable promises, on 201 dwellings (three batches). Plus its
// rules: the §5 messages, batches of 100, e-mail only with the high ADEUDOS level, cancel between batches,
// a failed batch retried alone. What the form takes in each state (state.can) is what the view enables.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
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
import { DWELLINGS, eventsFor, INPUT, OPTIONS, type Snap } from '../support/bulkStatementsModel';
import {
  controllablePromises,
  coveredModel,
  NO_GAPS,
  providePromises,
  type StateChecks,
  settle,
  walkEveryPath,
} from '../support/modelTesting';

const { paths, gaps } = coveredModel(bulkStatementsMachine, { events: eventsFor, input: INPUT });

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

describe('bulkStatementsMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
    expect(paths.length).toBeGreaterThan(20);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof bulkStatementsMachine>;
  const states: StateChecks<Snap> = {
    loading: () => expect(actor.getSnapshot().context.dwellings).toEqual([]),
    loadFailed: () => expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true),
    editing: (s) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.context.dwellings).toHaveLength(201);
      // No run left over; e-mail offered with the high ADEUDOS level.
      expect(snapshot.context).toMatchObject({ batches: [], done: 0, files: [], sent: 0, cancelRequested: false });
      expect(snapshot.can({ type: 'set.tipo', tipo: 'enviar' })).toBe(true);
      // Every control of the form takes input.
      expect(takesEdits(snapshot)).toEqual(FORM_EDITS.map(() => true));
      // Submitting starts a run exactly when the §5 rules pass.
      const valid = Object.keys(bulkProblems(s.context.form)).length === 0;
      expect(snapshot.can({ type: 'submit' })).toBe(true);
      expect(valid).toBe(
        s.context.form.selected.length > 0 &&
          s.context.form.tipo !== null &&
          !(s.context.form.kind === 2 && s.context.form.fechaFin < s.context.form.fechaInicio) &&
          s.context.form.kind !== null &&
          (s.context.form.kind === 2 || s.context.form.year !== null),
      );
    },
    running: (s) => {
      expect(s.context.batches.flat()).toEqual(s.context.form.selected);
      // No control of the form takes input during a run.
      expect(takesEdits(actor.getSnapshot())).toEqual(FORM_EDITS.map(() => false));
    },
    'running.working': (s) => {
      const batch = s.context.batches[s.context.done]!;
      const asked = calls.inputOf('runBatch') as ReturnType<typeof batchRequest>;
      expect(asked.request.ApartmentsId).toEqual(batch);
      expect(asked.tipo).toBe(s.context.form.tipo);
      expect(batch.length).toBeLessThanOrEqual(100);
      // The progress dialog's Cancelar: between batches, once.
      expect(actor.getSnapshot().can({ type: 'cancel' })).toBe(s.context.batches.length > 1 && !s.context.cancelRequested);
    },
    'running.batchFailed': (s) => {
      expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true);
      // The finished batches are kept.
      expect(actor.getSnapshot().context.done).toBe(s.context.done);
    },
    succeeded: (s) => {
      expect(s.context.done).toBe(s.context.batches.length);
      // The §8 dialog is answered before the form takes anything again.
      expect(takesEdits(actor.getSnapshot())).toEqual(FORM_EDITS.map(() => false));
      if (s.context.form.tipo === 'descargar') expect(s.context.files).toHaveLength(s.context.batches.length);
      else expect(s.context.sent).toBe(3 * s.context.batches.length);
    },
    cancelled: (s) => {
      expect(s.context.done).toBeLessThan(s.context.batches.length);
      expect(takesEdits(actor.getSnapshot())).toEqual(FORM_EDITS.map(() => false));
      expect(calls.inputOf('runBatch')).toBeUndefined();
    },
  };

  walkEveryPath(
    it,
    bulkStatementsMachine,
    paths,
    states,
    () => {
      calls = controllablePromises();
      actor = createActor(providePromises(bulkStatementsMachine, calls, ['loadOptions', 'runBatch']), { input: INPUT }).start();
      return {
        actor,
        calls,
        send: ['retry', 'set.kind', 'set.tipo', 'set.year', 'set.dates', 'select', 'select.all', 'submit', 'cancel', 'close'],
        invoked: ['loadOptions', 'runBatch'],
      };
    },
    // Named by their events: the state descriptions carry all 201 dwellings.
    (path, index) =>
      `path ${index + 1}: ${path.steps
        .slice(1)
        .map((step) => step.event.type.replace('xstate.', ''))
        .join(' → ')}`,
  );
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
