// Creating an assembly and sending its call (issue 32): the form is saved only complete (a title, a place or a
// video link, at least one agenda item with its title, the calls in order: assemblyDraftProblems), as a draft; the
// draft's call is then sent (the notice, the owners' mail, the calendar). A refusal or a broken connection is kept
// as its failure; the administrator retries or goes back to the form. A 409 on sending (someone else moved it)
// shows the assembly as it is now with the words.
import { assign, fromPromise, setup } from 'xstate';
import { type Assembly, type AssemblyDraft, assemblyDraftProblems } from '../api/assemblies';
import { type AssemblyResult, changeAssembly, createAssembly } from '../services/assembliesService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface AssemblyCreateContext {
  draft: AssemblyDraft | null;
  assembly: Assembly | null;
  conflict: string | null;
  failure: CallFailure | null;
}

export type AssemblyCreateEvent =
  | { type: 'submit'; draft: AssemblyDraft }
  | { type: 'retry' }
  | { type: 'edit' }
  | { type: 'send' }
  | { type: 'again' };

export const draftComplete = (draft: AssemblyDraft) =>
  draft.title.trim() !== '' &&
  draft.items.length > 0 &&
  draft.items.every((item) => item.title.trim() !== '') &&
  assemblyDraftProblems(draft).length === 0;

export const assemblyCreateMachine = setup({
  types: { context: {} as AssemblyCreateContext, events: {} as AssemblyCreateEvent },
  actors: {
    create: fromPromise<Assembly, AssemblyDraft>(({ input, signal }) => createAssembly(input, signal)),
    sendCall: fromPromise<AssemblyResult, Assembly>(({ input, signal }) =>
      changeAssembly(input.id, { version: input.version, action: 'call' }, signal),
    ),
  },
  guards: {
    complete: ({ event }) => event.type === 'submit' && draftComplete(event.draft),
    sent: (_, result: AssemblyResult) => result.kind === 'changed',
  },
  actions: {
    takeDraft: assign(({ event }) => (event.type === 'submit' ? { draft: event.draft, failure: null } : {})),
    setAssembly: assign((_, assembly: Assembly) => ({ assembly, failure: null })),
    setResult: assign((_, result: AssemblyResult) => ({
      assembly: result.assembly,
      conflict: result.kind === 'conflict' ? result.message : null,
      failure: null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forget: assign({ draft: null, assembly: null, conflict: null, failure: null }),
  },
}).createMachine({
  id: 'assemblyCreate',
  context: { draft: null, assembly: null, conflict: null, failure: null },
  initial: 'editing',
  states: {
    editing: { on: { submit: { guard: 'complete', target: 'saving', actions: 'takeDraft' } } },
    saving: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => context.draft!,
        onDone: { target: 'drafted', actions: { type: 'setAssembly', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: 'saving', edit: 'editing' } },
    drafted: { on: { send: 'sending', again: { target: 'editing', actions: 'forget' } } },
    sending: {
      invoke: {
        id: 'sendCall',
        src: 'sendCall',
        input: ({ context }) => context.assembly!,
        onDone: [
          {
            guard: { type: 'sent', params: ({ event }) => event.output },
            target: 'called',
            actions: { type: 'setResult', params: ({ event }) => event.output },
          },
          { target: 'drafted', actions: { type: 'setResult', params: ({ event }) => event.output } },
        ],
        onError: { target: 'sendFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sendFailed: { on: { retry: 'sending' } },
    called: { on: { again: { target: 'editing', actions: 'forget' } } },
  },
});
