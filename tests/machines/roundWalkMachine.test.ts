// Walking a round, model-based: every event the machine declares offered from tests/models, every branch walked
// against a real actor whose calls are controllable promises. Plus its rules: a code is checked on the device before
// anything is sent, a retry re-sends the same scan, and a scan kept offline ticks its checkpoint on the device.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { ScanRequest } from '../../src/api/rounds';
import type { roundWalkMachine } from '../../src/machines/roundWalkMachine';
import { roundWalkModel, roundWalkModelMachine } from '../models/roundWalkMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { CLIENT_ID, CODE_A, CODE_B, CODE_UNKNOWN, FINISHED, ROUND } from '../support/roundsFixtures';

type Snap = Snapshot<typeof roundWalkMachine>;
const cover = coverModel(roundWalkModel);

describe('roundWalkMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof roundWalkMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const readsCodes = (yes: boolean) => {
    expect(can({ type: 'code', text: CODE_A })).toBe(yes);
    expect(can({ type: 'code', text: '   ' })).toBe(false);
  };

  const states: StateChecks<Snap> = {
    idle: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.round).toBeNull();
      expect(can({ type: 'choose', round: ROUND })).toBe(true);
      readsCodes(false);
    },
    starting: (s) => {
      expect(calls.pending()).toEqual(['startRound']);
      expect(calls.inputOf('startRound')).toEqual(ROUND);
      expect(s.context.round?.id).toBe(ROUND.id);
    },
    startFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({ kind: 'refused', status: 409 });
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'scan' })).toBe(false);
    },
    walking: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.round?.status).not.toBe('scheduled');
      expect(s.context.stop).toBeNull();
      expect(can({ type: 'scan' })).toBe(true);
      expect(can({ type: 'finish' })).toBe(true);
      readsCodes(true);
    },
    scanning: () => {
      expect(calls.pending()).toEqual(['scanner']);
      expect(can({ type: 'cancel' })).toBe(true);
      readsCodes(true);
    },
    checking: () => {
      throw new Error('checking is transient: it is never a resting state');
    },
    outOfOrder: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.code).toBe(CODE_B);
      expect(s.context.stop?.position).toBe(2);
      expect(s.context.round?.stops[0]?.scannedAt).toBeNull();
      expect(can({ type: 'confirm' })).toBe(true);
    },
    wrongCheckpoint: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.code).toBe(CODE_UNKNOWN);
      expect(s.context.stop).toBeNull();
      expect(can({ type: 'scan' })).toBe(true);
    },
    sending: (s) => {
      expect(calls.pending()).toEqual(['sendScan']);
      const input = calls.inputOf('sendScan') as ScanRequest;
      expect(input).toEqual({
        clientId: CLIENT_ID,
        roundId: ROUND.id,
        code: s.context.code,
        note: s.context.note.trim() || null,
        photo: null,
      });
      expect([CODE_A, CODE_B]).toContain(input.code);
    },
    scanFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual({ kind: 'network' });
      expect(s.context.clientId).toBe(CLIENT_ID);
      expect(can({ type: 'retry' })).toBe(true);
    },
    checkpointDone: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(['done', 'already']).toContain(s.context.result);
      expect(s.context.stop).not.toBeNull();
      const stop = s.context.round?.stops.find((x) => x.id === s.context.stop?.id);
      expect(stop?.scannedAt).not.toBeNull();
      expect(can({ type: 'finish' })).toBe(true);
      readsCodes(true);
    },
    queued: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.result).toBe('queued');
      const stop = s.context.round?.stops.find((x) => x.id === s.context.stop?.id);
      expect(stop?.scannedAt).toBe('2026-03-15T04:05');
      expect(s.context.note).toBe('');
      readsCodes(true);
    },
    finishing: () => {
      expect(calls.pending()).toEqual(['finishRound']);
      expect(calls.inputOf('finishRound')).toBe(ROUND.id);
    },
    finishFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual({ kind: 'network' });
      expect(can({ type: 'retry' })).toBe(true);
    },
    finished: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.round).toEqual(FINISHED);
      expect(can({ type: 'back' })).toBe(true);
      expect(can({ type: 'scan' })).toBe(false);
    },
  };

  walkModel(it, cover, roundWalkModelMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(roundWalkModelMachine, calls)).start();
    return { actor, calls };
  });
});
