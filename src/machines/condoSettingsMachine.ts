// The condominium's settings (configuracion tab 'condominio', issue 16): loading → editing → saving → saved,
// with the session refreshed at once so the menus (MostrarIngresos, displaydirectory) and the privacy dialog
// follow; invalid when a field's rule (or the server's 400, the map the sanitizer refuses) says no; stale when
// someone else saved first (409 with the settings now: take theirs or keep mine against the new version);
// failed when the server cannot be reached. The logo is changed on its own (stored at once, no save needed).
import { assign, fromPromise, setup } from 'xstate';
import { type CondoSettings, type CondoSettingsField, type CondoSettingsFields, settingsProblems } from '../api/condoSettings';
import type { MessageId } from '../i18n/messages';
import {
  changeCondoLogo,
  fetchCondoSettings,
  type SaveSettingsResult,
  saveCondoSettings,
} from '../services/condoSettingsService';
import { ApiError } from '../services/http';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface CondoSettingsContext {
  /** The settings as last read or saved (their version is what a save is made against). */
  settings: CondoSettings | null;
  draft: CondoSettingsFields | null;
  /** The field the server refused (400) with its words. */
  serverProblem: { field: string; message: string } | null;
  /** A stale save: the server's words. */
  refusal: string | null;
  /** The last load or save failed: why. */
  failure: CallFailure | null;
  /** The settings someone else saved (a stale save). */
  fresh: CondoSettings | null;
  /** Why the last logo change failed. */
  logoFailure: CallFailure | null;
}

export type CondoSettingsEvent =
  | { type: 'edit'; patch: Partial<CondoSettingsFields> }
  | { type: 'save' }
  | { type: 'retry' }
  | { type: 'back' }
  | { type: 'takeFresh' }
  | { type: 'keepMine' }
  | { type: 'changeLogo'; dataUrl: string | null };

/** The problems shown under the fields: the rules', then the server's refusal. */
export function problemsOf(context: Pick<CondoSettingsContext, 'draft'>): Partial<Record<CondoSettingsField, MessageId>> {
  return context.draft ? settingsProblems(context.draft) : {};
}

/** Whether saving would ask everyone to accept the privacy notice again (the server's rule). */
export function resetsPrivacy(settings: CondoSettings | null, draft: CondoSettingsFields | null): boolean {
  if (!settings || !draft) return false;
  const before = settings.fields;
  const text = draft.avisoPrivacidad.trim();
  return draft.avisoActivo && text !== '' && (text !== before.avisoPrivacidad || !before.avisoActivo);
}

const sameFields = (a: CondoSettingsFields, b: CondoSettingsFields) =>
  (Object.keys(a) as CondoSettingsField[]).every((key) => a[key] === b[key]);

