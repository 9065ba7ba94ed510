// The events calendar screen (comunicacion/calendario-eventos without ?evento=): first what the caller may do
// there (the EV sections they read, the condominium's zone and today, whether they publish, their feed), then
// the items of the days the view shows — a month's six-week grid, a week, or the agenda's 31 days from its first
// day — filtered by kind. Previous, next and today move the anchor day; another view or filter reads again,
// keeping the last items on screen meanwhile. Opening an item emits `navigate` with its path (the view follows
// it); others' reservations ("Ocupado") do not open. Pure: the view passes the first view (agenda on phones).
import { assign, emit, fromPromise, setup } from 'xstate';
import {
  CALENDAR_KINDS,
  type CalendarHomeAnswer,
  type CalendarItem,
  type CalendarItemsAnswer,
  type CalendarKind,
  type CalendarQuery,
} from '../api/calendar';
import { fetchCalendarHome, fetchCalendarItems } from '../services/calendarService';
import { type CalendarView, calendarQuery, dayOf, opensItem, step } from './calendarRange';
import { type CallFailure, callFailure, isAccessRefusal } from './shared/callFailure';

export interface CalendarContext {
  home: CalendarHomeAnswer | null;
  view: CalendarView;
  /** The day the view is built around ('YYYY-MM-DD'); today (the condominium's) once home has arrived. */
  anchor: string;
  kinds: CalendarKind[];
  items: CalendarItem[] | null;
  /** The last load failed: why. */
  failure: CallFailure | null;
}

export type CalendarScreenEvent =
  | { type: 'setView'; view: CalendarView }
  | { type: 'previous' }
  | { type: 'next' }
  | { type: 'today' }
  | { type: 'toggleKind'; kind: CalendarKind }
  | { type: 'open'; item: CalendarItem }
  | { type: 'retry' }
  | { type: 'refresh' };

export type CalendarEmitted = { type: 'navigate'; to: string };

/** The condominium's today, from home's local now. */
export const todayOf = (home: CalendarHomeAnswer) => dayOf(home.ahoraLocal);

export const calendarMachine = setup({
  types: {
    input: {} as { view?: CalendarView },
    context: {} as CalendarContext,
    events: {} as CalendarScreenEvent,
    emitted: {} as CalendarEmitted,
  },
  actors: {
    fetchCalendarHome: fromPromise<CalendarHomeAnswer>(({ signal }) => fetchCalendarHome(signal)),
    fetchCalendarItems: fromPromise<CalendarItemsAnswer, CalendarQuery>(({ input, signal }) => fetchCalendarItems(input, signal)),
  },
  guards: {
    refused: (_, { error }: { error: unknown }) => isAccessRefusal(error),
    noSection: (_, { home }: { home: CalendarHomeAnswer }) => home.secciones.length === 0,
    nothingFound: (_, { answer }: { answer: CalendarItemsAnswer }) => answer.items.length === 0,
    otherView: ({ context }, { view }: { view: CalendarView }) => view !== context.view,
    awayFromToday: ({ context }) => context.home !== null && context.anchor !== todayOf(context.home),
    /** The filter keeps at least one kind: an empty calendar by choice helps nobody. */
    keepsOneKind: ({ context }, { kind }: { kind: CalendarKind }) => !(context.kinds.length === 1 && context.kinds[0] === kind),
    opens: (_, { item }: { item: CalendarItem }) => opensItem(item),
  },
  actions: {
    keepHome: assign((_, { home }: { home: CalendarHomeAnswer }) => ({ home, anchor: todayOf(home), failure: null })),
    show: assign((_, { answer }: { answer: CalendarItemsAnswer }) => ({ items: answer.items, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    setView: assign((_, { view }: { view: CalendarView }) => ({ view })),
    stepBack: assign(({ context }) => ({ anchor: step(context.view, context.anchor, -1) })),
    stepForward: assign(({ context }) => ({ anchor: step(context.view, context.anchor, 1) })),
    goToday: assign(({ context }) => ({ anchor: context.home ? todayOf(context.home) : context.anchor })),
    toggleKind: assign(({ context }, { kind }: { kind: CalendarKind }) => ({
      kinds: context.kinds.includes(kind)
        ? context.kinds.filter((k) => k !== kind)
        : CALENDAR_KINDS.filter((k) => k === kind || context.kinds.includes(k)),
    })),
    navigate: emit((_, { item }: { item: CalendarItem }) => ({ type: 'navigate' as const, to: item.ruta! })),
  },
}).createMachine({
  id: 'calendar',
  context: ({ input }) => ({
    home: null,
    view: input.view ?? 'month',
    anchor: '',
    kinds: [...CALENDAR_KINDS],
    items: null,
    failure: null,
  }),
  initial: 'loadingHome',
  states: {
    loadingHome: {
      invoke: {
        id: 'home',
        src: 'fetchCalendarHome',
        onDone: [
          {
            guard: { type: 'noSection', params: ({ event }) => ({ home: event.output }) },
            target: 'forbidden',
            actions: { type: 'keepHome', params: ({ event }) => ({ home: event.output }) },
          },
          { target: 'calendar', actions: { type: 'keepHome', params: ({ event }) => ({ home: event.output }) } },
        ],
        onError: [
          // Employees, or someone who reads no EV section.
          { guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) }, target: 'forbidden' },
          { target: 'homeFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    homeFailed: { on: { retry: 'loadingHome' } },
    forbidden: {},
    calendar: {
      initial: 'loading',
      // Whatever the items are doing, another range or filter reads them again (a load under way is dropped).
      on: {
        setView: {
          guard: { type: 'otherView', params: ({ event }) => ({ view: event.view }) },
          target: '.loading',
          actions: { type: 'setView', params: ({ event }) => ({ view: event.view }) },
        },
        previous: { target: '.loading', actions: 'stepBack' },
        next: { target: '.loading', actions: 'stepForward' },
        today: { guard: 'awayFromToday', target: '.loading', actions: 'goToday' },
        toggleKind: {
          guard: { type: 'keepsOneKind', params: ({ event }) => ({ kind: event.kind }) },
          target: '.loading',
          actions: { type: 'toggleKind', params: ({ event }) => ({ kind: event.kind }) },
        },
        refresh: '.loading',
        open: {
          guard: { type: 'opens', params: ({ event }) => ({ item: event.item }) },
          actions: { type: 'navigate', params: ({ event }) => ({ item: event.item }) },
        },
      },
      states: {
        loading: {
          invoke: {
            id: 'items',
            src: 'fetchCalendarItems',
            input: ({ context }) => calendarQuery(context.view, context.anchor, context.kinds),
            onDone: [
              {
                guard: { type: 'nothingFound', params: ({ event }) => ({ answer: event.output }) },
                target: 'empty',
                actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) },
              },
              { target: 'shown', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
            ],
            onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { on: { retry: 'loading' } },
        empty: {},
        shown: {},
      },
    },
  },
});
