// mi-perfil, the language: saved to the profile (spec §1), then the session data is refreshed and the
// app follows the profile's language.
import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import type { Language } from '../i18n/languages';
import { saveLanguage } from '../services/accountService';
import type { SessionRef } from './sessionLink';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface ProfileLanguageInput {
  language: Language;
  session: SessionRef;
}

export interface ProfileLanguageContext {
  /** The profile's language. */
  language: Language;
  /** The one being saved. */
  chosen: Language;
  session: SessionRef;
  /** The last choice could not be saved: why. */
  failure: CallFailure | null;
}

export type ProfileLanguageEvent = { type: 'choose'; language: Language };

export const profileLanguageMachine = setup({
  types: {
    input: {} as ProfileLanguageInput,
    context: {} as ProfileLanguageContext,
    events: {} as ProfileLanguageEvent,
  },
  actors: {
    saveLanguage: fromPromise<void, { language: Language }>(({ input, signal }) => saveLanguage(input.language, signal)),
  },
  guards: {
    isAnotherLanguage: ({ context, event }) => {
      assertEvent(event, 'choose');
      return event.language !== context.language;
    },
  },
  actions: {
    choose: assign(({ event }) => {
      assertEvent(event, 'choose');
      return { chosen: event.language, failure: null };
    }),
    keepChoice: assign(({ context }) => ({ language: context.chosen })),
    dropChoice: assign(({ context }, { error }: { error: unknown }) => ({
      chosen: context.language,
      failure: callFailure(error),
    })),
    refreshSession: sendTo(({ context }) => context.session, { type: 'refresh' }),
  },
}).createMachine({
  id: 'profileLanguage',
  context: ({ input }) => ({ language: input.language, chosen: input.language, session: input.session, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { choose: { guard: 'isAnotherLanguage', target: 'saving', actions: 'choose' } },
    },
    saving: {
      invoke: {
        id: 'saveLanguage',
        src: 'saveLanguage',
        input: ({ context }) => ({ language: context.chosen }),
        onDone: { target: 'idle', actions: ['keepChoice', 'refreshSession'] },
        onError: { target: 'idle', actions: { type: 'dropChoice', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