export const condoSettingsMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as CondoSettingsContext,
    events: {} as CondoSettingsEvent,
  },
  actors: {
    loadSettings: fromPromise<CondoSettings>(({ signal }) => fetchCondoSettings(signal)),
    saveSettings: fromPromise<SaveSettingsResult, { version: string; fields: CondoSettingsFields }>(({ input, signal }) =>
      saveCondoSettings(input, signal),
    ),
    changeLogo: fromPromise<CondoSettings, { dataUrl: string | null }>(({ input, signal }) =>
      changeCondoLogo(input.dataUrl, signal),
    ),
  },
  guards: {
    valid: ({ context }) => Object.keys(problemsOf(context)).length === 0,
    stale: (_, { result }: { result: SaveSettingsResult }) => result.kind === 'stale',
    /** A field the server refused (400): back to the form with its words under the field. */
    refused: (_, { error }: { error: unknown }) => error instanceof ApiError && error.status === 400,
  },
  actions: {
    /** The session data (and so the menus and the privacy dialog) read again: provided by the view. */
    refreshSession: () => {},
    load: assign((_, { settings }: { settings: CondoSettings }) => ({
      settings,
      draft: settings.fields,
      failure: null,
      serverProblem: null,
      fresh: null,
    })),
    edit: assign(({ context }, { patch }: { patch: Partial<CondoSettingsFields> }) => ({
      draft: context.draft ? { ...context.draft, ...patch } : null,
      serverProblem: null,
    })),
    keepSaved: assign((_, { result }: { result: SaveSettingsResult }) => ({
      settings: result.settings,
      draft: result.settings.fields,
      failure: null,
      serverProblem: null,
    })),
    keepStale: assign((_, { result }: { result: SaveSettingsResult }) => ({
      fresh: result.settings,
      refusal: result.kind === 'stale' ? result.message : null,
      failure: null,
    })),
    takeFresh: assign(({ context }) => ({
      settings: context.fresh,
      draft: context.fresh?.fields ?? context.draft,
      fresh: null,
      refusal: null,
      failure: null,
    })),
    keepMine: assign(({ context }) => ({ settings: context.fresh, fresh: null, refusal: null, failure: null })),
    refuse: assign((_, { error }: { error: unknown }) => {
      const apiError = error as ApiError;
      return { serverProblem: { field: (apiError.field ?? '').replace(/^fields\./, ''), message: apiError.message } };
    }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forgetFailure: assign({ failure: null }),
    keepLogo: assign(({ context }, { settings }: { settings: CondoSettings }) => ({
      // Only the logo and the version move; what is being typed stays (the whole draft when nothing was typed).
      settings: context.settings
        ? { ...context.settings, logoFileName: settings.logoFileName, version: settings.version }
        : settings,
      draft:
        context.draft && context.settings && !sameFields(context.draft, context.settings.fields)
          ? context.draft
          : settings.fields,
      logoFailure: null,
    })),
    failLogo: assign((_, { error }: { error: unknown }) => ({ logoFailure: callFailure(error) })),
  },
}).createMachine({
  id: 'condoSettings',
  context: { settings: null, draft: null, serverProblem: null, refusal: null, failure: null, fresh: null, logoFailure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadSettings',
        onDone: { target: 'editing', actions: { type: 'load', params: ({ event }) => ({ settings: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: 'forgetFailure' } } },
    editing: {
      on: {
        edit: { actions: { type: 'edit', params: ({ event }) => ({ patch: event.patch }) } },
        save: [{ guard: 'valid', target: 'saving' }, { target: 'invalid' }],
        changeLogo: { target: 'changingLogo' },
      },
    },
    invalid: {
      on: {
        edit: { target: 'editing', actions: { type: 'edit', params: ({ event }) => ({ patch: event.patch }) } },
      },
    },
    changingLogo: {
      tags: ['busy'],
      invoke: {
        id: 'logo',
        src: 'changeLogo',
        input: ({ event }) => ({ dataUrl: event.type === 'changeLogo' ? event.dataUrl : null }),
        onDone: {
          target: 'editing',
          actions: [{ type: 'keepLogo', params: ({ event }) => ({ settings: event.output }) }, 'refreshSession'],
        },
        onError: { target: 'editing', actions: { type: 'failLogo', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'saveSettings',
        input: ({ context }) => ({ version: context.settings!.version, fields: context.draft! }),
        onDone: [
          {
            guard: { type: 'stale', params: ({ event }) => ({ result: event.output }) },
            target: 'stale',
            actions: { type: 'keepStale', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'saved',
            actions: [{ type: 'keepSaved', params: ({ event }) => ({ result: event.output }) }, 'refreshSession'],
          },
        ],
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
            actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    stale: {
      on: {
        takeFresh: { target: 'editing', actions: 'takeFresh' },
        keepMine: { target: 'editing', actions: 'keepMine' },
      },
    },
    failed: { on: { retry: 'saving', back: { target: 'editing', actions: 'forgetFailure' } } },
    saved: {
      on: {
        edit: { target: 'editing', actions: { type: 'edit', params: ({ event }) => ({ patch: event.patch }) } },
        changeLogo: { target: 'changingLogo' },
      },
    },
  },
});
