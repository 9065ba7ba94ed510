// The caseta's flow, model-based: every event the machine declares offered from tests/models, every branch
// walked against a real actor whose calls are controllable promises and whose 'registered' pause runs on a
// simulated clock. Plus its rules: the requests each movement sends, a retry that re-sends the same clientId,
// a new attempt that makes a new one, and the entry form's limits.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { gateMachine, REGISTERED_SHOWN_MS } from '../../src/machines/gateMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import type { GateRecord } from '../../src/services/gateService';
import { CODE, ENTRY_DRAFT, gateModel, gateModelMachine, SCANNED, WALK_IN } from '../models/gateMachine.model';
import { CLIENT_ID, EARLY_CHECK, ENTRY, INSIDE_CHECK, VALID_CHECK } from '../support/gateFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof gateMachine>;
const cover = coverModel(gateModel);
const SHOWN = 'xstate.after.shown.gate.registered';
const SHOWN_QUEUED = 'xstate.after.shown.gate.queued';

describe('gateMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let clock = new SimulatedClock();
  let actor: Actor<typeof gateMachine>;
  let told: unknown[] = [];
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  /** Another code can be checked (never a blank one). */
  const takesCodes = (yes: boolean) => {
    expect(can({ type: 'check', codigo: 'OTRA0001' })).toBe(yes);
    expect(can({ type: 'check', codigo: '   ' })).toBe(false);
  };
  const records = (yes: boolean) => {
    expect(can({ type: 'registerEntry', draft: ENTRY_DRAFT }) || can({ type: 'registerExit' })).toBe(yes);
  };

  const states: StateChecks<Snap> = {
    idle: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.check).toBeNull();
      expect(s.context.codigo).toBe('');
      expect(can({ type: 'walkIn' })).toBe(true);
      expect(can({ type: 'scan' })).toBe(true);
      expect(can({ type: 'retry' })).toBe(false);
      takesCodes(true);
    },
    scanning: (s) => {
      // The camera is open (the scanner machine, here a waiting stand-in); nothing is asked of the server yet.
      expect(calls.pending()).toEqual(['scanner']);
      expect(s.context.check).toBeNull();
      expect(s.context.codigo).toBe('');
      expect(can({ type: 'scan' })).toBe(false);
      expect(can({ type: 'clear' })).toBe(true);
      records(false);
      takesCodes(true);
    },
    checking: (s) => {
      expect(calls.pending()).toEqual(['checkCode']);
      // A typed code without its blanks, or the scanned QR's text.
      expect([CODE.trim(), SCANNED.trim()]).toContain(calls.inputOf('checkCode'));
      expect(s.context.check).toBeNull();
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'clear' })).toBe(false);
      takesCodes(false);
    },
    verdict: (s) => {
      expect(calls.pending()).toEqual([]);
      const check = s.context.check!;
      expect([VALID_CHECK, INSIDE_CHECK, EARLY_CHECK]).toContainEqual(check);
      // Entry only on a valid pass whose visitor is outside; exit only when inside; refusal when not valid.
      expect(can({ type: 'registerEntry', draft: ENTRY_DRAFT })).toBe(check === VALID_CHECK);
      expect(can({ type: 'registerEntry', draft: { ...ENTRY_DRAFT, people: 0 } })).toBe(false);
      expect(can({ type: 'registerExit' })).toBe(check === INSIDE_CHECK);
      expect(can({ type: 'refuse', visitorName: '', note: '' })).toBe(check === EARLY_CHECK);
      takesCodes(true);
    },
    notFound: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.check).toBeNull();
      // The refusal of an unknown code needs who it was.
      expect(can({ type: 'refuse', visitorName: '  ', note: '' })).toBe(false);
      expect(can({ type: 'refuse', visitorName: 'Alguien', note: '' })).toBe(true);
      records(false);
      takesCodes(true);
    },
    limited: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.check).toBeNull();
      expect(can({ type: 'retry' })).toBe(true);
      records(false);
      takesCodes(true);
    },
    checkFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
      takesCodes(true);
    },
    walkIn: (s) => {
      // The walk-in panel (walkInMachine, here a waiting stand-in) runs; the caseta records nothing itself.
      expect(calls.pending()).toEqual(['walkIn']);
      expect(s.context.check).toBeNull();
      expect(s.context.pending).toBeNull();
      expect(can({ type: 'walkIn' })).toBe(false);
      expect(can({ type: 'clear' })).toBe(true);
      records(false);
    },
    recording: (s) => {
      expect(calls.pending()).toEqual(['record']);
      expect(calls.inputOf('record')).toEqual(s.context.pending);
      expect((s.context.pending as GateRecord).request.clientId).toBe(CLIENT_ID);
      expect(s.context.failure).toBeNull();
      takesCodes(false);
      expect(can({ type: 'clear' })).toBe(false);
    },
    recordFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(s.context.pending).not.toBeNull();
      expect(can({ type: 'retry' })).toBe(true);
      takesCodes(true);
    },
    registered: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.recorded).not.toBeNull();
      // The page heard of it once (the toast and the lists' refresh).
      expect(told.at(-1)).toEqual({ type: 'recorded', recorded: s.context.recorded });
      takesCodes(true);
    },
    queued: (s) => {
      expect(calls.pending()).toEqual([]);
      // Kept offline: the page heard what waits (its request marked offline, same clientId), nothing recorded.
      const heard = told.at(-1) as { type: string; record: GateRecord };
      expect(heard.type).toBe('queued');
      expect(heard.record.kind).toBe(s.context.pending?.kind);
      expect(heard.record.request).toMatchObject({ clientId: CLIENT_ID, offline: true });
      expect(can({ type: 'retry' })).toBe(false);
      takesCodes(true);
    },
  };

  /** The pause ends exactly when it has passed, not a millisecond before. */
  const afterExactly = (state: 'registered' | 'queued') => () => {
    clock.increment(REGISTERED_SHOWN_MS - 1);
    expect(actor.getSnapshot().matches(state)).toBe(true);
    clock.increment(1);
  };

  walkModel(it, cover, gateModelMachine, states, () => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    told = [];
    actor = createActor(provideCalls(gateModelMachine, calls), { clock });
    actor.on('recorded', (event) => told.push(event));
    actor.on('queued', (event) => told.push(event));
    actor.start();
    return { actor, calls, special: { [SHOWN]: afterExactly('registered'), [SHOWN_QUEUED]: afterExactly('queued') } };
  });
});

