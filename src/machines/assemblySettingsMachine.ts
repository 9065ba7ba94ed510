// The assemblies' settings (administrators, issue 32): whether the board may call assemblies, the state's rule set of
// quorum defaults, the legal text the call prints, the proxy limit per holder, the arrears bar, whether tenants vote
// and who reads the book of minutes. loading → ready (the draft edited) → saving → ready with "saved"; a refusal
// keeps what was typed with the server's words; a failed load is retried.
import { assign, fromPromise, setup } from 'xstate';
import { ARREARS_DAYS_MAX, type AssemblySettings, LEGAL_TEXT_MAX, PROXY_LIMIT_MAX } from '../api/assemblies';
import { fetchAssemblySettings, saveAssemblySettings } from '../services/assemblyMinutesService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface AssemblySettingsContext {
  settings: AssemblySettings | null;
  draft: AssemblySettings | null;
  failure: CallFailure | null;
  saved: boolean;
}

export type AssemblySettingsEvent = { type: 'edit'; patch: Partial<AssemblySettings> } | { type: 'save' } | { type: 'retry' };

const whole = (value: number, max: number) => Number.isInteger(value) && value >= 0 && value <= max;

/** What the contract would refuse of a draft: the numbers' ranges and the legal text's length. */
export const settingsValid = (draft: AssemblySettings) =>
  whole(draft.proxyLimit, PROXY_LIMIT_MAX) &&
  whole(draft.arrearsDays, ARREARS_DAYS_MAX) &&
  draft.legalText.length <= LEGAL_TEXT_MAX;

const changed = (a: AssemblySettings, b: AssemblySettings) =>
  (Object.keys(a) as (keyof AssemblySettings)[]).some((key) => a[key] !== b[key]);

export const assemblySettingsMachine = setup({
  types: {
    context: {} as AssemblySettingsContext,
    events: {} as AssemblySettingsEvent,
  },
  actors: {
    load: fromPromise<AssemblySettings>(({ signal }) => fetchAssemblySettings(signal)),
    save: fromPromise<AssemblySettings, AssemblySettings>(({ input, signal }) => saveAssemblySettings(input, signal)),
  },
  guards: {
    savable: ({ context }) =>
      !!context.draft && !!context.settings && settingsValid(context.draft) && changed(context.draft, context.settings),
  },
  actions: {
    show: assign((_, settings: AssemblySettings) => ({ settings, draft: settings, failure: null })),
    edit: assign(({ context, event }) =>
      event.type === 'edit' && context.draft ? { draft: { ...context.draft, ...event.patch }, saved: false } : {},
    ),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'assemblySettings',
  context: { settings: null, draft: null, failure: null, saved: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'show', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      on: {
        edit: { actions: 'edit' },
        save: { guard: 'savable', target: 'saving' },
      },
    },
    saving: {
      entry: assign({ failure: null, saved: false }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ ...context.draft!, legalText: context.draft!.legalText.trim() }),
        onDone: {
          target: 'ready',
          actions: [{ type: 'show', params: ({ event }) => event.output }, assign({ saved: true })],
        },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
