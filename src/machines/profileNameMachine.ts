// mi-perfil, the name: shown, edited in place, saved, and the session data refreshed so the whole app
// (header, menus) shows the new one.
import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import { NAME_MAX_LENGTH, type UpdateNameRequest } from '../api/profile';
import { updateName } from '../services/profileService';
import type { SessionRef } from './sessionLink';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface ProfileNameInput {
  name: string;
  session: SessionRef;
}

export interface ProfileNameContext {
  /** The saved name. */
  name: string;
  draft: string;
  session: SessionRef;
  /** The last save did not go through: why. */
  failure: CallFailure | null;
  /** The last save went through (until the next edit). */
  saved: boolean;
}

export type ProfileNameEvent = { type: 'edit' } | { type: 'change'; value: string } | { type: 'cancel' } | { type: 'save' };

/** The name rule of UpdateNameRequest, as a message id. */
export function nameProblem(name: string): 'profile.name.required' | 'profile.name.tooLong' | null {
  if (name.trim().length === 0) return 'profile.name.required';
  if (name.trim().length > NAME_MAX_LENGTH) return 'profile.name.tooLong';
  return null;
}

export const profileNameMachine = setup({
  types: {
    input: {} as ProfileNameInput,
    context: {} as ProfileNameContext,
    events: {} as ProfileNameEvent,
  },
  actors: {
    updateName: fromPromise<void, UpdateNameRequest>(({ input, signal }) => updateName(input, signal)),
  },
  guards: {
    draftIsNewAndValid: ({ context }) => nameProblem(context.draft) === null && context.draft.trim() !== context.name,
  },
  actions: {
    startDraft: assign(({ context }) => ({ draft: context.name, failure: null, saved: false })),
    setDraft: assign(({ event }) => {
      assertEvent(event, 'change');
      return { draft: event.value };
    }),
    keepDraft: assign(({ context }) => ({ name: context.draft.trim(), draft: '', saved: true })),
    dropDraft: assign({ draft: '', failure: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
    refreshSession: sendTo(({ context }) => context.session, { type: 'refresh' }),
  },
}).createMachine({
  id: 'profileName',
  context: ({ input }) => ({ name: input.name, draft: '', session: input.session, failure: null, saved: false }),
  initial: 'viewing',
  states: {
    viewing: {
      on: { edit: { target: 'editing', actions: 'startDraft' } },
    },
    editing: {
      on: {
        change: { actions: 'setDraft' },
        cancel: { target: 'viewing', actions: 'dropDraft' },
        save: { guard: 'draftIsNewAndValid', target: 'saving', actions: 'clearFailure' },
      },
    },
    saving: {
      invoke: {
        id: 'updateName',
        src: 'updateName',
        input: ({ context }) => ({ UserName: context.draft.trim() }),
        onDone: { target: 'viewing', actions: ['keepDraft', 'refreshSession'] },
        onError: { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
