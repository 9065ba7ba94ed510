// Browser-side fixtures for incidents (issue 31): an incident in each state as the server answers it, a handover,
// and the refusals the machines meet. Used by the machines' models and the views' tests.
import type { Handover, Incident } from '../../src/api/incidents';
import { ApiError } from '../../src/services/http';

export const OPEN_MAINTENANCE: Incident = {
  id: 41,
  category: 'maintenance',
  severity: 'high',
  state: 'open',
  source: 'checkpoint',
  description: 'Fuga de agua en la bomba.',
  place: 'Cuarto de máquinas',
  checkpointId: 4,
  reportedBy: 'Jorge Ramírez',
  createdAt: '2026-03-02T01:10',
  attendedBy: null,
  attendedAt: null,
  closedBy: null,
  closedAt: null,
  note: null,
  ticketId: null,
  ticketScreen: null,
  photoUrls: ['/api/--incidentes/archivo/9?exp=1&sig=00'],
  version: 1,
};

export const ATTENDED: Incident = {
  ...OPEN_MAINTENANCE,
  state: 'attended',
  attendedBy: 'Sofía Vargas Peña',
  attendedAt: '2026-03-02T01:30',
  version: 2,
};
export const REQUESTED: Incident = {
  ...ATTENDED,
  ticketId: 77,
  ticketScreen: '/comunicacion/tickets-administrador/3?ticket=77',
};
export const CLOSED: Incident = {
  ...ATTENDED,
  state: 'closed',
  closedBy: 'Sofía Vargas Peña',
  closedAt: '2026-03-02T02:00',
  version: 3,
};

export const UNREAD_HANDOVER: Handover = {
  id: 5,
  notes: 'Sin novedades.',
  writtenBy: 'Jorge Ramírez',
  writtenByMe: false,
  writtenAt: '2026-03-02T06:00',
  readBy: null,
  readAt: null,
};
export const READ_HANDOVER: Handover = { ...UNREAD_HANDOVER, readBy: 'Sofía Vargas Peña', readAt: '2026-03-02T06:05' };

export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const READ_ALREADY = new ApiError(409, 'CONFLICT', 'La entrega de turno ya fue leída.');
