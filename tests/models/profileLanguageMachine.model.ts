// The language card of mi-perfil as a test model: the languages chosen, the answers of the save call,
// and the words its scenarios are told in (docs/scenarios/profileLanguageMachine.md). The session is a
// recording stand-in (tests/support/sessionRecorder.ts), shared by the model and the walked actors.
import type { Language } from '../../src/i18n/languages';
import { profileLanguageMachine } from '../../src/machines/profileLanguageMachine';
import { ApiError } from '../../src/services/http';
import { defineModel } from '../support/machineModel';
import { sessionRecorder } from '../support/sessionRecorder';

export const session = sessionRecorder();
export const LANGUAGE_INPUT = { language: 'es' as Language, session: session.ref };

const NAMES: Record<Language, string> = { es: 'Español', en: 'English', fr: 'Français' };

export const profileLanguageModel = defineModel({
  machine: profileLanguageMachine,
  input: LANGUAGE_INPUT,
  payloads: {
    // Two languages take every branch (the profile's own is refused); a third only multiplies paths.
    choose: [{ language: 'en' }, { language: 'es' }],
    'xstate.done.actor.saveLanguage': [{ output: undefined }],
    'xstate.error.actor.saveLanguage': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      idle: 'Idioma with Español, English and Français, the profile’s language selected; after a failed save an alert says it could not be saved.',
      saving: 'The chosen language is selected, the control is disabled and “Guardando el idioma…” shows.',
    },
    events: {
      choose: (e) => `chooses ${NAMES[e.language as Language]} in Idioma`,
      'xstate.done.actor.saveLanguage': () => 'the server saves it (the app switches to that language)',
      'xstate.error.actor.saveLanguage': () => 'the connection fails',
    },
  },
});
