// The camera scanner, model-based: every event the machine declares offered from tests/models, every branch
// walked against a real actor whose camera is a controllable promise. A refusal of any kind is a state with a
// retry; a decoded frame ends the scanner with the code's text, trimmed; a blank one is not a code.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { cameraScannerMachine } from '../../src/machines/cameraScannerMachine';
import { cameraScannerModel, PASS_TEXT, STREAM } from '../models/cameraScannerMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof cameraScannerMachine>;
const cover = coverModel(cameraScannerModel);

describe('cameraScannerMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof cameraScannerMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const states: StateChecks<Snap> = {
    opening: (s) => {
      expect(calls.pending()).toEqual(['openCamera']);
      expect(s.context.stream).toBeNull();
      expect(can({ type: 'retry' })).toBe(false);
    },
    scanning: (s) => {
      // The frames are read by the watcher (here a waiting stand-in) from the stream the camera gave.
      expect(calls.pending()).toEqual(['watchForQr']);
      expect(calls.inputOf('watchForQr')).toBe(STREAM);
      expect(s.context).toEqual({ stream: STREAM, text: '', refusal: null });
      expect(can({ type: 'decoded', text: '   ' })).toBe(false);
      expect(can({ type: 'retry' })).toBe(false);
    },
    denied: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context).toEqual({ stream: null, text: '', refusal: 'denied' });
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'decoded', text: 'X' })).toBe(false);
    },
    noCamera: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context).toEqual({ stream: null, text: '', refusal: 'noCamera' });
      expect(can({ type: 'retry' })).toBe(true);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.refusal).toBe('failed');
      expect(s.context.stream).toBeNull();
      expect(can({ type: 'retry' })).toBe(true);
    },
    found: (s) => {
      // The watcher was stopped (it gives the camera back) and the code is the scanner's output.
      expect(calls.pending()).toEqual([]);
      expect(s.status).toBe('done');
      expect(s.output).toEqual({ text: PASS_TEXT.trim() });
      expect(s.context.stream).toBeNull();
    },
  };

  walkModel(it, cover, cameraScannerMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(cameraScannerMachine, calls)).start();
    return { actor, calls };
  });
});
