// The privacy gate, model-based, for every combination of notice text, AvisoActivo and acceptance; what
// the session actor is told after each answer (refresh after an acceptance, sign out after a rejection) is
// checked on a recording stand-in for it.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { type PrivacyGateInput, privacyGateMachine } from '../../src/machines/privacyGateMachine';
import {
  buildModel,
  controllablePromises,
  coverageGaps,
  coveringPaths,
  type ModelEvent,
  providePromises,
  type Snapshot,
  type StateChecks,
  walkEveryPath,
} from '../support/modelTesting';
import { sessionRecorder } from './sessionRecorder';

type Snap = Snapshot<typeof privacyGateMachine>;

const session = sessionRecorder();
const MUST_ASK: PrivacyGateInput = {
  notice: 'Aviso de privacidad de Las Palmas',
  active: true,
  accepted: false,
  session: session.ref,
};

const events = (): ModelEvent[] => [
  { type: 'accept' },
  { type: 'reject' },
  { type: 'xstate.done.actor.acceptNotice', output: '2026-11-21T12:00:00.000Z' },
  { type: 'xstate.error.actor.acceptNotice', error: new Error('Failed to fetch') },
];

describe('privacyGateMachine: when the gate asks (spec §4)', () => {
  const cases: [string, PrivacyGateInput, 'asking' | 'passed'][] = [
    ['notice text, active, not accepted', MUST_ASK, 'asking'],
    ['already accepted', { ...MUST_ASK, accepted: true }, 'passed'],
    ['notice not active', { ...MUST_ASK, active: false }, 'passed'],
    ['no notice text', { ...MUST_ASK, notice: null }, 'passed'],
    ['blank notice text', { ...MUST_ASK, notice: '   ' }, 'passed'],
  ];
  for (const [name, input, expected] of cases) {
    it(`${name} → ${expected}`, () => {
      session.clear();
      const actor = createActor(privacyGateMachine, { input }).start();
      expect(actor.getSnapshot().value).toBe(expected);
      // Passing without asking leaves the session as it is: its data already says the notice is settled.
      expect(session.received).toEqual([]);
    });
  }
});

describe('privacyGateMachine model', () => {
  const { model, serializeState } = buildModel(privacyGateMachine, { input: MUST_ASK, events });
  const paths = coveringPaths(model, serializeState as never);

  it('walks every model state and transition', () => {
    const gaps = coverageGaps(privacyGateMachine, model, paths, serializeState as never);
    expect(gaps.unwalkedStates).toEqual([]);
    expect(gaps.missingTransitions).toEqual([]);
    // deciding is left at once (eventless) and, with this input, passed is reached through accepting.
    expect(gaps.unreachedStateNodes).toEqual(['deciding']);
  });

  const calls = controllablePromises();
  let actor: Actor<typeof privacyGateMachine>;
  const states: StateChecks<Snap> = {
    deciding: () => {
      throw new Error('deciding is transient and must never be observed');
    },
    asking: (s) => {
      expect(actor.getSnapshot().context.failed).toBe(s.context.failed);
      // Nothing is said to the session while the notice is asked, however often an acceptance failed.
      expect(session.received).toEqual([]);
    },
    accepting: () => {
      expect(actor.getSnapshot().context.failed).toBe(false);
      expect(session.received).toEqual([]);
    },
    // Accepted now: the session loads its data again, once, so it carries the acceptance.
    passed: () => {
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().context.accepted).toBe(true);
      expect(session.received).toEqual([{ type: 'refresh' }]);
    },
    // Rejected: the session signs out, once.
    rejected: () => {
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().context.accepted).toBe(false);
      expect(session.received).toEqual([{ type: 'signOut' }]);
    },
  };

  walkEveryPath(it, privacyGateMachine, paths, states, () => {
    session.clear();
    actor = createActor(providePromises(privacyGateMachine, calls, ['acceptNotice']), { input: MUST_ASK }).start();
    return { actor, calls, send: ['accept', 'reject'], invoked: ['acceptNotice'] };
  });
});
