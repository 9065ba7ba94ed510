// Requests to the administrator as the server would answer them, for the view tests (tests/views/Tickets*):
// the SA section of Las Palmas (2), request 41 as each role reads it; the JSON answer itself is json() of tests/support/http.ts.
import type { TicketAnswer, TicketEvent, TicketListAnswer, TicketSectionAnswer, TicketSummary } from '../../src/api/tickets';

export const PATHS = {
  section: '/api/--tickets/section/2',
  list: '/api/--tickets/list',
  ticket: '/api/--tickets/ticket/41',
  create: '/api/--tickets/new',
  change: '/api/--tickets/change',
  update: '/api/--tickets/update',
  reply: '/api/--tickets/reply',
  rate: '/api/--tickets/rate',
  overview: '/api/--tickets/overview',
  assignees: '/api/--tickets/assignees',
  settings: '/api/--tickets/settings',
  saveCategory: '/api/--tickets/save-category',
  saveDueHours: '/api/--tickets/save-due-hours',
} as const;

export const sectionAnswer = (overrides: Partial<TicketSectionAnswer> = {}): TicketSectionAnswer => ({
  success: true,
  section: {
    SectId: 2,
    SectName: 'Solicitudes a la administración',
    MensajeConfirmacion: 'Gracias, te responderemos en menos de 24 horas.',
    EnviarCopia: 1,
  },
  categorias: [
    { id: 1, nombre: 'Mantenimiento', activa: true },
    { id: 2, nombre: 'Seguridad', activa: true },
  ],
  viviendas: [{ ApmtId: 101, Nombre: 'Torre A - 101' }],
  canFile: true,
  canManage: false,
  canSeeOverview: false,
  ...overrides,
});

export const summary = (TicketId: number, extra: Partial<TicketSummary> = {}): TicketSummary => ({
  TicketId,
  SectId: 2,
  Titulo: 'Fuga en el baño',
  CategoriaId: 1,
  CategoriaNombre: 'Mantenimiento',
  Prioridad: 'alta',
  Estado: 'nuevo',
  Lugar: 'Torre A - 101',
  SolicitanteId: 30,
  SolicitanteNombre: 'Rosa Hernández Díaz',
  AsignadoId: null,
  AsignadoNombre: null,
  FechaCreada: '2026-11-20T16:00:00.000Z',
  FechaLimite: '2026-11-21T16:00:00.000Z',
  Vencida: true,
  version: 1,
  ...extra,
});

export const listAnswer = (items: TicketSummary[], total = items.length): TicketListAnswer => ({
  success: true,
  items,
  total,
});

export const event = (id: number, extra: Partial<TicketEvent>): TicketEvent => ({
  id,
  tipo: 'creada',
  de: null,
  a: null,
  Texto: null,
  UserId: 30,
  UserName: 'Rosa Hernández Díaz',
  Fecha: '2026-11-20T16:00:00.000Z',
  adjuntos: [],
  ...extra,
});

export function ticketAnswer(
  roles: TicketAnswer['abilities']['roles'],
  ticket: Partial<TicketAnswer['ticket']> = {},
  abilities: Partial<Omit<TicketAnswer['abilities'], 'roles'>> = {},
  timeline: TicketEvent[] = [event(1, {})],
): TicketAnswer {
  return {
    success: true,
    ticket: {
      ...summary(41),
      Descripcion: 'Gotea la llave del lavabo desde ayer.',
      ApmtId: 101,
      AreaComun: null,
      FechaResuelta: null,
      adjuntos: [{ id: 5, nombre: 'fuga.jpg', tipo: 'image', url: '/api/--tickets/file/5?exp=1&sig=00' }],
      calificacion: null,
      ...ticket,
    },
    timeline,
    abilities: { roles, canReply: true, canWriteInternalNote: false, canUpdate: false, canRate: false, ...abilities },
  };
}

export const EMILIO = { UserId: 7, UserName: 'Emilio Torres Vega' };
