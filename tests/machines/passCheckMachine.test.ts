// The employee panel's pass check, model-based: every event the machine declares offered from tests/models,
// every branch walked against a real actor whose call is a controllable promise. A typed code is checked
// (a blank one never), and the answer is the pass with its verdict, not found, the rate limit, or a failure;
// the last two can be retried, any answer followed by another code, and a result or a not-found cleared for
// the next visitor.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { passCheckMachine } from '../../src/machines/passCheckMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { CHECK, CODE, passCheckModel } from '../models/passCheckMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof passCheckMachine>;
const cover = coverModel(passCheckModel);

describe('passCheckMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('never checks a blank code', () => {
    const actor = createActor(passCheckMachine).start();
    expect(actor.getSnapshot().can({ type: 'check', codigo: '  ' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'check', codigo: 'x' })).toBe(true);
    actor.stop();
  });

  let calls = controllablePromises();
  let actor: Actor<typeof passCheckMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  /** Another code can be checked (never a blank one). */
  const takesCodes = (yes: boolean) => {
    expect(can({ type: 'check', codigo: 'OTRA0001' })).toBe(yes);
    expect(can({ type: 'check', codigo: '   ' })).toBe(false);
  };
  const states: StateChecks<Snap> = {
    idle: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context).toEqual({ codigo: '', check: null, failure: null });
      expect(can({ type: 'retry' })).toBe(false);
      takesCodes(true);
    },
    checking: (s) => {
      expect(calls.pending()).toEqual(['checkPass']);
      // The code without its blanks.
      expect(calls.inputOf('checkPass')).toBe('palmas01');
      expect(s.context.check).toBeNull();
      expect(can({ type: 'clear' })).toBe(false);
      takesCodes(false);
    },
    result: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context).toEqual({ codigo: 'palmas01', check: CHECK, failure: null });
      expect(can({ type: 'clear' })).toBe(true);
      expect(can({ type: 'retry' })).toBe(false);
      takesCodes(true);
    },
    notFound: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context).toEqual({ codigo: 'palmas01', check: null, failure: null });
      expect(can({ type: 'clear' })).toBe(true);
      expect(can({ type: 'retry' })).toBe(false);
      takesCodes(true);
    },
    limited: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.check).toBeNull();
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'clear' })).toBe(false);
      takesCodes(true);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context).toEqual({ codigo: 'palmas01', check: null, failure: NETWORK_FAILURE });
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'clear' })).toBe(false);
      takesCodes(true);
    },
  };

  const leadsTo = {
    // A new code forgets the last answer and is checked at once.
    check: () => {
      expect(calls.pending()).toEqual(['checkPass']);
      expect(actor.getSnapshot().context).toEqual({ codigo: CODE.trim(), check: null, failure: null });
    },
    retry: () => expect(calls.inputOf('checkPass')).toBe('palmas01'),
    clear: () => expect(actor.getSnapshot().value).toBe('idle'),
  };

  walkModel(it, cover, passCheckMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(passCheckMachine, calls)).start();
    return { actor, calls, after: leadsTo };
  });
});
