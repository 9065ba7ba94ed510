// 'Mensajes reportados' as a test model: two reports of three (one new, one reviewed), then the last; or
// none. The words its scenarios are told in: docs/scenarios/conversationReportsMachine.md.
import type { EventObject } from 'xstate';
import { conversationReportsMachine } from '../../src/machines/conversationReportsMachine';
import type { ReportedMessage, ReportsPage } from '../../src/services/conversationsService';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const report = (reportId: number, estado: 'nuevo' | 'revisado' = 'nuevo'): ReportedMessage => ({
  reportId,
  motivo: `Motivo ${reportId}`,
  FechaReporte: new Date(Date.UTC(2026, 10, 21, 17, reportId)).toISOString(),
  ReportadoPor: 'Torre A - 101',
  message: {
    id: 50 + reportId,
    Texto: `Mensaje reportado ${reportId}`,
    UserName: 'Carlos Ramírez Soto',
    de: { ApmtId: 202, Nombre: 'Torre B - 202' },
    para: { ApmtId: 101, Nombre: 'Torre A - 101' },
    Enviado: new Date(Date.UTC(2026, 10, 21, 16, reportId)).toISOString(),
  },
  estado,
});

export const FIRST_REPORTS: ReportsPage = { success: true, items: [report(3), report(2, 'revisado')], total: 3 };
export const LAST_REPORT: ReportsPage = { success: true, items: [report(1, 'revisado')], total: 3 };
export const NO_REPORTS: ReportsPage = { success: true, items: [], total: 0 };
export const NOT_ADMIN = new ApiError(403, 'FORBIDDEN', 'No tienes permiso para esta acción.');
export const OFFLINE = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const SERVER_DOWN = new ApiError(503, 'DATABASE_UNAVAILABLE', 'El servicio no está disponible. Inténtalo más tarde.');

const failure = (error: unknown) =>
  error instanceof ApiError && error.status > 0 ? `refuses (${error.status}: ${error.message})` : 'cannot be reached';

const label = (event: EventObject) => {
  const e = event as EventObject & { output?: ReportsPage; error?: unknown };
  if (e.type.startsWith('xstate.done.')) return `${eventLabel(e)}:${e.output!.items.length}`;
  if (e.type.startsWith('xstate.error.') && e.error instanceof ApiError) return `${eventLabel(e)}:${e.error.status || 'offline'}`;
  return eventLabel(e);
};

export const conversationReportsModel = defineModel({
  machine: conversationReportsMachine,
  label,
  payloads: {
    retry: BARE,
    // Asked again from the first page as it loaded, from the empty list, and after a failed page.
    reload: (s) => (s.context.items.length < 3 ? BARE : []),
    loadMore: BARE,
    'xstate.done.actor.firstPage': [{ output: FIRST_REPORTS }, { output: NO_REPORTS }],
    'xstate.error.actor.firstPage': (s) => (s.context.items.length === 0 ? [{ error: NOT_ADMIN }, { error: OFFLINE }] : []),
    'xstate.done.actor.nextPage': [{ output: LAST_REPORT }],
    'xstate.error.actor.nextPage': [{ error: SERVER_DOWN }],
  },
  words: {
    states: {
      loading: 'The panel Mensajes reportados is busy (aria-busy) with “Cargando reportes…”.',
      failed: 'An alert: “No pudimos cargar los mensajes reportados.” with Reintentar.',
      refused: '“Solo la administración ve los mensajes reportados.”',
      empty: '“No hay mensajes reportados.” with Actualizar.',
      list: 'The list Mensajes reportados: each message with who wrote it, to whom, when, the reason and who reported it, and Nuevo or Revisado.',
      'list.idle': 'The reports as they are; Cargar más reportes while there are more, and Actualizar.',
      'list.loadingMore': 'Cargar más reportes shows it is loading.',
      'list.moreFailed': 'An alert: “No pudimos cargar más reportes.” with the server’s words and Reintentar.',
    },
    events: {
      retry: () => 'presses Reintentar',
      reload: () => 'presses Actualizar',
      loadMore: () => 'presses Cargar más reportes (or Reintentar under its alert)',
      'xstate.done.actor.firstPage': (e) => `the server sends ${(e.output as ReportsPage).items.length} reports`,
      'xstate.error.actor.firstPage': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.nextPage': () => 'the server sends the last report',
      'xstate.error.actor.nextPage': (e) => `the server ${failure(e.error)}`,
    },
  },
});
