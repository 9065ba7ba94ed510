// The new-post form of a section: title, text, private (where the section allows it; checked by default
// when PublicoPrivado is 1 or the section is SA) and up to MAX_ATTACHMENTS images or PDFs. Sending is
// enabled only when the title and text are filled; a refusal shows the server's message and keeps what
// was written; sent says whether the post is published or waits for an administrator. In a notices section an
// administrator may mark the notice important (issue 30: each reader is asked for "Enterado").
import { assign, fromPromise, setup } from 'xstate';
import { MAX_ATTACHMENTS, type NewPostAnswer, type NewPostRequest, POST_TEXT_MAX, POST_TITLE_MAX } from '../api/posts';
import type { AttachmentUpload } from '../api/uploads';
import { createPost } from '../services/postsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface NewPostInput {
  sectionId: number;
  canMarkPrivate: boolean;
  defaultPrivate: boolean;
  /** A notices section, an administrator (SectionAbilities.canMarkImportant). */
  canMarkImportant?: boolean;
}

export interface NewPostContext extends NewPostInput {
  title: string;
  text: string;
  private: boolean;
  important: boolean;
  attachments: AttachmentUpload[];
  /** The last send failed (a refusal, or no answer): why. */
  failure: CallFailure | null;
  result: NewPostAnswer | null;
}

export type NewPostEvent =
  | { type: 'edit'; field: 'title' | 'text'; value: string }
  | { type: 'togglePrivate' }
  | { type: 'toggleImportant' }
  | { type: 'attach'; file: AttachmentUpload }
  | { type: 'detach'; index: number }
  | { type: 'submit' }
  | { type: 'again' };

const blank = (input: NewPostInput) => ({
  title: '',
  text: '',
  private: input.canMarkPrivate && input.defaultPrivate,
  important: false,
  attachments: [] as AttachmentUpload[],
  failure: null,
  result: null,
});

export function postRequest(context: NewPostContext): NewPostRequest {
  return {
    sectionId: context.sectionId,
    Titulo: context.title.trim(),
    Texto: context.text.trim(),
    Privado: context.canMarkPrivate && context.private,
    adjuntos: context.attachments,
    // Said only where it may be: any other section refuses the field.
    ...(context.canMarkImportant ? { Importante: context.important } : {}),
  };
}

export const newPostMachine = setup({
  types: {
    input: {} as NewPostInput,
    context: {} as NewPostContext,
    events: {} as NewPostEvent,
  },
  actors: {
    send: fromPromise<NewPostAnswer, NewPostRequest>(({ input, signal }) => createPost(input, signal)),
  },
  guards: {
    complete: ({ context }) =>
      context.title.trim().length > 0 &&
      context.title.length <= POST_TITLE_MAX &&
      context.text.trim().length > 0 &&
      context.text.length <= POST_TEXT_MAX,
    canAttach: ({ context }) => context.attachments.length < MAX_ATTACHMENTS,
    privateAllowed: ({ context }) => context.canMarkPrivate,
    importantAllowed: ({ context }) => !!context.canMarkImportant,
  },
  actions: {
    edit: assign(({ context }, { field, value }: { field: 'title' | 'text'; value: string }) => ({ ...context, [field]: value })),
    togglePrivate: assign(({ context }) => ({ private: !context.private })),
    toggleImportant: assign(({ context }) => ({ important: !context.important })),
    attach: assign(({ context }, { file }: { file: AttachmentUpload }) => ({ attachments: [...context.attachments, file] })),
    detach: assign(({ context }, { index }: { index: number }) => ({
      attachments: context.attachments.filter((_, i) => i !== index),
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
    done: assign((_, { result }: { result: NewPostAnswer }) => ({ result })),
    reset: assign(({ context }) => blank(context)),
  },
}).createMachine({
  id: 'newPost',
  context: ({ input }) => ({ ...input, ...blank(input) }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        edit: {
          actions: [{ type: 'edit', params: ({ event }) => ({ field: event.field, value: event.value }) }, 'clearFailure'],
        },
        togglePrivate: { guard: 'privateAllowed', actions: 'togglePrivate' },
        toggleImportant: { guard: 'importantAllowed', actions: 'toggleImportant' },
        attach: { guard: 'canAttach', actions: { type: 'attach', params: ({ event }) => ({ file: event.file }) } },
        detach: { actions: { type: 'detach', params: ({ event }) => ({ index: event.index }) } },
        submit: { guard: 'complete', target: 'sending', actions: 'clearFailure' },
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => postRequest(context),
        onDone: { target: 'sent', actions: { type: 'done', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sent: {
      on: { again: { target: 'editing', actions: 'reset' } },
    },
  },
});
