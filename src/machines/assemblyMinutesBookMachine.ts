// The book of minutes (issue 32): its entries read (a reader the minutes' audience does not allow gets the server's
// 403 as the failure), each entry's integrity checked on demand (the server recomputes the stored files' hashes:
// "íntegra" or altered, kept per entry), and for who manages assemblies an addendum added to an entry (the entry comes
// back with it; the entry itself never changes). One call at a time; a failure keeps the book shown.
import { assign, fromPromise, setup } from 'xstate';
import type { MinutesAddendumRequest, MinutesBookAnswer, MinutesCheck, MinutesEntry } from '../api/assemblyMinutes';
import { addAddendum, checkMinutes, fetchMinutesBook } from '../services/assemblyMinutesService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface MinutesBookContext {
  book: MinutesBookAnswer | null;
  /** The last check of each entry, by its id. */
  checks: Record<number, MinutesCheck>;
  /** The entry being checked or corrected, and the correction. */
  minutesId: number | null;
  addendum: MinutesAddendumRequest | null;
  failure: CallFailure | null;
  /** The last addendum was added. */
  added: boolean;
}

export type MinutesBookEvent =
  | { type: 'check'; minutesId: number }
  | { type: 'addendum'; minutesId: number; request: MinutesAddendumRequest }
  | { type: 'retry' };

export const assemblyMinutesBookMachine = setup({
  types: {
    context: {} as MinutesBookContext,
    events: {} as MinutesBookEvent,
  },
  actors: {
    load: fromPromise<MinutesBookAnswer>(({ signal }) => fetchMinutesBook(signal)),
    check: fromPromise<MinutesCheck, number>(({ input, signal }) => checkMinutes(input, signal)),
    add: fromPromise<MinutesEntry, { minutesId: number; request: MinutesAddendumRequest }>(({ input, signal }) =>
      addAddendum(input.minutesId, input.request, signal),
    ),
  },
  guards: {
    known: ({ context, event }) =>
      (event.type === 'check' || event.type === 'addendum') && !!context.book?.items.some((e) => e.id === event.minutesId),
    mayAdd: ({ context, event }) =>
      event.type === 'addendum' &&
      !!context.book?.manages &&
      event.request.text.trim() !== '' &&
      context.book.items.some((e) => e.id === event.minutesId),
  },
  actions: {
    show: assign((_, book: MinutesBookAnswer) => ({ book, failure: null })),
    take: assign(({ event }) => ({
      minutesId: event.type === 'check' || event.type === 'addendum' ? event.minutesId : null,
      addendum: event.type === 'addendum' ? event.request : null,
      failure: null,
      added: false,
    })),
    keepCheck: assign(({ context }, check: MinutesCheck) => ({
      checks: { ...context.checks, [context.minutesId!]: check },
    })),
    keepEntry: assign(({ context }, entry: MinutesEntry) => ({
      book: context.book ? { ...context.book, items: context.book.items.map((e) => (e.id === entry.id ? entry : e)) } : null,
      // The entry changed: its last check no longer speaks for its addenda.
      checks: Object.fromEntries(Object.entries(context.checks).filter(([id]) => Number(id) !== entry.id)),
      addendum: null,
      added: true,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'assemblyMinutesBook',
  context: { book: null, checks: {}, minutesId: null, addendum: null, failure: null, added: false },
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
        check: { guard: 'known', target: 'checking', actions: 'take' },
        addendum: { guard: 'mayAdd', target: 'adding', actions: 'take' },
      },
    },
    checking: {
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => context.minutesId!,
        onDone: { target: 'ready', actions: { type: 'keepCheck', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    adding: {
      invoke: {
        id: 'add',
        src: 'add',
        input: ({ context }) => ({ minutesId: context.minutesId!, request: context.addendum! }),
        onDone: { target: 'ready', actions: { type: 'keepEntry', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
