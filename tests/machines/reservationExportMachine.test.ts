// The CSV export, model-based, with the browser's saving observed: every branch walked against a real actor
// whose download is a controllable promise, and the file saved once per download under its period's name.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { exportFileName, periodValid, reservationExportMachine } from '../../src/machines/reservationExportMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { CSV, reservationExportModel } from '../models/reservationExportMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof reservationExportMachine>;
const cover = coverModel(reservationExportModel);

describe('reservationExportMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof reservationExportMachine>;
  let saved: { name: string; blob: Blob }[] = [];
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    idle: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(can({ type: 'download' })).toBe(periodValid(s.context));
    },
    downloading: (s) => {
      expect(calls.pending()).toEqual(['fetchCsv']);
      expect(calls.inputOf('fetchCsv')).toEqual({ desde: s.context.desde, hasta: s.context.hasta });
    },
    saved: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(saved.at(-1)).toEqual({ name: exportFileName(s.context), blob: CSV });
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
  };

  walkModel(it, cover, reservationExportMachine, states, (input) => {
    calls = controllablePromises();
    saved = [];
    const machine = provideCalls(reservationExportMachine, calls).provide({
      actions: {
        save: (_: unknown, params: { blob: Blob; query: { desde: string; hasta: string } }) =>
          saved.push({ name: exportFileName(params.query), blob: params.blob }),
      } as never,
    });
    actor = createActor(machine, { input: input as never }).start();
    return { actor, calls };
  });
});

describe('reservationExportMachine rules', () => {
  it('names the file after its period and refuses a period that ends before it starts', () => {
    expect(exportFileName({ desde: '2026-11-01', hasta: '2026-11-30' })).toBe('reservaciones-2026-11-01-2026-11-30.csv');
    expect(periodValid({ desde: '2026-11-30', hasta: '2026-11-01' })).toBe(false);
    expect(periodValid({ desde: '', hasta: '2026-11-01' })).toBe(false);
  });
});
