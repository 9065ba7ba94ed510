// The profile language machine (mi-perfil), model-based: every event the machine declares offered from
// tests/models, every branch walked against a real actor whose call is a controllable promise, with a
// recording stand-in for the session actor.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type EventObject } from 'xstate';
import type { Language } from '../../src/i18n/languages';
import { profileLanguageMachine } from '../../src/machines/profileLanguageMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { LANGUAGE_INPUT, profileLanguageModel, session } from '../models/profileLanguageMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof profileLanguageMachine>;
const cover = coverModel(profileLanguageModel);

describe('profileLanguageMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof profileLanguageMachine>;
  /** What the walk knows without the machine: the profile's language and the one last chosen. */
  let saved: Language = 'es';
  let chosen: Language = 'es';
  let savesDone = 0;
  const ctx = () => actor.getSnapshot().context;
  const canChoose = (language: Language) => actor.getSnapshot().can({ type: 'choose', language });
  const states: StateChecks<Snap> = {
    idle: () => {
      expect(calls.pending()).toEqual([]);
      // Saved: the session is refreshed (and the app follows the profile's language); failed: nothing changes.
      expect(session.received).toEqual(Array.from({ length: savesDone }, () => ({ type: 'refresh' })));
      expect(ctx().language).toBe(saved);
      expect(ctx().chosen).toBe(saved);
      expect(canChoose(saved)).toBe(false);
      expect(canChoose(saved === 'es' ? 'fr' : 'es')).toBe(true);
    },
    saving: () => {
      expect(calls.pending()).toEqual(['saveLanguage']);
      expect(calls.inputOf('saveLanguage')).toEqual({ language: chosen });
      expect(ctx().language).toBe(saved);
      expect(ctx().failure).toBeNull();
      expect(canChoose(saved)).toBe(false);
    },
  };

  walkModel(it, cover, profileLanguageMachine, states, () => {
    calls = controllablePromises();
    saved = LANGUAGE_INPUT.language;
    chosen = saved;
    savesDone = 0;
    session.clear();
    actor = createActor(provideCalls(profileLanguageMachine, calls), { input: LANGUAGE_INPUT }).start();
    return {
      actor,
      calls,
      after: {
        choose: (step) => {
          chosen = (step.event as EventObject & { language: Language }).language;
        },
        'xstate.done.actor.saveLanguage': () => {
          savesDone++;
          saved = chosen;
          expect(ctx().failure).toBeNull();
        },
        'xstate.error.actor.saveLanguage': () => expect(ctx().failure).toEqual(NETWORK_FAILURE),
      },
    };
  });
});
