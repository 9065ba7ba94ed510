// The support desk's own settings (issue 30): canned answers (added, changed and removed by any agent) and the
// office hours with the away message administrators see outside them. Each change is saved on its own; a failure
// keeps what was written and says why. A desk session that ended is its own state (the console shows the sign-in).

import { is } from 'superstruct';
import { assign, fromPromise, setup } from 'xstate';
import {
  CANNED_TITLE_MAX,
  SUPPORT_TEXT_MAX,
  type SupportCanned,
  type SupportCannedAnswer,
  type SupportCannedSaveRequest,
  SupportSettings,
  type SupportSettingsAnswer,
} from '../api/support';
import {
  deleteCanned,
  deskSessionEnded,
  fetchCanned,
  fetchDeskSettings,
  saveCanned,
  saveDeskSettings,
} from '../services/supportDeskService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface CannedDraft {
  id?: number;
  titulo: string;
  texto: string;
}

export interface SupportDeskSettingsContext {
  canned: SupportCanned[];
  settings: SupportSettings | null;
  /** The canned answer being written (new without id). */
  draft: CannedDraft | null;
  /** The hours as being changed; null: as saved. */
  hours: SupportSettings | null;
  failure: CallFailure | null;
  /** The hours were just saved (the screen says so until the next change). */
  saved: boolean;
}

export type SupportDeskSettingsEvent =
  | { type: 'retry' }
  | { type: 'newCanned' }
  | { type: 'editCanned'; id: number }
  | { type: 'editDraft'; titulo: string; texto: string }
  | { type: 'saveCanned' }
  | { type: 'cancel' }
  | { type: 'deleteCanned'; id: number }
  | { type: 'editHours'; settings: SupportSettings }
  | { type: 'saveHours' }
  | { type: 'dismiss' };

const draftValid = (draft: CannedDraft | null) =>
  draft !== null &&
  draft.titulo.trim() !== '' &&
  draft.titulo.length <= CANNED_TITLE_MAX &&
  draft.texto.trim() !== '' &&
  draft.texto.length <= SUPPORT_TEXT_MAX;

