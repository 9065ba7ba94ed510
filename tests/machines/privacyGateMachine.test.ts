// The privacy gate, model-based: every event the machine declares offered from tests/models, every branch
// walked against a real actor whose call is a controllable promise, for a neighbour who must accept and
// one who already has. What the session actor is told after each answer (refresh after an acceptance,
// sign out after a rejection, nothing otherwise) is checked on a recording stand-in for it. Plus the
// §4 rule of when the gate asks, for every combination of notice text, AvisoActivo and acceptance.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { type PrivacyGateInput, privacyGateMachine } from '../../src/machines/privacyGateMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { GATE_SESSION, NOTICE, privacyGateModel } from '../models/privacyGateMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof privacyGateMachine>;
const cover = coverModel(privacyGateModel);
const session = GATE_SESSION;

describe('privacyGateMachine: when the gate asks (spec §4)', () => {
  const MUST_ASK: PrivacyGateInput = { notice: NOTICE, active: true, accepted: false, session: session.ref };
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
      expect(actor.getSnapshot().context.notice).toBe(input.notice ?? '');
      // Passing without asking leaves the session as it is: its data already says the notice is settled.
      expect(session.received).toEqual([]);
    });
  }
});

describe('privacyGateMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof privacyGateMachine>;
  let input: PrivacyGateInput;
  /** The walk's own record: the last acceptance sent failed (and none was sent since). */
  let lastAcceptanceFailed = false;
  const snapshot = () => actor.getSnapshot();
  const can = (type: 'accept' | 'reject') => snapshot().can({ type });
  const states: StateChecks<Snap> = {
    deciding: () => {
      throw new Error('deciding is transient and must never be observed');
    },
    asking: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().status).toBe('active');
      expect([can('accept'), can('reject')]).toEqual([true, true]);
      // The dialog says an acceptance failed exactly after one did.
      expect(snapshot().context).toMatchObject({
        notice: NOTICE,
        accepted: false,
        failure: lastAcceptanceFailed ? NETWORK_FAILURE : null,
      });
      // Nothing is said to the session while the notice is asked, however often an acceptance failed.
      expect(session.received).toEqual([]);
    },
    accepting: () => {
      expect(calls.pending()).toEqual(['acceptNotice']);
      expect([can('accept'), can('reject')]).toEqual([false, false]);
      expect(snapshot().context).toMatchObject({ accepted: false, failure: null });
      expect(session.received).toEqual([]);
    },
    // Accepted now: the session loads its data again, once, so it carries the acceptance. Accepted
    // before: the session's data already does, and it is told nothing.
    passed: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().status).toBe('done');
      expect(snapshot().context).toMatchObject({ accepted: true, failure: null });
      expect(session.received).toEqual(input.accepted ? [] : [{ type: 'refresh' }]);
    },
    // Rejected: the session signs out, once.
    rejected: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().status).toBe('done');
      expect(snapshot().context.accepted).toBe(false);
      expect(session.received).toEqual([{ type: 'signOut' }]);
    },
  };

  walkModel(it, cover, privacyGateMachine, states, (pathInput) => {
    session.clear();
    calls = controllablePromises();
    input = pathInput as PrivacyGateInput;
    lastAcceptanceFailed = false;
    actor = createActor(provideCalls(privacyGateMachine, calls), { input }).start();
    return {
      actor,
      calls,
      after: {
        accept: () => (lastAcceptanceFailed = false),
        'xstate.error.actor.acceptNotice': () => (lastAcceptanceFailed = true),
      },
    };
  });
});
