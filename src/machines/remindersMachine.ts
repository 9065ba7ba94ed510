// Recordatorios de pago (issue 27): the condominium's days and who was reminded, on one screen. The days and the
// first page load together; saving the days, sending today's now, and another page are one call at a time; a
// failed call leaves everything as it was, with why. Reminders on with no moment chosen are not sent (the
// contract's remindsNothing, here as a guard); after sending, the list goes back to its first page.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { NO_REMINDERS, type ReminderSettings, remindsNothing, type SentReminder } from '../api/reminders';
import { listSentReminders, loadReminderSettings, saveReminderSettings, sendRemindersNow } from '../services/remindersService';
import { type CallFailure, callFailure } from './shared/callFailure';

export const REMINDERS_PAGE_SIZE = 20;

type Page = { items: SentReminder[]; total: number };

/** What the last call that went through did, for the screen to say so. */
export type RemindersNotice = { kind: 'saved' } | { kind: 'sent'; sent: number } | null;

export interface RemindersContext {
  settings: ReminderSettings;
  items: SentReminder[];
  total: number;
  /** The page shown, 1-based (it changes when the page asked for arrives). */
  page: number;
  notice: RemindersNotice;
  failure: CallFailure | null;
}

export type RemindersEvent =
  | { type: 'save'; settings: ReminderSettings }
  | { type: 'send' }
  | { type: 'page'; page: number }
  | { type: 'retry' };

const failed = {
  target: 'ready',
  actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
} as const;

const pageOf = (page: number, signal: AbortSignal) =>
  listSentReminders({ limit: REMINDERS_PAGE_SIZE, offset: (page - 1) * REMINDERS_PAGE_SIZE }, signal);

export const remindersMachine = setup({
  types: {
    context: {} as RemindersContext,
    events: {} as RemindersEvent,
  },
  actors: {
    loadAll: fromPromise<{ settings: ReminderSettings } & Page>(async ({ signal }) => {
      const [settings, page] = await Promise.all([loadReminderSettings(signal), pageOf(1, signal)]);
      return { settings, ...page };
    }),
    saveSettings: fromPromise<ReminderSettings, ReminderSettings>(({ input, signal }) => saveReminderSettings(input, signal)),
    sendNow: fromPromise<number>(({ signal }) => sendRemindersNow(signal)),
    listPage: fromPromise<Page & { page: number }, number>(async ({ input, signal }) => ({
      ...(await pageOf(input, signal)),
      page: input,
    })),
  },
  guards: {
    remindsSomething: ({ event }) => event.type === 'save' && !remindsNothing(event.settings),
    enabled: ({ context }) => context.settings.enabled,
    otherPage: ({ context, event }) =>
      event.type === 'page' &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= Math.max(1, Math.ceil(context.total / REMINDERS_PAGE_SIZE)),
  },
  actions: {
    keepAll: assign((_, loaded: { settings: ReminderSettings } & Page) => ({ ...loaded, page: 1, failure: null })),
    keepSettings: assign((_, settings: ReminderSettings) => ({ settings, notice: { kind: 'saved' } as const })),
    keepSent: assign((_, sent: number) => ({ notice: { kind: 'sent', sent } as const })),
    keepPage: assign((_, page: Page & { page: number }) => ({ items: page.items, total: page.total, page: page.page })),
    startCall: assign({ failure: null, notice: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'reminders',
  context: { settings: NO_REMINDERS, items: [], total: 0, page: 1, notice: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAll',
        src: 'loadAll',
        onDone: { target: 'ready', actions: { type: 'keepAll', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      on: {
        save: { guard: 'remindsSomething', target: 'saving', actions: 'startCall' },
        send: { guard: 'enabled', target: 'sending', actions: 'startCall' },
        page: { guard: 'otherPage', target: 'paging', actions: 'startCall' },
      },
    },
    saving: {
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ event }) => {
          assertEvent(event, 'save');
          return event.settings;
        },
        onDone: { target: 'ready', actions: { type: 'keepSettings', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
    sending: {
      invoke: {
        id: 'sendNow',
        src: 'sendNow',
        onDone: { target: 'paging', actions: { type: 'keepSent', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
    paging: {
      invoke: {
        id: 'listPage',
        src: 'listPage',
        // The page asked for, or the first after sending (the new reminders come first).
        input: ({ event }) => (event.type === 'page' ? event.page : 1),
        onDone: { target: 'ready', actions: { type: 'keepPage', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
  },
});
