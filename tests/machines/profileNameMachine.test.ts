// The profile name machine (mi-perfil), model-based: every state and transition walked against a real
// actor whose call is a controllable promise, with a recording stand-in for the session actor. Plus the
// name rule of UpdateNameRequest.
import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type EventObject, fromPromise } from 'xstate';
import { NAME_MAX_LENGTH, UpdateNameRequest } from '../../src/api/profile';
import { nameProblem, type ProfileNameEvent, profileNameMachine } from '../../src/machines/profileNameMachine';
import {
  buildModel,
  controllablePromises,
  coverageGaps,
  coveringPaths,
  type ModelEvent,
  requireStateTests,
  type Snapshot,
  settle,
} from '../support/modelTesting';
import { sessionRecorder } from './sessionRecorder';

const session = sessionRecorder();
const INPUT = { name: 'Sofía Vargas Peña', session: session.ref };

type Snap = Snapshot<typeof profileNameMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  if (snapshot.matches('saving')) {
    return [
      { type: 'xstate.done.actor.updateName', output: undefined },
      { type: 'xstate.error.actor.updateName', error: new Error('Failed to fetch') },
    ];
  }
  return [
    { type: 'edit' },
    { type: 'change', value: '  Sofía Vargas  ' },
    { type: 'change', value: '   ' },
    { type: 'cancel' },
    { type: 'save' },
  ];
}

const { model, serializeState } = buildModel(profileNameMachine, { input: INPUT, events: eventsFor });
const paths = coveringPaths(model, serializeState as never);

describe('profileNameMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    const gaps = coverageGaps(profileNameMachine, model, paths, serializeState as never);
    expect(gaps).toEqual({ unreachedStateNodes: [], unwalkedStates: [], missingTransitions: [] });
    expect(paths.length).toBeGreaterThan(5);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof profileNameMachine>;
  let savesDone = 0;
  const refreshes = () => Array.from({ length: savesDone }, () => ({ type: 'refresh' }));
  const states: Record<string, (expected: Snap) => void> = {
    viewing: () => {
      // The session is refreshed once per name saved, and only then.
      expect(session.received).toEqual(refreshes());
      expect(actor.getSnapshot().context.draft).toBe('');
    },
    editing: () => {
      expect(session.received).toEqual(refreshes());
      expect(calls.inputOf('updateName')).toBeUndefined();
    },
    saving: (s) => expect(calls.inputOf('updateName')).toEqual({ UserName: s.context.draft.trim() }),
  };

  it('has an assertion for every state node', () => requireStateTests(profileNameMachine, states));

  const send = (step: { event: EventObject }) => {
    actor.send(step.event as ProfileNameEvent);
  };
  const settleCall = (how: 'resolve' | 'reject') => async (step: { event: EventObject }) => {
    const event = step.event as unknown as { output?: unknown; error?: unknown };
    if (how === 'resolve') {
      calls.resolve('updateName', event.output);
      savesDone++;
    } else calls.reject('updateName', event.error);
    await settle();
  };

  for (const path of paths) {
    it(`path: ${path.description}`, async () => {
      calls = controllablePromises();
      savesDone = 0;
      session.clear();
      actor = createActor(
        profileNameMachine.provide({
          actors: { updateName: fromPromise(({ input }) => calls.start('updateName', input) as Promise<void>) },
        }),
        { input: INPUT },
      ).start();
      await path.test({
        states: Object.fromEntries(
          Object.entries(states).map(([key, check]) => [
            key,
            (expected: Snap) => {
              expect(actor.getSnapshot().value).toEqual(expected.value);
              expect(actor.getSnapshot().context).toEqual(expected.context);
              check(expected);
            },
          ]),
        ),
        events: {
          edit: send,
          change: send,
          cancel: send,
          save: send,
          'xstate.done.actor.updateName': settleCall('resolve'),
          'xstate.error.actor.updateName': settleCall('reject'),
        } as never,
      });
      actor.stop();
    });
  }
});

describe('profileNameMachine rules', () => {
  it('follows the contract: not blank, at most NAME_MAX_LENGTH', () => {
    const long = 'a'.repeat(NAME_MAX_LENGTH + 1);
    for (const name of ['', '   ', long, 'Sofía', 'a'.repeat(NAME_MAX_LENGTH)]) {
      expect(nameProblem(name) === null, name).toBe(is({ UserName: name.trim() }, UpdateNameRequest));
    }
    expect(nameProblem('   ')).toBe('profile.name.required');
    expect(nameProblem(long)).toBe('profile.name.tooLong');
  });

  it('does not save an unchanged name', () => {
    const actor = createActor(profileNameMachine, { input: INPUT }).start();
    actor.send({ type: 'edit' });
    expect(actor.getSnapshot().context.draft).toBe('Sofía Vargas Peña');
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(false);
    actor.send({ type: 'change', value: ' Sofía Vargas Peña ' });
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(false);
    actor.send({ type: 'change', value: 'Sofía Vargas' });
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(true);
  });
});
