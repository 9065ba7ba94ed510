// The profile name machine (mi-perfil), model-based: every state and transition walked against a real
// actor whose call is a controllable promise, with a recording stand-in for the session actor. Plus the
// name rule of UpdateNameRequest.
import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { NAME_MAX_LENGTH, UpdateNameRequest } from '../../src/api/profile';
import { nameProblem, profileNameMachine } from '../../src/machines/profileNameMachine';
import {
  controllablePromises,
  coveredModel,
  type ModelEvent,
  NO_GAPS,
  providePromises,
  type Snapshot,
  type StateChecks,
  walkEveryPath,
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

const { paths, gaps } = coveredModel(profileNameMachine, { input: INPUT, events: eventsFor });

describe('profileNameMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
    expect(paths.length).toBeGreaterThan(5);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof profileNameMachine>;
  let savesDone = 0;
  const refreshes = () => Array.from({ length: savesDone }, () => ({ type: 'refresh' }));
  const states: StateChecks<Snap> = {
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

  walkEveryPath(it, profileNameMachine, paths, states, () => {
    calls = controllablePromises();
    savesDone = 0;
    session.clear();
    actor = createActor(providePromises(profileNameMachine, calls, ['updateName']), { input: INPUT }).start();
    return {
      actor,
      calls,
      send: ['edit', 'change', 'cancel', 'save'],
      invoked: ['updateName'],
      after: { 'xstate.done.actor.updateName': () => void savesDone++ },
    };
  });
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
