// The employee panel's pass check, model-based: a typed code is checked (a blank one never), and the answer
// is the pass with its verdict, not found, the rate limit, or a failure; the last two can be retried, any
// answer followed by another code, and a result or a not-found cleared for the next visitor.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { PassCheck } from '../../src/api/passCheck';
import { passCheckMachine } from '../../src/machines/passCheckMachine';
import {
  buildModel,
  controllablePromises,
  coverageGaps,
  coveringPaths,
  type ModelEvent,
  providePromises,
  requireStateTests,
  type Snapshot,
  type StateChecks,
  walkPath,
} from '../support/modelTesting';

type Snap = Snapshot<typeof passCheckMachine>;

const CHECK = {
  verdict: 'valid',
  reason: null,
  checkedAt: { date: '2025-06-02', time: '12:00' },
  pass: { Nombre: 'Laura Gómez Pineda', ClaveManual: 'PALMAS01' },
} as PassCheck;

function eventsFor(s: Snap): ModelEvent[] {
  if (s.matches('checking')) {
    return [
      { type: 'xstate.done.actor.checkPass', output: { kind: 'checked', check: CHECK } },
      { type: 'xstate.done.actor.checkPass', output: { kind: 'notFound' } },
      { type: 'xstate.done.actor.checkPass', output: { kind: 'tooMany' } },
      { type: 'xstate.error.actor.checkPass', error: new Error('Failed to fetch') },
    ];
  }
  // A blank code is offered too: snapshot.can() filters it out, which is the rule under test.
  return [{ type: 'check', codigo: ' palmas01 ' }, { type: 'check', codigo: '   ' }, { type: 'retry' }, { type: 'clear' }];
}

const { model, serializeState } = buildModel(passCheckMachine, { events: eventsFor });
const paths = coveringPaths(model, serializeState as never);

describe('passCheckMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(coverageGaps(passCheckMachine, model, paths, serializeState as never)).toEqual({
      unreachedStateNodes: [],
      unwalkedStates: [],
      missingTransitions: [],
    });
  });

  it('never checks a blank code', () => {
    const actor = createActor(passCheckMachine).start();
    expect(actor.getSnapshot().can({ type: 'check', codigo: '  ' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'check', codigo: 'x' })).toBe(true);
    actor.stop();
  });

  let calls = controllablePromises();
  let actor: Actor<typeof passCheckMachine>;
  const snap = () => actor.getSnapshot();
  const states: StateChecks<Snap> = {
    idle: () => {
      expect(snap().context).toEqual({ codigo: '', check: null });
      expect(snap().can({ type: 'retry' })).toBe(false);
    },
    checking: () => {
      expect(calls.inputOf('checkPass')).toBe('palmas01');
      expect(snap().context.check).toBeNull();
      expect(snap().can({ type: 'check', codigo: 'OTRA0001' })).toBe(false);
    },
    result: () => {
      expect(snap().context.check).toEqual(CHECK);
      expect(snap().can({ type: 'clear' })).toBe(true);
    },
    notFound: () => {
      expect(snap().context).toEqual({ codigo: 'palmas01', check: null });
      expect(snap().can({ type: 'retry' })).toBe(false);
    },
    limited: () => {
      expect(snap().context.check).toBeNull();
      expect(snap().can({ type: 'retry' })).toBe(true);
    },
    failed: () => {
      expect(snap().context.check).toBeNull();
      expect(snap().can({ type: 'retry' })).toBe(true);
      expect(snap().can({ type: 'clear' })).toBe(false);
    },
  };

  it('has an assertion for every state node', () => requireStateTests(passCheckMachine, states));

  for (const path of paths) {
    it(`path: ${path.description}`, async () => {
      calls = controllablePromises();
      actor = createActor(providePromises(passCheckMachine, calls, ['checkPass'])).start();
      await walkPath(path, { actor, calls, states, send: ['check', 'retry', 'clear'], invoked: ['checkPass'] });
    });
  }
});