describe('gateMachine rules', () => {
  const start = () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(gateMachine, calls)).start();
    return { calls, actor };
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('sends the entry on the pass with its people, plates, access point and a UUID; a retry sends the same', async () => {
    const { calls, actor } = start();
    actor.send({ type: 'check', codigo: CODE });
    calls.resolve('checkCode', { kind: 'checked', check: VALID_CHECK });
    await settle();
    actor.send({ type: 'registerEntry', draft: { ...ENTRY_DRAFT, note: '  ' } });
    const first = calls.inputOf('record') as GateRecord;
    expect(first).toEqual({
      kind: 'entry',
      request: {
        clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        passId: 41,
        apartmentId: 7,
        visitorName: 'Laura Gómez Pineda',
        people: 3,
        plates: 'ABC-123-D',
        accessPoint: 'Caseta principal',
        note: null,
      },
    });
    calls.reject('record', new Error('offline'));
    await settle();
    actor.send({ type: 'retry' });
    expect(calls.inputOf('record')).toEqual(first);
    calls.resolve('record', { movement: ENTRY, duplicate: true });
    await settle();
    expect(actor.getSnapshot().value).toBe('registered');
    // The next visitor's attempt has an id of its own.
    actor.send({ type: 'check', codigo: CODE });
    calls.resolve('checkCode', { kind: 'checked', check: VALID_CHECK });
    await settle();
    actor.send({ type: 'registerEntry', draft: ENTRY_DRAFT });
    expect((calls.inputOf('record') as GateRecord).request.clientId).not.toBe(first.request.clientId);
    actor.stop();
  });

  it('records the exit of a visitor inside, a refusal with its reason, and a walk-in on its dwelling', async () => {
    const { calls, actor } = start();
    actor.send({ type: 'check', codigo: CODE });
    calls.resolve('checkCode', { kind: 'checked', check: INSIDE_CHECK });
    await settle();
    actor.send({ type: 'registerExit' });
    expect((calls.inputOf('record') as GateRecord).kind).toBe('exit');
    expect((calls.inputOf('record') as GateRecord).request).toMatchObject({ entryId: 301 });
    actor.stop();

    const second = start();
    second.actor.send({ type: 'check', codigo: CODE });
    second.calls.resolve('checkCode', { kind: 'checked', check: EARLY_CHECK });
    await settle();
    second.actor.send({ type: 'refuse', visitorName: '', note: 'Llegó temprano' });
    expect(second.calls.inputOf('record')).toMatchObject({
      kind: 'refusal',
      request: { passId: 41, visitorName: 'Laura Gómez Pineda', reason: 'early', note: 'Llegó temprano' },
    });
    second.actor.stop();

    const third = start();
    third.actor.send({ type: 'check', codigo: 'NOEXISTE' });
    third.calls.resolve('checkCode', { kind: 'notFound' });
    await settle();
    third.actor.send({ type: 'refuse', visitorName: ' Hombre sin pase ', note: '' });
    expect(third.calls.inputOf('record')).toMatchObject({
      kind: 'refusal',
      request: { passId: null, apartmentId: null, visitorName: 'Hombre sin pase', reason: 'unknown', note: null },
    });
    third.actor.stop();

    // A walk-in's decision is recorded by its panel; the caseta hears it like any movement and is ready again.
    const fourth = start();
    const heard: unknown[] = [];
    fourth.actor.on('recorded', (event) => heard.push(event));
    fourth.actor.send({ type: 'walkIn' });
    const recorded = { movement: WALK_IN, duplicate: false };
    fourth.calls.resolve('walkIn', { recorded });
    await settle();
    expect(fourth.actor.getSnapshot().value).toBe('idle');
    expect(heard).toEqual([{ type: 'recorded', recorded }]);
    fourth.actor.stop();
  });
});