export const supportDeskSettingsMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as SupportDeskSettingsContext,
    events: {} as SupportDeskSettingsEvent,
  },
  actors: {
    load: fromPromise<{ canned: SupportCanned[]; settings: SupportSettings }, void>(async ({ signal }) => {
      const [canned, settings] = await Promise.all([fetchCanned(signal), fetchDeskSettings(signal)]);
      return { canned: canned.items, settings: settings.settings };
    }),
    saveCanned: fromPromise<SupportCannedAnswer, SupportCannedSaveRequest>(({ input }) => saveCanned(input)),
    deleteCanned: fromPromise<SupportCannedAnswer, { id: number }>(({ input }) => deleteCanned(input.id)),
    saveHours: fromPromise<SupportSettingsAnswer, SupportSettings>(({ input }) => saveDeskSettings(input)),
  },
  guards: {
    ended: (_, { error }: { error: unknown }) => deskSessionEnded(error),
    draftValid: ({ context }) => draftValid(context.draft),
    known: ({ context }, { id }: { id: number }) => context.canned.some((c) => c.id === id),
    hoursValid: ({ context }) => context.hours !== null && is(context.hours, SupportSettings),
  },
  actions: {
    loaded: assign((_, { answer }: { answer: { canned: SupportCanned[]; settings: SupportSettings } }) => ({
      canned: answer.canned,
      settings: answer.settings,
      failure: null,
    })),
    newDraft: assign({ draft: { titulo: '', texto: '' }, failure: null }),
    draftOf: assign(({ context }, { id }: { id: number }) => {
      const item = context.canned.find((c) => c.id === id)!;
      return { draft: { id: item.id, titulo: item.titulo, texto: item.texto }, failure: null };
    }),
    editDraft: assign(({ context }, { titulo, texto }: { titulo: string; texto: string }) => ({
      draft: { ...context.draft!, titulo, texto },
    })),
    dropDraft: assign({ draft: null, failure: null }),
    listed: assign((_, { answer }: { answer: SupportCannedAnswer }) => ({ canned: answer.items, draft: null, failure: null })),
    editHours: assign((_, { settings }: { settings: SupportSettings }) => ({ hours: settings, saved: false })),
    hoursSaved: assign((_, { answer }: { answer: SupportSettingsAnswer }) => ({
      settings: answer.settings,
      hours: null,
      saved: true,
      failure: null,
    })),
    keepFailure: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'supportDeskSettings',
  context: { canned: [], settings: null, draft: null, hours: null, failure: null, saved: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'loaded', params: ({ event }) => ({ answer: event.output }) } },
        onError: [
          { guard: { type: 'ended', params: ({ event }) => ({ error: event.error }) }, target: 'sessionEnded' },
          { target: 'loadFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    sessionEnded: { type: 'final' },
    ready: {
      initial: 'idle',
      on: {
        editHours: { actions: { type: 'editHours', params: ({ event }) => ({ settings: event.settings }) } },
        saveHours: { guard: 'hoursValid', target: 'savingHours', actions: 'clearFailure' },
      },
      states: {
        idle: {
          on: {
            newCanned: { target: 'editing', actions: 'newDraft' },
            editCanned: {
              guard: { type: 'known', params: ({ event }) => ({ id: event.id }) },
              target: 'editing',
              actions: { type: 'draftOf', params: ({ event }) => ({ id: event.id }) },
            },
            deleteCanned: {
              guard: { type: 'known', params: ({ event }) => ({ id: event.id }) },
              target: '#supportDeskSettings.deleting',
            },
          },
        },
        /** A canned answer's form is open; what is written stays when saving fails. */
        editing: {
          on: {
            editDraft: { actions: { type: 'editDraft', params: ({ event }) => ({ titulo: event.titulo, texto: event.texto }) } },
            saveCanned: { guard: 'draftValid', target: '#supportDeskSettings.savingCanned', actions: 'clearFailure' },
            cancel: { target: 'idle', actions: 'dropDraft' },
          },
        },
        failed: { on: { dismiss: { target: 'idle', actions: 'clearFailure' } } },
      },
    },
    savingCanned: {
      tags: ['busy'],
      invoke: {
        id: 'saveCanned',
        src: 'saveCanned',
        input: ({ context }) => ({
          ...(context.draft!.id === undefined ? {} : { id: context.draft!.id }),
          titulo: context.draft!.titulo.trim(),
          texto: context.draft!.texto.trim(),
        }),
        onDone: { target: 'ready.idle', actions: { type: 'listed', params: ({ event }) => ({ answer: event.output }) } },
        onError: [
          { guard: { type: 'ended', params: ({ event }) => ({ error: event.error }) }, target: 'sessionEnded' },
          { target: 'ready.editing', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteCanned',
        src: 'deleteCanned',
        input: ({ event }) => ({ id: (event as Extract<SupportDeskSettingsEvent, { type: 'deleteCanned' }>).id }),
        onDone: { target: 'ready.idle', actions: { type: 'listed', params: ({ event }) => ({ answer: event.output }) } },
        onError: [
          { guard: { type: 'ended', params: ({ event }) => ({ error: event.error }) }, target: 'sessionEnded' },
          { target: 'ready.failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    savingHours: {
      tags: ['busy'],
      invoke: {
        id: 'saveHours',
        src: 'saveHours',
        input: ({ context }) => ({ ...context.hours!, mensajeAusencia: context.hours!.mensajeAusencia.trim() }),
        onDone: { target: 'ready.idle', actions: { type: 'hoursSaved', params: ({ event }) => ({ answer: event.output }) } },
        onError: [
          { guard: { type: 'ended', params: ({ event }) => ({ error: event.error }) }, target: 'sessionEnded' },
          { target: 'ready.failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
  },
});
