// The profile language machine (mi-perfil), model-based: every state and transition walked against a
// real actor whose call is a controllable promise, with a recording stand-in for the session actor.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { profileLanguageMachine } from '../../src/machines/profileLanguageMachine';
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
const INPUT = { language: 'es' as const, session: session.ref };

type Snap = Snapshot<typeof profileLanguageMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  if (snapshot.matches('saving')) {
    return [
      { type: 'xstate.done.actor.saveLanguage', output: undefined },
      { type: 'xstate.error.actor.saveLanguage', error: new Error('Failed to fetch') },
    ];
  }
  return [
    { type: 'choose', language: 'es' },
    { type: 'choose', language: 'en' },
    { type: 'choose', language: 'fr' },
  ];
}

const { paths, gaps } = coveredModel(profileLanguageMachine, { input: INPUT, events: eventsFor });

describe('profileLanguageMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof profileLanguageMachine>;
  let savesDone = 0;
  const states: StateChecks<Snap> = {
    idle: (s) => {
      // Saved: the session is refreshed (and the app follows the profile's language); failed: nothing changes.
      expect(session.received).toEqual(Array.from({ length: savesDone }, () => ({ type: 'refresh' })));
      expect(actor.getSnapshot().context.chosen).toBe(s.context.language);
      expect(actor.getSnapshot().can({ type: 'choose', language: s.context.language })).toBe(false);
    },
    saving: (s) => expect(calls.inputOf('saveLanguage')).toEqual({ language: s.context.chosen }),
  };

  walkEveryPath(it, profileLanguageMachine, paths, states, () => {
    calls = controllablePromises();
    savesDone = 0;
    session.clear();
    actor = createActor(providePromises(profileLanguageMachine, calls, ['saveLanguage']), { input: INPUT }).start();
    return {
      actor,
      calls,
      send: ['choose'],
      invoked: ['saveLanguage'],
      after: { 'xstate.done.actor.saveLanguage': () => void savesDone++ },
    };
  });
});
