// The request screen's read-only questions: the SA section itself (its categories, the member's dwellings,
// who files and who manages), the overview (administrators in full, the board as counts) and the employees
// requests may be assigned to (the administrators' assignee filter). Ask, show the
// answer or the failure with a retry; a section that is not the member's (or does not exist) is refused.
// Asking again keeps the last answer on screen while the new one loads.
import { assign, fromPromise, setup } from 'xstate';
import type { TicketOverviewAnswer, TicketSectionAnswer } from '../api/tickets';
import { fetchAssignees, fetchTicketOverview, fetchTicketSection, type TicketAssignee } from '../services/ticketsService';
import { type CallFailure, callFailure, isAccessRefusal } from './shared/callFailure';

export type TicketQuery =
  | { kind: 'section'; sectionId: number }
  | { kind: 'overview'; sectionId: number }
  | { kind: 'assignees' };

export type TicketQueryAnswer =
  | { kind: 'section'; data: TicketSectionAnswer }
  | { kind: 'overview'; data: TicketOverviewAnswer }
  | { kind: 'assignees'; data: TicketAssignee[] };

/** The service that answers each kind of question. */
export async function askTickets(query: TicketQuery, signal?: AbortSignal): Promise<TicketQueryAnswer> {
  switch (query.kind) {
    case 'section':
      return { kind: 'section', data: await fetchTicketSection(query.sectionId, signal) };
    case 'overview':
      return { kind: 'overview', data: await fetchTicketOverview(query.sectionId, signal) };
    case 'assignees':
      return { kind: 'assignees', data: (await fetchAssignees(signal)).items };
  }
}

export interface TicketQueryContext {
  query: TicketQuery;
  answer: TicketQueryAnswer | null;
  /** The last failure: why. */
  failure: CallFailure | null;
}

export type TicketQueryEvent = { type: 'retry' } | { type: 'reload' };

export const ticketQueryMachine = setup({
  types: {
    tags: {} as 'failed',
    input: {} as { query: TicketQuery },
    context: {} as TicketQueryContext,
    events: {} as TicketQueryEvent,
  },
  actors: {
    askTickets: fromPromise<TicketQueryAnswer, TicketQuery>(({ input, signal }) => askTickets(input, signal)),
  },
  guards: {
    refused: (_, { error }: { error: unknown }) => isAccessRefusal(error),
  },
  actions: {
    keepAnswer: assign((_, { answer }: { answer: TicketQueryAnswer }) => ({ answer, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'ticketQuery',
  context: ({ input }) => ({ query: input.query, answer: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'ask',
        src: 'askTickets',
        input: ({ context }) => context.query,
        onDone: { target: 'shown', actions: { type: 'keepAnswer', params: ({ event }) => ({ answer: event.output }) } },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    shown: { on: { reload: 'loading' } },
    failed: { tags: ['failed'], on: { retry: 'loading' } },
    refused: { tags: ['failed'] },
  },
});
