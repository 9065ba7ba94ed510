// mi-perfil's directory choices (issue 16): the person's phone and the switches "Mostrar mi teléfono en el
// directorio" / "Mostrar mi correo en el directorio" for this condominium. loading → editing → saving → saved;
// a phone the rule refuses stays in editing with its problem; failed when the server cannot be reached.
import { assign, fromPromise, setup } from 'xstate';
import { type MyContact, normalizePhone } from '../api/directory';
import { fetchMyContact, saveMyContact } from '../services/directoryService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface DirectoryContactContext {
  saved: MyContact | null;
  draft: MyContact;
  /** Saving was tried with a phone the rule refuses. */
  phoneProblem: boolean;
  failure: CallFailure | null;
}

export type DirectoryContactEvent = { type: 'edit'; patch: Partial<MyContact> } | { type: 'save' } | { type: 'retry' };

export const phoneAccepted = (phone: string) => phone.trim() === '' || normalizePhone(phone) !== null;

export const directoryContactMachine = setup({
  types: { context: {} as DirectoryContactContext, events: {} as DirectoryContactEvent },
  actors: {
    loadContact: fromPromise<MyContact>(({ signal }) => fetchMyContact(signal)),
    saveContact: fromPromise<MyContact, MyContact>(({ input, signal }) => saveMyContact(input, signal)),
  },
  guards: {
    valid: ({ context }) => phoneAccepted(context.draft.phone),
  },
  actions: {
    keep: assign((_, { contact }: { contact: MyContact }) => ({
      saved: contact,
      draft: contact,
      failure: null,
      phoneProblem: false,
    })),
    edit: assign(({ context }, { patch }: { patch: Partial<MyContact> }) => ({
      draft: { ...context.draft, ...patch },
      phoneProblem: false,
    })),
    refusePhone: assign({ phoneProblem: true }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'directoryContact',
  context: { saved: null, draft: { phone: '', showPhone: false, showEmail: false }, phoneProblem: false, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadContact',
        onDone: { target: 'editing', actions: { type: 'keep', params: ({ event }) => ({ contact: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    editing: {
      on: {
        edit: { actions: { type: 'edit', params: ({ event }) => ({ patch: event.patch }) } },
        save: [{ guard: 'valid', target: 'saving' }, { actions: 'refusePhone' }],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'saveContact',
        input: ({ context }) => context.draft,
        onDone: { target: 'saved', actions: { type: 'keep', params: ({ event }) => ({ contact: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: {
        retry: 'saving',
        edit: { target: 'editing', actions: { type: 'edit', params: ({ event }) => ({ patch: event.patch }) } },
      },
    },
    saved: { on: { edit: { target: 'editing', actions: { type: 'edit', params: ({ event }) => ({ patch: event.patch }) } } } },
  },
});
