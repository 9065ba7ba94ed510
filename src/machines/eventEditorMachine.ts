// One published event of the calendar (?evento=ID) and, for administrators, its editor: read it (title, kind,
// dates, place, description, cancelled with the reason, the guest registration link and who registered), edit
// it, cancel it with a reason; and a new event (?evento=nuevo). A change carries the version read: when someone
// else changed or cancelled it first the server answers 409 with the event as it is now, which is shown with
// the server's words. A new event emits `created` with its id (the view opens its page); leaving a new event
// unsaved ends in `closed`.
import { assign, emit, fromPromise, setup } from 'xstate';
import type { CalendarEvent, CalendarHomeAnswer } from '../api/calendar';
import {
  cancelCalendarEvent,
  createCalendarEvent,
  type EventChangeResult,
  fetchCalendarEvent,
  fetchCalendarHome,
  updateCalendarEvent,
} from '../services/calendarService';
import { blankForm, draftOf, type EventForm, formOf, formValid } from './eventDraft';
import { type CallFailure, callFailure, isAccessRefusal } from './shared/callFailure';

export interface EventEditorContext {
  /** null: a new event. */
  eventId: number | null;
  home: CalendarHomeAnswer | null;
  evento: CalendarEvent | null;
  form: EventForm | null;
  /** Sending was tried: the form's problems are shown. */
  attempted: boolean;
  /** The cancellation's reason as typed. */
  reason: string;
  /** The last call failed: why. */
  failure: CallFailure | null;
  /** Someone else changed the event first: the server's words (the event shown is the fresh one). */
  conflict: string | null;
  /** What the last change did, said once on the event's page. */
  notice: 'saved' | 'cancelled' | null;
}

export type EventEditorEvent =
  | { type: 'retry' }
  | { type: 'edit' }
  | { type: 'change'; form: Partial<EventForm> }
  | { type: 'save' }
  | { type: 'discard' }
  | { type: 'startCancel' }
  | { type: 'setReason'; reason: string }
  | { type: 'confirmCancel' }
  | { type: 'back' };

export type EventEditorEmitted = { type: 'created'; eventId: number };

export interface SaveInput {
  evento: CalendarEvent | null;
  form: EventForm;
}

export const editable = (evento: CalendarEvent | null) => evento?.puedeEditar === true && !evento.cancelado;

