// A list of requests as a test model: an administrator's section list (two pages unfiltered; by state one
// request, overdue none, by assignee one) and an employee's task list (every section, no assignee filter).
// One filter or one search (typed in two keystrokes) per path, cleared again; the pages; the load's failures
// and its retry; a reload after a new request. The words its scenarios are told in:
// docs/scenarios/ticketListMachine.md.
import type { EventObject } from 'xstate';
import { TICKETS_PAGE_SIZE, type TicketListAnswer, type TicketSummary } from '../../src/api/tickets';
import {
  isFiltered,
  type TicketListContext,
  type TicketListInput,
  ticketListMachine,
} from '../../src/machines/ticketListMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const ADMIN: TicketListInput = { sectionId: 2, canFilterByAssignee: true };
export const EMPLOYEE: TicketListInput = { sectionId: null, canFilterByAssignee: false };
/** The search box as typed, keystroke by keystroke (blanks around it are not sent). */
export const TYPED = [' fug', ' fuga '] as const;
export const EMPLOYEE_ID = 7;

export const summary = (TicketId: number, extra: Partial<TicketSummary> = {}): TicketSummary => ({
  TicketId,
  SectId: 2,
  Titulo: `Solicitud ${TicketId}`,
  CategoriaId: 1,
  CategoriaNombre: 'Mantenimiento',
  Prioridad: 'media',
  Estado: 'nuevo',
  Lugar: 'Torre A - 101',
  SolicitanteId: 30,
  SolicitanteNombre: 'Rosa Hernández Díaz',
  AsignadoId: null,
  AsignadoNombre: null,
  FechaCreada: '2026-11-20T16:00:00.000Z',
  FechaLimite: '2026-11-23T16:00:00.000Z',
  Vencida: false,
  version: 1,
  ...extra,
});

const page = (total: number, first: number): TicketListAnswer => ({
  success: true,
  items: total === 0 ? [] : [summary(first)],
  total,
});

/** What the server answers for the list as the context asks it. */
export function answerFor(context: Pick<TicketListContext, 'sectionId' | 'filters' | 'search' | 'page'>): TicketListAnswer {
  if (context.sectionId === null) return page(3, 80);
  if (context.filters.vencidas) return page(0, 0);
  if (isFiltered(context)) return page(1, 40);
  return page(TICKETS_PAGE_SIZE + 3, context.page === 1 ? 1 : TICKETS_PAGE_SIZE + 1);
}

export const SERVER_ERROR = new ApiError(500, 'INTERNAL', 'Ocurrió un error inesperado.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

export const ticketListModel = defineModel({
  machine: ticketListMachine,
  inputs: { admin: ADMIN, employee: EMPLOYEE },
  payloads: {
    // One filter per path, from the unfiltered list (the assignee only where allowed: administrators); the
    // task list differs only in what it asks, so it is filtered by state alone.
    filter: (s) =>
      isFiltered(s.context) || s.context.searchInput
        ? []
        : s.context.sectionId === null
          ? [{ filters: { estado: 'en_proceso' } }, { filters: { asignado: EMPLOYEE_ID } }]
          : [{ filters: { estado: 'en_proceso' } }, { filters: { vencidas: true } }, { filters: { asignado: EMPLOYEE_ID } }],
    clearFilters: (s) => (isFiltered(s.context) ? BARE : []),
    // Typed in two keystrokes, before any filter (in the section's list).
    search: (s) =>
      s.context.sectionId === null
        ? []
        : s.context.searchInput === ''
          ? isFiltered(s.context)
            ? []
            : [{ text: TYPED[0] }]
          : s.context.searchInput === TYPED[0]
            ? [{ text: TYPED[1] }]
            : [],
    goToPage: [{ page: 1 }, { page: 2 }],
    retry: BARE,
    reload: BARE,
    'xstate.done.actor.page': (s) => [{ output: answerFor(s.context) }],
    'xstate.error.actor.page': [{ error: SERVER_ERROR }, { error: NO_CONNECTION }],
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { output?: TicketListAnswer; error?: ApiError; filters?: object };
    if (e.type === 'xstate.done.actor.page') return `done page:${e.output!.total}`;
    if (e.type === 'xstate.error.actor.page') return `error page:${e.error!.status || 'network'}`;
    if (e.type === 'filter') return `filter ${JSON.stringify(e.filters)}`;
    return eventLabel(event);
  },
  words: {
    states: {
      debouncing: 'Buscar holds what was typed; the list shown is still the last one while the typing goes on.',
      loading:
        'The list is busy (aria-busy): grey placeholder lines the first time, “Actualizando la lista…” over the last answer after.',
      failed: 'An alert “No pudimos cargar las solicitudes” with the server’s words (or no connection) and Reintentar.',
      empty:
        'A status says there is nothing: “Todavía no hay solicitudes.”, “No tienes solicitudes asignadas.” in the task list, or “Ninguna solicitud coincide con los filtros.”.',
      shown: 'A status with how many requests (and the search), their cards, and Página 1, 2… when there is more than one page.',
    },
    events: {
      filter: (e) => {
        const filters = e.filters as Record<string, unknown>;
        if ('estado' in filters) return 'chooses En proceso in Estado';
        if ('vencidas' in filters) return 'ticks Solo vencidas';
        return 'chooses an employee in Asignado a';
      },
      clearFilters: () => 'presses Quitar filtros',
      search: (e) => `types “${e.text}” in Buscar`,
      goToPage: (e) => `goes to Página ${e.page}`,
      retry: () => 'presses Reintentar',
      reload: () => 'files a new request (the list reads itself again)',
      'xstate.done.actor.page': (e) => `the server sends a page of ${(e.output as TicketListAnswer).total} requests in all`,
      'xstate.error.actor.page': (e) =>
        (e.error as ApiError).status ? `the server fails: “${(e.error as ApiError).message}”` : 'the connection fails',
    },
  },
});
