// A list of requests to the administrator, a page of TICKETS_PAGE_SIZE at a time: the member's own, the
// employee's assigned ones (no section: every SA section), or all of them for administrators. Filters by
// state, category, assignee (administrators), age and overdue load at once; the search text waits
// TICKET_SEARCH_DEBOUNCE_MS after the last keystroke. Any new filter or search goes back to page 1; the last
// answer stays on screen while the next one loads.
import { assign, fromPromise, setup } from 'xstate';
import type { TicketState } from '../api/ticketLifecycle';
import { TICKET_SEARCH_DEBOUNCE_MS, TICKET_SEARCH_MAX, TICKETS_PAGE_SIZE, type TicketListAnswer } from '../api/tickets';
import { fetchTickets, type TicketAge, type TicketListParams } from '../services/ticketsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface TicketListInput {
  /** null: the employee's task list, across every SA section. */
  sectionId: number | null;
  /** Administrators may filter by assignee. */
  canFilterByAssignee: boolean;
}

export interface TicketFilters {
  estado: TicketState | null;
  categoria: number | null;
  /** An employee's user id, or 0 for the unassigned. */
  asignado: number | null;
  edad: TicketAge | null;
  vencidas: boolean;
}

export const NO_FILTERS: TicketFilters = { estado: null, categoria: null, asignado: null, edad: null, vencidas: false };

export interface TicketListContext extends TicketListInput {
  filters: TicketFilters;
  /** What the search box holds, and the search applied once it has been still for the debounce. */
  searchInput: string;
  search: string;
  /** 1-based. */
  page: number;
  answer: TicketListAnswer | null;
  /** The last load failed: why. */
  failure: CallFailure | null;
}

export type TicketListEvent =
  | { type: 'filter'; filters: Partial<TicketFilters> }
  | { type: 'clearFilters' }
  | { type: 'search'; text: string }
  | { type: 'goToPage'; page: number }
  | { type: 'retry' }
  | { type: 'reload' };

export const ticketPageCount = (total: number) => Math.max(1, Math.ceil(total / TICKETS_PAGE_SIZE));

/** What the list call asks for. */
export function ticketListParams(context: TicketListContext): TicketListParams {
  const { filters } = context;
  return {
    ...(context.sectionId !== null ? { sectionId: context.sectionId } : {}),
    ...(filters.estado ? { estado: filters.estado } : {}),
    ...(filters.categoria !== null ? { categoria: filters.categoria } : {}),
    ...(context.canFilterByAssignee && filters.asignado !== null ? { asignado: filters.asignado } : {}),
    ...(filters.edad ? { edad: filters.edad } : {}),
    ...(filters.vencidas ? { vencidas: true } : {}),
    ...(context.search ? { search: context.search } : {}),
    limit: TICKETS_PAGE_SIZE,
    offset: (context.page - 1) * TICKETS_PAGE_SIZE,
  };
}

/** Some filter or search narrows the list (an empty answer then says "nothing matches", not "none yet"). */
export const isFiltered = (context: Pick<TicketListContext, 'filters' | 'search'>) =>
  context.search !== '' || Object.entries(context.filters).some(([, value]) => value !== null && value !== false);

export const ticketListMachine = setup({
  types: {
    tags: {} as 'busy',
    input: {} as TicketListInput,
    context: {} as TicketListContext,
    events: {} as TicketListEvent,
  },
  actors: {
    fetchTickets: fromPromise<TicketListAnswer, TicketListParams>(({ input, signal }) => fetchTickets(input, signal)),
  },
  delays: {
    searchDebounce: TICKET_SEARCH_DEBOUNCE_MS,
  },
  guards: {
    nothingFound: (_, { answer }: { answer: TicketListAnswer }) => answer.items.length === 0 && answer.total === 0,
    otherPage: ({ context }, { page }: { page: number }) =>
      Number.isInteger(page) && page !== context.page && page >= 1 && page <= ticketPageCount(context.answer?.total ?? 0),
    assigneeAllowed: ({ context }, { filters }: { filters: Partial<TicketFilters> }) =>
      context.canFilterByAssignee || filters.asignado === undefined || filters.asignado === null,
  },
  actions: {
    show: assign((_, { answer }: { answer: TicketListAnswer }) => ({ answer, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    // A filter chosen while typing takes the typed search along: both go at once.
    setFilters: assign(({ context }, { filters }: { filters: Partial<TicketFilters> }) => ({
      filters: { ...context.filters, ...filters },
      search: context.searchInput.trim(),
      page: 1,
    })),
    clearFilters: assign({ filters: NO_FILTERS, searchInput: '', search: '', page: 1 }),
    typeSearch: assign((_, { text }: { text: string }) => ({ searchInput: text.slice(0, TICKET_SEARCH_MAX) })),
    applySearch: assign(({ context }) => ({ search: context.searchInput.trim(), page: 1 })),
    setPage: assign((_, { page }: { page: number }) => ({ page })),
  },
}).createMachine({
  id: 'ticketList',
  context: ({ input }) => ({
    ...input,
    filters: NO_FILTERS,
    searchInput: '',
    search: '',
    page: 1,
    answer: null,
    failure: null,
  }),
  initial: 'loading',
  // Whatever the list is doing, a new filter or search starts over (a load under way is dropped).
  on: {
    filter: {
      guard: { type: 'assigneeAllowed', params: ({ event }) => ({ filters: event.filters }) },
      target: '.loading',
      actions: { type: 'setFilters', params: ({ event }) => ({ filters: event.filters }) },
    },
    clearFilters: { target: '.loading', actions: 'clearFilters' },
    // Each keystroke starts the wait again.
    search: { target: '.debouncing', actions: { type: 'typeSearch', params: ({ event }) => ({ text: event.text }) } },
  },
  states: {
    debouncing: {
      tags: ['busy'],
      after: { searchDebounce: { target: 'loading', actions: 'applySearch' } },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'page',
        src: 'fetchTickets',
        input: ({ context }) => ticketListParams(context),
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
    empty: { on: { reload: 'loading' } },
    shown: {
      on: {
        goToPage: {
          guard: { type: 'otherPage', params: ({ event }) => ({ page: event.page }) },
          target: 'loading',
          actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) },
        },
        reload: 'loading',
      },
    },
  },
});
