// The request screen's questions as a test model: the SA section (for a resident of Torre A - 101), the
// overview (as an administrator sees it) and the employees to assign to; each answered, refused (not theirs,
// or gone), or not at all, then asked again. The words its scenarios are told in:
// docs/scenarios/ticketQueryMachine.md.
import type { EventObject } from 'xstate';
import type { TicketOverviewAnswer, TicketSectionAnswer } from '../../src/api/tickets';
import { type TicketQuery, type TicketQueryAnswer, ticketQueryMachine } from '../../src/machines/ticketQueryMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const SECTION: TicketSectionAnswer = {
  success: true,
  section: {
    SectId: 2,
    SectName: 'Solicitudes a la administración',
    MensajeConfirmacion: 'Gracias, te responderemos pronto.',
    EnviarCopia: 1,
  },
  categorias: [{ id: 1, nombre: 'Mantenimiento', activa: true }],
  viviendas: [{ ApmtId: 101, Nombre: 'Torre A - 101' }],
  canFile: true,
  canManage: false,
  canSeeOverview: false,
};

export const OVERVIEW: TicketOverviewAnswer = {
  success: true,
  porEstado: [{ clave: 'nuevo', total: 4 }],
  porCategoria: [{ clave: 'Mantenimiento', total: 4 }],
  porEdad: [{ clave: 'semana', total: 4 }],
  vencidas: 1,
  horasPrimeraRespuesta: 5.5,
  horasResolucion: 40,
  calificacionPromedio: 4.3,
  calificaciones: 12,
};

export const ASSIGNEES = [{ UserId: 7, UserName: 'Emilio Torres Vega' }];

export const QUERIES: Record<string, { query: TicketQuery }> = {
  section: { query: { kind: 'section', sectionId: 2 } },
  overview: { query: { kind: 'overview', sectionId: 2 } },
  assignees: { query: { kind: 'assignees' } },
};

export function answerOf(query: TicketQuery): TicketQueryAnswer {
  if (query.kind === 'section') return { kind: 'section', data: SECTION };
  if (query.kind === 'overview') return { kind: 'overview', data: OVERVIEW };
  return { kind: 'assignees', data: ASSIGNEES };
}

export const NOT_YOURS = new ApiError(403, 'FORBIDDEN', 'No tienes permiso para esta acción.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

export const ticketQueryModel = defineModel({
  machine: ticketQueryMachine,
  inputs: QUERIES,
  payloads: {
    'xstate.done.actor.ask': (s) => [{ output: answerOf(s.context.query) }],
    'xstate.error.actor.ask': [{ error: NOT_YOURS }, { error: NO_CONNECTION }],
    retry: BARE,
    reload: BARE,
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { error?: ApiError };
    return e.type === 'xstate.error.actor.ask' ? `error ask:${e.error!.status || 'network'}` : eventLabel(event);
  },
  words: {
    states: {
      loading: 'Grey placeholder lines (role status) while the server answers; the last answer stays when it is asked again.',
      shown:
        'The answer: the section’s name with its tabs (Mis solicitudes, Nueva solicitud…), the overview’s figures, or the employees in Asignado a.',
      failed: 'An alert with the failure (or that the server could not be reached) and Reintentar.',
      refused: '“Esta sección no existe o no tienes acceso a ella.” with Volver a Comunicación.',
    },
    events: {
      'xstate.done.actor.ask': (e) => `the server answers the ${(e.output as TicketQueryAnswer).kind}`,
      'xstate.error.actor.ask': (e) =>
        (e.error as ApiError).status ? `the server refuses: “${(e.error as ApiError).message}”` : 'the connection fails',
      retry: () => 'presses Reintentar',
      reload: () => 'the categories changed: it is asked again',
    },
  },
});
