// The profile language machine (mi-perfil), model-based: every state and transition walked against a
// real actor whose call is a controllable promise, with a recording stand-in for the session actor.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type EventObject, fromPromise } from 'xstate';
import { type ProfileLanguageEvent, profileLanguageMachine } from '../../src/machines/profileLanguageMachine';
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

const { model, serializeState } = buildModel(profileLanguageMachine, { input: INPUT, events: eventsFor });
const paths = coveringPaths(model, serializeState as never);

describe('profileLanguageMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    const gaps = coverageGaps(profileLanguageMachine, model, paths, serializeState as never);
    expect(gaps).toEqual({ unreachedStateNodes: [], unwalkedStates: [], missingTransitions: [] });
  });

  let calls = controllablePromises();
  let actor: Actor<typeof profileLanguageMachine>;
  let savesDone = 0;
  const states: Record<string, (expected: Snap) => void> = {
    idle: (s) => {
      // Saved: the session is refreshed (and the app follows the profile's language); failed: nothing changes.
      expect(session.received).toEqual(Array.from({ length: savesDone }, () => ({ type: 'refresh' })));
      expect(actor.getSnapshot().context.chosen).toBe(s.context.language);
      expect(actor.getSnapshot().can({ type: 'choose', language: s.context.language })).toBe(false);
    },
    saving: (s) => expect(calls.inputOf('saveLanguage')).toEqual({ language: s.context.chosen }),
  };

  it('has an assertion for every state node', () => requireStateTests(profileLanguageMachine, states));

  const send = (step: { event: EventObject }) => {
    actor.send(step.event as ProfileLanguageEvent);
  };
  const settleCall = (how: 'resolve' | 'reject') => async (step: { event: EventObject }) => {
    const event = step.event as unknown as { output?: unknown; error?: unknown };
    if (how === 'resolve') {
      calls.resolve('saveLanguage', event.output);
      savesDone++;
    } else calls.reject('saveLanguage', event.error);
    await settle();
  };

  for (const path of paths) {
    it(`path: ${path.description}`, async () => {
      calls = controllablePromises();
      savesDone = 0;
      session.clear();
      actor = createActor(
        profileLanguageMachine.provide({
          actors: { saveLanguage: fromPromise(({ input }) => calls.start('saveLanguage', input) as Promise<void>) },
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
          choose: send,
          'xstate.done.actor.saveLanguage': settleCall('resolve'),
          'xstate.error.actor.saveLanguage': settleCall('reject'),
        } as never,
      });
      actor.stop();
    });
  }
});
