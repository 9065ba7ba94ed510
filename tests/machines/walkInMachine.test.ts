// A walk-in at the caseta, model-based: every event offered from tests/models, every branch walked against a real
// actor whose calls are controllable promises and whose poll pause runs on a simulated clock (checked to take
// exactly WALK_IN_POLL_MS). Plus its rules: the ask and the decision each carry a UUID made once per attempt and
// re-sent as they are on retry; a refused walk-in can only be refused; the output is the recorded movement.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { WALK_IN_POLL_MS } from '../../src/api/gateWalkIns';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { walkInMachine } from '../../src/machines/walkInMachine';
import { DECISION_ID, walkInModel, walkInModelMachine } from '../models/walkInMachine.model';
import { CLIENT_ID } from '../support/gateFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';
import {
  APPROVED,
  ASKED,
  ASKING,
  decidedAnswer,
  NO_ANSWER,
  REFUSED,
  WALK_IN_DRAFT,
  WALK_IN_ENTRY,
} from '../support/walkInFixtures';

type Snap = Snapshot<typeof walkInMachine>;
const cover = coverModel(walkInModel);
const POLLED = 'xstate.after.poll.walkIn.waiting';
const ASK = {
  clientId: CLIENT_ID,
  apartmentId: 7,
  visitorName: 'Paquetería DHL',
  reason: 'delivery',
  people: 1,
  plates: null,
  note: 'Caja grande',
};

describe('walkInMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let clock = new SimulatedClock();
  let actor: Actor<typeof walkInMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const decides = (entry: boolean, refusal: boolean) => {
    expect(can({ type: 'decide', decision: 'entry' })).toBe(entry);
    expect(can({ type: 'decide', decision: 'refusal' })).toBe(refusal);
  };

  const states: StateChecks<Snap> = {
    form: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.ask).toBeNull();
      expect(can({ type: 'ask', draft: WALK_IN_DRAFT })).toBe(true);
      // A dwelling, a name and 1 to 50 people are needed.
      expect(can({ type: 'ask', draft: { ...WALK_IN_DRAFT, apartmentId: null } })).toBe(false);
      expect(can({ type: 'ask', draft: { ...WALK_IN_DRAFT, visitorName: '  ' } })).toBe(false);
      expect(can({ type: 'ask', draft: { ...WALK_IN_DRAFT, people: 0 } })).toBe(false);
      expect(can({ type: 'cancel' })).toBe(true);
      decides(false, false);
    },
    asking: (s) => {
      expect(calls.pending()).toEqual(['ask']);
      expect(calls.inputOf('ask')).toEqual(ASK);
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'cancel' })).toBe(false);
    },
    askFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(s.context.ask).toEqual(ASK);
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'cancel' })).toBe(true);
    },
    waiting: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.walkIn?.status).toBe('asking');
      expect([0, 1]).toContain(s.context.told);
      decides(false, false);
      expect(can({ type: 'cancel' })).toBe(false);
    },
    polling: (s) => {
      expect(calls.pending()).toEqual(['poll']);
      expect(calls.inputOf('poll')).toBe(ASKING.id);
      expect(s.context.walkIn?.id).toBe(ASKING.id);
      decides(false, false);
    },
    approved: (s) => {
      expect(s.context.walkIn).toEqual(APPROVED);
      expect(s.context.failure).toBeNull();
      decides(true, true);
    },
    refused: (s) => {
      expect(s.context.walkIn).toEqual(REFUSED);
      decides(false, true);
    },
    noAnswer: (s) => {
      expect(s.context.walkIn).toEqual(NO_ANSWER);
      decides(true, true);
    },
    deciding: (s) => {
      expect(calls.pending()).toEqual(['decide']);
      expect(calls.inputOf('decide')).toEqual({ id: ASKING.id, request: s.context.decision });
      expect(s.context.decision).toMatchObject({ clientId: DECISION_ID, accessPoint: 'Caseta principal' });
      expect(s.context.failure).toBeNull();
    },
    decideFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    decided: (s) => {
      expect(s.status).toBe('done');
      expect(s.output?.recorded?.movement.kind).toBe(s.context.decision?.decision);
    },
    cancelled: (s) => {
      expect(s.status).toBe('done');
      expect(s.output).toEqual({ recorded: null });
    },
  };

  /** The pause ends exactly when it has passed, not a millisecond before. */
  const afterExactly = () => {
    clock.increment(WALK_IN_POLL_MS - 1);
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    clock.increment(1);
  };

  walkModel(it, cover, walkInModelMachine, states, () => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    actor = createActor(provideCalls(walkInModelMachine, calls), { clock });
    actor.start();
    return { actor, calls, special: { [POLLED]: afterExactly } };
  });
});

describe('walkInMachine rules', () => {
  const start = () => {
    const calls = controllablePromises();
    const clock = new SimulatedClock();
    const actor = createActor(provideCalls(walkInMachine, calls), { clock }).start();
    return { calls, actor, clock };
  };

  it('asks with a UUID, re-sends the same ask on retry, polls until approved, and records the entry once', async () => {
    const { calls, actor, clock } = start();
    actor.send({ type: 'ask', draft: { ...WALK_IN_DRAFT, plates: ' abc ', note: '  ' } });
    const first = calls.inputOf('ask') as { clientId: string };
    expect(first).toMatchObject({ apartmentId: 7, visitorName: 'Paquetería DHL', plates: 'abc', note: null });
    expect(first.clientId).toMatch(/^[0-9a-f-]{36}$/);
    calls.reject('ask', new Error('offline'));
    await settle();
    actor.send({ type: 'retry' });
    expect(calls.inputOf('ask')).toEqual(first);
    calls.resolve('ask', ASKED);
    await settle();
    // Nothing is read before the pause; then once per pause, until the answer comes.
    expect(calls.pending()).toEqual([]);
    clock.increment(WALK_IN_POLL_MS);
    calls.resolve('poll', ASKING);
    await settle();
    clock.increment(WALK_IN_POLL_MS);
    calls.reject('poll', new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.failure).toEqual(NETWORK_FAILURE);
    clock.increment(WALK_IN_POLL_MS);
    calls.resolve('poll', APPROVED);
    await settle();
    expect(actor.getSnapshot().value).toBe('approved');
    actor.send({ type: 'decide', decision: 'entry' });
    const decision = calls.inputOf('decide') as { id: number; request: { clientId: string } };
    expect(decision).toMatchObject({ id: ASKING.id, request: { decision: 'entry', accessPoint: 'Caseta principal' } });
    expect(decision.request.clientId).not.toBe(first.clientId);
    calls.reject('decide', new Error('offline'));
    await settle();
    actor.send({ type: 'retry' });
    expect(calls.inputOf('decide')).toEqual(decision);
    calls.resolve('decide', decidedAnswer('entry'));
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ recorded: { movement: WALK_IN_ENTRY, duplicate: false } });
  });

  it('a walk-in another device already decided reads as the answer it had', async () => {
    const { calls, actor, clock } = start();
    actor.send({ type: 'ask', draft: WALK_IN_DRAFT });
    calls.resolve('ask', ASKED);
    await settle();
    clock.increment(WALK_IN_POLL_MS);
    calls.resolve('poll', { ...REFUSED, status: 'decided', decision: 'refusal', movementId: 305 });
    await settle();
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().can({ type: 'decide', decision: 'entry' })).toBe(false);
  });
});
