// The events calendar as the server answers it (src/api/calendar.ts), shared by the calendar machines' models
// and the calendar screens' view tests: Las Palmas's EV section, read on Thursday 12 Nov 2026 at 10:00 in
// Mexico City; a posada (an event with a guest link), an assembly, the caller's own reservation, someone else's
// ("Ocupado", no path), the caller's guests and a vote's closing.
import type { CalendarEvent, CalendarHomeAnswer, CalendarItem } from '../../src/api/calendar';

export const ZONE = 'America/Mexico_City';
export const NOW_LOCAL = '2026-11-12T10:00';
export const TODAY = '2026-11-12';
export const EVENT_ID = 21;

export const home = (extra: Partial<CalendarHomeAnswer> = {}): CalendarHomeAnswer => ({
  success: true,
  secciones: [{ SectId: 40, SectName: 'Calendario' }],
  zonaHoraria: ZONE,
  ahoraLocal: NOW_LOCAL,
  puedePublicar: false,
  feedUrl: null,
  tieneFeed: false,
  ...extra,
});
export const RESIDENT_HOME = home();
export const ADMIN_HOME = home({ puedePublicar: true });

export const item = (extra: Partial<CalendarItem> = {}): CalendarItem => ({
  clave: `evento-${EVENT_ID}`,
  tipo: 'evento',
  Titulo: 'Posada navideña',
  inicio: '2026-11-14T01:00:00.000Z',
  fin: '2026-11-14T04:00:00.000Z',
  inicioLocal: '2026-11-13T19:00',
  finLocal: '2026-11-13T22:00',
  Lugar: 'Casa club',
  ocupado: false,
  estado: null,
  ruta: `/comunicacion/calendario-eventos?evento=${EVENT_ID}`,
  ...extra,
});

export const POSADA = item();
export const ASSEMBLY = item({
  clave: 'evento-22',
  tipo: 'asamblea',
  Titulo: 'Asamblea ordinaria',
  inicio: '2026-11-20T00:00:00.000Z',
  fin: '2026-11-20T02:00:00.000Z',
  inicioLocal: '2026-11-19T18:00',
  finLocal: '2026-11-19T20:00',
  Lugar: 'Salón de usos múltiples',
  ruta: '/comunicacion/calendario-eventos?evento=22',
});
export const OWN_RESERVATION = item({
  clave: 'reservacion-40',
  tipo: 'reservacion',
  Titulo: 'Asador',
  inicio: '2026-11-13T20:00:00.000Z',
  fin: '2026-11-13T23:00:00.000Z',
  inicioLocal: '2026-11-13T14:00',
  finLocal: '2026-11-13T17:00',
  Lugar: null,
  estado: 'confirmada',
  ruta: '/comunicacion/instalaciones/3?reservacion=40',
});
export const BUSY = item({
  clave: 'reservacion-41',
  tipo: 'reservacion',
  Titulo: 'Alberca',
  inicio: '2026-11-15T16:00:00.000Z',
  fin: '2026-11-15T18:00:00.000Z',
  inicioLocal: '2026-11-15T10:00',
  finLocal: '2026-11-15T12:00',
  Lugar: null,
  ocupado: true,
  estado: null,
  ruta: null,
});
export const GUESTS = item({
  clave: 'invitados-7',
  tipo: 'invitados',
  Titulo: 'Cumpleaños de Ana',
  inicio: '2026-11-22T23:00:00.000Z',
  fin: null,
  inicioLocal: '2026-11-22T17:00',
  finLocal: null,
  Lugar: null,
  ruta: '/mis-invitados',
});
export const VOTE_CLOSING = item({
  clave: 'encuesta-3',
  tipo: 'encuesta',
  Titulo: 'Cierre de votación: Impermeabilización',
  inicio: '2026-11-28T05:59:00.000Z',
  fin: null,
  inicioLocal: '2026-11-27T23:59',
  finLocal: null,
  Lugar: null,
  ruta: '/comunicacion/encuestas?PollId=3',
});
export const ITEMS = [OWN_RESERVATION, POSADA, BUSY, ASSEMBLY, GUESTS, VOTE_CLOSING];

export const event = (extra: Partial<CalendarEvent> = {}): CalendarEvent => ({
  EventId: EVENT_ID,
  SectId: 40,
  tipo: 'evento',
  Titulo: 'Posada navideña',
  Descripcion: 'Trae un platillo para compartir.',
  Lugar: 'Casa club',
  inicio: '2026-11-14T01:00:00.000Z',
  fin: '2026-11-14T04:00:00.000Z',
  inicioLocal: '2026-11-13T19:00',
  finLocal: '2026-11-13T22:00',
  cancelado: false,
  motivo: null,
  PublicadoPor: 'Administración Las Palmas',
  registroUrl: 'https://palmas.example.mx/registro-invitados/AbC123',
  invitados: { acompanantes: 2, limiteInvitados: 50 },
  registrados: 3,
  puedeEditar: false,
  version: 1,
  ...extra,
});
export const EVENT = event();
export const EDITABLE_EVENT = event({ puedeEditar: true });

export const FEED_URL = 'https://palmas.example.mx/api/--calendario/ics/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics';
