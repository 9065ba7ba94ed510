// mi-perfil's "Notificaciones en este dispositivo" (issue 30): Web Push on this browser, and which kinds of
// notification reach the person's devices. loading → ready, where two things go side by side:
// - device: unsupported (no Push API: an iPhone outside the installed app) | blocked (the person denied it; check
//   again after changing the browser's setting) | off ⇄ on, through turningOn (the browser asks, subscribes, the
//   server is told) and turningOff; a failure offers Reintentar, which looks at the device again.
// - kinds: a switch per kind, saved at once (the switch moves first, and goes back if saving fails).
import { assign, fromPromise, setup } from 'xstate';
import type { PushKindRequest, PushKindSetting } from '../api/push';
import { savePushKind } from '../services/pushService';
import { loadPush, type PushOverview, type TurnOnOutcome, turnPushOff, turnPushOn } from '../services/webPushDevice';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface PushSettingsContext {
  publicKey: string;
  kinds: PushKindSetting[];
  /** The person closed the browser's question without answering (turning on again asks again). */
  dismissed: boolean;
  failure: CallFailure | null;
  /** The kind being saved, and the failure of the last save. */
  saving: PushKindRequest | null;
  kindFailure: CallFailure | null;
}

export type PushSettingsEvent =
  | { type: 'turnOn' }
  | { type: 'turnOff' }
  | { type: 'retry' }
  | { type: 'checkAgain' }
  | { type: 'setKind'; kind: PushKindRequest['kind']; enabled: boolean };

const withKind = (kinds: PushKindSetting[], change: PushKindRequest) =>
  kinds.map((setting) => (setting.kind === change.kind ? { ...setting, enabled: change.enabled } : setting));

export const pushSettingsMachine = setup({
  types: { context: {} as PushSettingsContext, events: {} as PushSettingsEvent },
  actors: {
    loadPush: fromPromise<PushOverview>(({ signal }) => loadPush(signal)),
    turnOn: fromPromise<TurnOnOutcome, { publicKey: string }>(({ input, signal }) => turnPushOn(input.publicKey, signal)),
    turnOff: fromPromise<void>(({ signal }) => turnPushOff(signal)),
    saveKind: fromPromise<void, PushKindRequest>(({ input, signal }) => savePushKind(input, signal)),
  },
  guards: {
    deviceIs: (_, params: { device: PushOverview['device']; overview: PushOverview }) => params.overview.device === params.device,
    outcomeIs: (_, params: { outcome: TurnOnOutcome; actual: TurnOnOutcome }) => params.actual === params.outcome,
  },
  actions: {
    keep: assign((_, { overview }: { overview: PushOverview }) => ({
      publicKey: overview.publicKey,
      kinds: overview.kinds,
      failure: null,
      dismissed: false,
      // A save cut short by looking at the device again: the server's answer is what the switches show.
      saving: null,
      kindFailure: null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forgetFailure: assign({ failure: null, dismissed: false }),
    noteDismissed: assign({ dismissed: true }),
    startSaving: assign(({ context }, change: PushKindRequest) => ({
      saving: change,
      kinds: withKind(context.kinds, change),
      kindFailure: null,
    })),
    saved: assign({ saving: null }),
    undoSaving: assign(({ context }, { error }: { error: unknown }) => ({
      kinds: context.saving ? withKind(context.kinds, { ...context.saving, enabled: !context.saving.enabled }) : context.kinds,
      saving: null,
      kindFailure: callFailure(error),
    })),
  },
}).createMachine({
  id: 'pushSettings',
  context: { publicKey: '', kinds: [], dismissed: false, failure: null, saving: null, kindFailure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadPush',
        onDone: [
          {
            guard: { type: 'deviceIs', params: ({ event }) => ({ device: 'unsupported', overview: event.output }) },
            target: 'ready.device.unsupported',
            actions: { type: 'keep', params: ({ event }) => ({ overview: event.output }) },
          },
          {
            guard: { type: 'deviceIs', params: ({ event }) => ({ device: 'blocked', overview: event.output }) },
            target: 'ready.device.blocked',
            actions: { type: 'keep', params: ({ event }) => ({ overview: event.output }) },
          },
          {
            guard: { type: 'deviceIs', params: ({ event }) => ({ device: 'on', overview: event.output }) },
            target: 'ready.device.on',
            actions: { type: 'keep', params: ({ event }) => ({ overview: event.output }) },
          },
          { target: 'ready.device.off', actions: { type: 'keep', params: ({ event }) => ({ overview: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        device: {
          initial: 'off',
          states: {
            unsupported: {},
            blocked: { on: { checkAgain: '#pushSettings.loading' } },
            off: { on: { turnOn: 'turningOn' } },
            turningOn: {
              entry: 'forgetFailure',
              invoke: {
                id: 'turnOn',
                src: 'turnOn',
                input: ({ context }) => ({ publicKey: context.publicKey }),
                onDone: [
                  {
                    guard: { type: 'outcomeIs', params: ({ event }) => ({ outcome: 'on', actual: event.output }) },
                    target: 'on',
                  },
                  {
                    guard: { type: 'outcomeIs', params: ({ event }) => ({ outcome: 'blocked', actual: event.output }) },
                    target: 'blocked',
                  },
                  { target: 'off', actions: 'noteDismissed' },
                ],
                onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            on: { on: { turnOff: 'turningOff' } },
            turningOff: {
              entry: 'forgetFailure',
              invoke: {
                id: 'turnOff',
                src: 'turnOff',
                onDone: 'off',
                onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            // What the device is now is not known: Reintentar looks again.
            failed: { on: { retry: '#pushSettings.loading' } },
          },
        },
        kinds: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                setKind: {
                  target: 'saving',
                  actions: { type: 'startSaving', params: ({ event }) => ({ kind: event.kind, enabled: event.enabled }) },
                },
              },
            },
            saving: {
              invoke: {
                id: 'saveKind',
                src: 'saveKind',
                input: ({ context }) => context.saving!,
                onDone: { target: 'idle', actions: 'saved' },
                onError: { target: 'idle', actions: { type: 'undoSaving', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
});
