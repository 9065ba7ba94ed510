// The movement log's machine, model-based: every event offered from tests/models, every branch walked against
// a real actor whose page and export calls are controllable promises and whose search debounce runs on a
// simulated clock, the file saved once per export under its name and format. Plus its rules: the file name, and
// the progress the download reports.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { GATE_SEARCH_DEBOUNCE_MS, MOVEMENT_PAGE_SIZE } from '../../src/api/gate';
import { type MovementExportInput, movementFileName, movementLogMachine } from '../../src/machines/movementLogMachine';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { CSV, movementLogModel, PDF, TOO_MANY } from '../models/movementLogMachine.model';
import { MOVEMENT_PAGE } from '../support/gateFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof movementLogMachine>;
const cover = coverModel(movementLogModel);
const DEBOUNCED = 'xstate.after.debounce.movementLog.list.waiting';

describe('movementLogMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let clock = new SimulatedClock();
  let actor: Actor<typeof movementLogMachine>;
  let saved: { name: string; blob: Blob }[] = [];
  let exports = 0;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    // The filters are the ones chosen, the search without its blanks once applied.
    list: (s) => {
      const { tipo, q, ...rest } = s.context.filters;
      expect(rest).toEqual({});
      expect([undefined, 'exit']).toContain(tipo);
      expect([undefined, 'laura']).toContain(q);
    },
    'list.waiting': (s) => {
      expect(calls.pending()).not.toContain('fetchPage');
      expect(s.context.filters.q).toBe('laura');
      expect(s.context.offset).toBe(0);
    },
    'list.loading': (s) => {
      expect(calls.pending()).toContain('fetchPage');
      expect(calls.inputOf('fetchPage')).toEqual({ ...s.context.filters, limit: MOVEMENT_PAGE_SIZE, offset: s.context.offset });
    },
    'list.ready': (s) => {
      expect(calls.pending()).not.toContain('fetchPage');
      expect(s.context.answer).toEqual(MOVEMENT_PAGE);
      expect(can({ type: 'page', offset: 25 })).toBe(s.context.offset !== 25);
      expect(can({ type: 'page', offset: 30 })).toBe(false);
    },
    'list.failed': (s) => {
      expect(calls.pending()).not.toContain('fetchPage');
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    export: () => expect(saved.length).toBe(exports),
    'export.idle': () => {
      expect(calls.pending()).not.toContain('fetchExport');
      expect(saved).toEqual([]);
    },
    'export.exporting': (s) => {
      expect(calls.pending()).toContain('fetchExport');
      const input = calls.inputOf('fetchExport') as MovementExportInput;
      expect({ format: input.format, filters: input.filters }).toEqual({
        format: s.context.exportFormat,
        filters: s.context.exportFilters,
      });
      expect([0, 2048]).toContain(s.context.exportBytes);
      expect(can({ type: 'export', format: 'csv' })).toBe(false);
      expect(can({ type: 'export', format: 'pdf' })).toBe(false);
    },
    'export.saved': (s) => {
      expect(calls.pending()).not.toContain('fetchExport');
      expect(saved).toHaveLength(exports);
      const { exportFilters, exportFormat } = s.context;
      expect(saved.at(-1)).toEqual({
        name: movementFileName(exportFilters, exportFormat),
        blob: exportFormat === 'pdf' ? PDF : CSV,
      });
    },
    'export.failed': (s) => {
      expect(calls.pending()).not.toContain('fetchExport');
      expect(s.context.exportFailure).toEqual(s.context.exportFormat === 'pdf' ? callFailure(TOO_MANY) : NETWORK_FAILURE);
    },
  };

  const afterExactly = () => {
    clock.increment(GATE_SEARCH_DEBOUNCE_MS - 1);
    expect(actor.getSnapshot().matches({ list: 'waiting' })).toBe(true);
    clock.increment(1);
  };

  walkModel(it, cover, movementLogMachine, states, (input) => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    saved = [];
    exports = 0;
    const machine = provideCalls(movementLogMachine, calls).provide({
      actions: {
        save: (_: unknown, params: { blob: Blob; name: string }) => saved.push({ name: params.name, blob: params.blob }),
      } as never,
    });
    actor = createActor(machine, { input: input as never, clock }).start();
    return { actor, calls, special: { [DEBOUNCED]: afterExactly }, after: { 'xstate.done.actor.download': () => exports++ } };
  });
});

describe('movementLogMachine rules', () => {
  it('names the file after the period when there is one, and its format', () => {
    expect(movementFileName({}, 'csv')).toBe('bitacora-movimientos.csv');
    expect(movementFileName({ desde: '2025-06-01', hasta: '2025-06-30' }, 'csv')).toBe(
      'bitacora-movimientos-2025-06-01-2025-06-30.csv',
    );
    expect(movementFileName({ desde: '2025-06-01' }, 'pdf')).toBe('bitacora-movimientos-2025-06-01.pdf');
  });

  it('reports the bytes the download has received, through the input the export gets', () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(movementLogMachine, calls), { input: { filters: { vivienda: 7 } } }).start();
    actor.send({ type: 'export', format: 'pdf' });
    const input = calls.inputOf('fetchExport') as MovementExportInput;
    expect(input).toMatchObject({ format: 'pdf', filters: { vivienda: 7 } });
    input.onProgress(4096);
    expect(actor.getSnapshot().context.exportBytes).toBe(4096);
    actor.stop();
  });
});
