// catalago-clientes (issue 17): the receivers the condominium invoices, paged, with an accent-insensitive search
// the server does (the view sends it after typing stops). A dialog adds or edits one (RFC, name, régimen, CP,
// UsoCFDI, e-mail, linked dwellings); "Público en general" opens it filled with XAXX010101000's fixed data. A
// refusal (an RFC taken, a régimen the RFC cannot hold) stays in the dialog with the server's words.
import { assign, fromPromise, setup } from 'xstate';
import { CLIENTS_PAGE_SIZE, type Client, type ClientDraft, type ClientList } from '../api/invoicing';
import { fetchClients, saveClient } from '../services/invoicingService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface ClientsQuery {
  q: string;
  offset: number;
}

export interface InvoicingClientsContext {
  query: ClientsQuery;
  answer: ClientList | null;
  /** The client being edited; null for a new one. */
  editing: Client | null;
  /** The dialog opened as "Público en general" (filled with its fixed data). */
  publico: boolean;
  failure: CallFailure | null;
  saved: number;
}

export type InvoicingClientsEvent =
  | { type: 'retry' }
  | { type: 'search'; q: string }
  | { type: 'page'; offset: number }
  | { type: 'edit'; client: Client | null }
  | { type: 'addPublico' }
  | { type: 'save'; draft: ClientDraft }
  | { type: 'close' };

export const invoicingClientsMachine = setup({
  types: { context: {} as InvoicingClientsContext, events: {} as InvoicingClientsEvent },
  actors: {
    loadClients: fromPromise<ClientList, ClientsQuery>(({ input, signal }) =>
      fetchClients({ q: input.q || undefined, limit: CLIENTS_PAGE_SIZE, offset: input.offset }, signal),
    ),
    saveClient: fromPromise<Client, { draft: ClientDraft }>(
      async ({ input, signal }) => (await saveClient(input.draft, signal)).client,
    ),
  },
  actions: {
    keepAnswer: assign((_, { answer }: { answer: ClientList }) => ({ answer, failure: null })),
    search: assign((_, { q }: { q: string }) => ({ query: { q, offset: 0 } })),
    page: assign(({ context }, { offset }: { offset: number }) => ({ query: { ...context.query, offset } })),
    startEditing: assign((_, { client, publico }: { client: Client | null; publico: boolean }) => ({
      editing: client,
      publico,
      failure: null,
    })),
    countSaved: assign(({ context }) => ({ saved: context.saved + 1, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'invoicingClients',
  context: { query: { q: '', offset: 0 }, answer: null, editing: null, publico: false, failure: null, saved: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadClients',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: { type: 'keepAnswer', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: 'clearFailure' } } },
    ready: {
      on: {
        search: { target: 'loading', actions: { type: 'search', params: ({ event }) => ({ q: event.q }) } },
        page: { target: 'loading', actions: { type: 'page', params: ({ event }) => ({ offset: event.offset }) } },
        edit: {
          target: 'editing',
          actions: { type: 'startEditing', params: ({ event }) => ({ client: event.client, publico: false }) },
        },
        addPublico: { target: 'editing', actions: { type: 'startEditing', params: () => ({ client: null, publico: true }) } },
      },
    },
    editing: { on: { save: 'saving', close: { target: 'ready', actions: 'clearFailure' } } },
    saving: {
      invoke: {
        id: 'save',
        src: 'saveClient',
        input: ({ event }) => ({ draft: (event as Extract<InvoicingClientsEvent, { type: 'save' }>).draft }),
        onDone: { target: 'loading', actions: 'countSaved' },
        onError: { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
