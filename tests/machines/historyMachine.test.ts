// The history page's machine, model-based: every event offered from tests/models, every branch walked against
// a real actor whose page and CSV calls are controllable promises, the file saved once per export under its
// name. Plus its rules: the file name, the pages that exist, and the progress the download reports.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { HISTORY_PAGE_SIZE } from '../../src/api/history';
import { type ExportInput, historyFileName, historyMachine, validOffset } from '../../src/machines/historyMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { CSV, historyModel, PAGE } from '../models/historyMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof historyMachine>;
const cover = coverModel(historyModel);

describe('historyMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof historyMachine>;
  let saved: { name: string; blob: Blob }[] = [];
  let exports = 0;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    list: (s) => expect(s.context.filters).toEqual(s.context.filters.entity ? { entity: 'ticket' } : {}),
    'list.loading': (s) => {
      expect(calls.pending()).toContain('fetchPage');
      expect(calls.inputOf('fetchPage')).toEqual({ ...s.context.filters, limit: HISTORY_PAGE_SIZE, offset: s.context.offset });
    },
    'list.ready': (s) => {
      expect(calls.pending()).not.toContain('fetchPage');
      expect(s.context.answer).toEqual(PAGE);
      expect(can({ type: 'page', offset: 25 })).toBe(true);
      expect(can({ type: 'page', offset: 30 })).toBe(false);
    },
    'list.failed': (s) => {
      expect(calls.pending()).not.toContain('fetchPage');
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    // A file is saved only when a CSV arrived, once each.
    csv: () => expect(saved.length).toBe(exports),
    'csv.idle': () => {
      expect(calls.pending()).not.toContain('fetchCsv');
      expect(saved).toEqual([]);
    },
    'csv.exporting': (s) => {
      expect(calls.pending()).toContain('fetchCsv');
      expect((calls.inputOf('fetchCsv') as ExportInput).filters).toEqual(s.context.exportFilters);
      expect([0, 2048]).toContain(s.context.exportBytes);
      expect(can({ type: 'export' })).toBe(false);
    },
    'csv.saved': (s) => {
      expect(calls.pending()).not.toContain('fetchCsv');
      expect(saved).toHaveLength(exports);
      expect(saved.at(-1)).toEqual({ name: historyFileName(s.context.exportFilters), blob: CSV });
    },
    'csv.failed': (s) => {
      expect(calls.pending()).not.toContain('fetchCsv');
      expect(s.context.exportFailure).toEqual(NETWORK_FAILURE);
    },
  };

  walkModel(it, cover, historyMachine, states, (input) => {
    calls = controllablePromises();
    saved = [];
    exports = 0;
    const machine = provideCalls(historyMachine, calls).provide({
      actions: {
        save: (_: unknown, params: { blob: Blob; filters: { desde?: string; hasta?: string } }) =>
          saved.push({ name: historyFileName(params.filters), blob: params.blob }),
      } as never,
    });
    actor = createActor(machine, { input: input as never }).start();
    return { actor, calls, after: { 'xstate.done.actor.csv': () => exports++ } };
  });
});

describe('historyMachine rules', () => {
  it('names the file after the period when there is one', () => {
    expect(historyFileName({})).toBe('historial.csv');
    expect(historyFileName({ desde: '2026-06-01', hasta: '2026-06-30' })).toBe('historial-2026-06-01-2026-06-30.csv');
  });

  it('pages only to rows that exist', () => {
    expect(validOffset(25, 30)).toBe(25);
    expect(validOffset(30, 30)).toBeNull();
    expect(validOffset(-1, 30)).toBeNull();
    expect(validOffset(0, 0)).toBe(0);
  });

  it('reports the bytes the download has received, through the input the export gets', async () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(historyMachine, calls), { input: { filters: { entity: 'poll' } } }).start();
    actor.send({ type: 'export' });
    const input = calls.inputOf('fetchCsv') as ExportInput;
    expect(input.filters).toEqual({ entity: 'poll' });
    input.onProgress(4096);
    expect(actor.getSnapshot().context.exportBytes).toBe(4096);
    actor.stop();
  });
});