export const eventEditorMachine = setup({
  types: {
    tags: {} as 'busy',
    input: {} as { eventId: number | null },
    context: {} as EventEditorContext,
    events: {} as EventEditorEvent,
    emitted: {} as EventEditorEmitted,
  },
  actors: {
    fetchCalendarHome: fromPromise<CalendarHomeAnswer>(({ signal }) => fetchCalendarHome(signal)),
    fetchCalendarEvent: fromPromise<CalendarEvent, number>(({ input, signal }) => fetchCalendarEvent(input, signal)),
    saveEvent: fromPromise<EventChangeResult, SaveInput>(({ input, signal }) =>
      input.evento === null
        ? createCalendarEvent(draftOf(input.form), signal)
        : updateCalendarEvent({ eventId: input.evento.EventId, version: input.evento.version, ...draftOf(input.form) }, signal),
    ),
    cancelEvent: fromPromise<EventChangeResult, { evento: CalendarEvent; motivo: string }>(({ input, signal }) =>
      cancelCalendarEvent({ eventId: input.evento.EventId, version: input.evento.version, motivo: input.motivo }, signal),
    ),
  },
  guards: {
    isNew: ({ context }) => context.eventId === null,
    refused: (_, { error }: { error: unknown }) => isAccessRefusal(error),
    cannotPublish: (_, { home }: { home: CalendarHomeAnswer }) => !home.puedePublicar || home.secciones.length === 0,
    editable: ({ context }) => editable(context.evento),
    formValid: ({ context }) => context.form !== null && formValid(context.form),
    reasonGiven: ({ context }) => context.reason.trim().length > 0,
    hasEvent: ({ context }) => context.evento !== null,
    conflict: (_, { result }: { result: EventChangeResult }) => result.kind === 'conflict',
    created: ({ context }) => context.evento === null,
  },
  actions: {
    keepHome: assign((_, { home }: { home: CalendarHomeAnswer }) => ({
      home,
      form: blankForm(home.secciones[0]?.SectId ?? 0, home.ahoraLocal),
      failure: null,
    })),
    keepEvent: assign((_, { evento }: { evento: CalendarEvent }) => ({ evento, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    startEditing: assign(({ context }) => ({
      form: formOf(context.evento!),
      attempted: false,
      failure: null,
      conflict: null,
      notice: null,
    })),
    change: assign(({ context }, { form }: { form: Partial<EventForm> }) => ({ form: { ...context.form!, ...form } })),
    attempt: assign({ attempted: true }),
    startCancelling: assign({ reason: '', attempted: false, failure: null, conflict: null, notice: null }),
    setReason: assign((_, { reason }: { reason: string }) => ({ reason })),
    afterChange: assign((_, { result, notice }: { result: EventChangeResult; notice: 'saved' | 'cancelled' }) =>
      result.kind === 'conflict'
        ? { evento: result.evento, conflict: result.message, notice: null, failure: null, attempted: false }
        : { evento: result.evento, conflict: null, notice, failure: null, attempted: false },
    ),
    announceCreated: emit((_, { result }: { result: EventChangeResult }) => ({
      type: 'created' as const,
      eventId: result.evento.EventId,
    })),
  },
}).createMachine({
  id: 'eventEditor',
  context: ({ input }) => ({
    eventId: input.eventId,
    home: null,
    evento: null,
    form: null,
    attempted: false,
    reason: '',
    failure: null,
    conflict: null,
    notice: null,
  }),
  initial: 'start',
  states: {
    start: { tags: ['busy'], always: [{ guard: 'isNew', target: 'loadingHome' }, { target: 'loadingEvent' }] },
    loadingHome: {
      tags: ['busy'],
      invoke: {
        id: 'home',
        src: 'fetchCalendarHome',
        onDone: [
          { guard: { type: 'cannotPublish', params: ({ event }) => ({ home: event.output }) }, target: 'forbidden' },
          { target: 'editing', actions: { type: 'keepHome', params: ({ event }) => ({ home: event.output }) } },
        ],
        onError: [
          { guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) }, target: 'forbidden' },
          { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loadingEvent: {
      tags: ['busy'],
      invoke: {
        id: 'event',
        src: 'fetchCalendarEvent',
        input: ({ context }) => context.eventId!,
        onDone: { target: 'viewing', actions: { type: 'keepEvent', params: ({ event }) => ({ evento: event.output }) } },
        onError: [
          // Not there, or in a section the caller does not read.
          { guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loadFailed: { on: { retry: 'start' } },
    forbidden: {},
    notFound: {},
    viewing: {
      on: {
        edit: { guard: 'editable', target: 'editing', actions: 'startEditing' },
        startCancel: { guard: 'editable', target: 'cancelling', actions: 'startCancelling' },
      },
    },
    editing: {
      on: {
        change: { actions: { type: 'change', params: ({ event }) => ({ form: event.form }) } },
        save: [{ guard: 'formValid', target: 'saving' }, { actions: 'attempt' }],
        discard: [{ guard: 'hasEvent', target: 'viewing' }, { target: 'closed' }],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'saveEvent',
        input: ({ context }) => ({ evento: context.evento, form: context.form! }),
        onDone: [
          {
            guard: { type: 'conflict', params: ({ event }) => ({ result: event.output }) },
            target: 'viewing',
            actions: { type: 'afterChange', params: ({ event }) => ({ result: event.output, notice: 'saved' as const }) },
          },
          {
            guard: 'created',
            target: 'viewing',
            actions: [
              { type: 'announceCreated', params: ({ event }) => ({ result: event.output }) },
              { type: 'afterChange', params: ({ event }) => ({ result: event.output, notice: 'saved' as const }) },
            ],
          },
          {
            target: 'viewing',
            actions: { type: 'afterChange', params: ({ event }) => ({ result: event.output, notice: 'saved' as const }) },
          },
        ],
        onError: { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    cancelling: {
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            back: '#eventEditor.viewing',
            setReason: { actions: { type: 'setReason', params: ({ event }) => ({ reason: event.reason }) } },
            confirmCancel: [{ guard: 'reasonGiven', target: 'sending' }, { actions: 'attempt' }],
          },
        },
        sending: {
          invoke: {
            id: 'cancel',
            src: 'cancelEvent',
            input: ({ context }) => ({ evento: context.evento!, motivo: context.reason.trim() }),
            onDone: {
              target: '#eventEditor.viewing',
              actions: {
                type: 'afterChange',
                params: ({ event }) => ({ result: event.output, notice: 'cancelled' as const }),
              },
            },
            onError: { target: 'confirming', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    closed: { type: 'final' },
  },
});
