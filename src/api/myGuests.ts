// Mis invitados (/condominio/mis-invitados): the resident's visitor passes, guest links and events, and the
// administrator's condo-type link. The other half of the guest pages (registro-invitados, invitacion), which
// the spec leaves to the legacy app. Structs for the wire, and the form rules both sides apply.
import { array, boolean, enums, type Infer, literal, nullable, number, object, pattern, size, string } from 'superstruct';
import { AccessPoint } from './guests';
import { WEEKDAYS } from './passes';
import { CalendarDateOrEmpty, EMAIL_PATTERN, Id, isCalendarDate, NumberInColumn, PageQueryOf } from './validation';

export const MY_GUESTS_PATHS = {
  /** Signed in (residents and administrators): GET, dwellings, access points, rights, condo links. */
  overview: '/--mis-invitados/resumen',
  /** Signed in (residents): GET ?limit=&offset=, their passes, newest first. */
  passes: '/--mis-invitados/pases',
  /** Signed in (residents): GET ?limit=&offset=, their user and event links, newest first. */
  links: '/--mis-invitados/links',
  /** Signed in (residents): POST NewPass, answer { item: MyPass }. */
  createPass: '/--mis-invitados/crear-pase',
  /** Signed in (residents): POST { id }; their own pass only. */
  revokePass: '/--mis-invitados/revocar-pase',
  /** Signed in (residents): POST {}, a new user-type link; answer { item: MyLink }. */
  createUserLink: '/--mis-invitados/crear-link',
  /** Signed in (residents): POST NewEvent, the event and its event-type link; answer { item: MyLink }. */
  createEvent: '/--mis-invitados/crear-evento',
  /** Signed in (the event's host): POST { id } (the event's id); status → cancelado. */
  cancelEvent: '/--mis-invitados/cancelar-evento',
  /** Signed in: POST { id }; user and event links of their own, condo links for administrators. */
  revokeLink: '/--mis-invitados/revocar-link',
  /** Signed in (administrators): POST {}, a new condo-type link; answer { item: CondoLink }. */
  createCondoLink: '/--mis-invitados/crear-link-condominio',
} as const;

export const MY_GUESTS_PAGE_SIZE = 10;
export const MY_GUESTS_MAX_PAGE_SIZE = 50;

/** The pass types a resident creates (evento passes come from event registrations). */
export const NEW_PASS_TYPES = ['temporal', 'domestico', 'infante', 'manual', 'preautorizado'] as const;
export type NewPassType = (typeof NEW_PASS_TYPES)[number];

/** Longest span a pass may cover, in days. */
export const PASS_MAX_DAYS = 366;
export const NAME_MAX = 120;
export const NOTE_MAX = 500;
export const EVENT_MAX_COMPANIONS = 10;
export const EVENT_MAX_GUESTS = 500;

export const PageQuery = PageQueryOf(MY_GUESTS_MAX_PAGE_SIZE);
export type PageQuery = Infer<typeof PageQuery>;

export const IdBody = object({ id: Id });
export type IdBody = Infer<typeof IdBody>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What a resident fills to create a pass. Shapes here; the rules in passProblems. */
export const NewPass = object({
  tipo: enums(NEW_PASS_TYPES),
  nombre: size(string(), 0, NAME_MAX),
  email: size(string(), 0, 254),
  telefono: size(string(), 0, 30),
  /** YYYY-MM-DD in the condominium's time zone. */
  fechaInicio: CalendarDateOrEmpty,
  fechaFin: CalendarDateOrEmpty,
  /** HH:mm, or '' for any hour. */
  horaInicio: pattern(string(), /^(([01]\d|2[0-3]):[0-5]\d)?$/),
  horaFin: pattern(string(), /^(([01]\d|2[0-3]):[0-5]\d)?$/),
  diasAcceso: size(array(enums(WEEKDAYS)), 0, 7),
  notaVisitante: size(string(), 0, NOTE_MAX),
  nombreInfante: size(string(), 0, NAME_MAX),
  /** One of the resident's dwellings. */
  apartmentId: nullable(Id),
});
export type NewPass = Infer<typeof NewPass>;

export const NewEvent = object({
  nombre: size(string(), 0, NAME_MAX),
  descripcion: size(string(), 0, NOTE_MAX),
  /** YYYY-MM-DD and HH:mm in the condominium's time zone. */
  fecha: CalendarDateOrEmpty,
  hora: pattern(string(), /^(([01]\d|2[0-3]):[0-5]\d)?$/),
  /** Companions each guest may bring (0: none). Their ranges are eventProblems' (worded by the form). */
  acompanantes: NumberInColumn,
  limiteInvitados: NumberInColumn,
  limiteAutos: NumberInColumn,
  /** One of the condominium's access points, or null. */
  puntoDeAccesoId: nullable(Id),
  notaVisitante: size(string(), 0, NOTE_MAX),
});
export type NewEvent = Infer<typeof NewEvent>;

export const MyPass = object({
  id: number(),
  Tipo: string(),
  Nombre: string(),
  Email: nullable(string()),
  Telefono: nullable(string()),
  QR: string(),
  ClaveManual: string(),
  DiasAcceso: array(string()),
  FechaInicio: nullable(string()),
  FechaFin: nullable(string()),
  HoraInicio: nullable(string()),
  HoraFin: nullable(string()),
  NombreInfante: nullable(string()),
  TorreName: nullable(string()),
  AptName: nullable(string()),
  CondoId: number(),
  createdAt: string(),
});
export type MyPass = Infer<typeof MyPass>;

export const LinkEvent = object({
  id: number(),
  Nombre: string(),
  /** YYYY-MM-DD and HH:mm in the condominium's time zone. */
  Fecha: string(),
  Hora: string(),
  Estatus: string(),
  Invitados: number(),
  LimiteInvitados: nullable(number()),
});
export type LinkEvent = Infer<typeof LinkEvent>;

export const MyLink = object({
  id: number(),
  type: enums(['user', 'event']),
  token: string(),
  createdAt: string(),
  event: nullable(LinkEvent),
});
export type MyLink = Infer<typeof MyLink>;

export const CondoLink = object({ id: number(), token: string(), createdAt: string() });
export type CondoLink = Infer<typeof CondoLink>;

export const MyGuestsOverview = object({
  success: literal(true),
  CondoId: number(),
  dwellings: array(object({ AptId: number(), AptName: string(), TorreName: nullable(string()) })),
  accessPoints: array(AccessPoint),
  /** The signed-in person may create passes, links and events (they have a dwelling here). */
  canInvite: boolean(),
  /** The signed-in person manages the condo-type link (administrators). */
  canManageCondoLink: boolean(),
  /** Active condo-type links; empty unless canManageCondoLink. */
  condoLinks: array(CondoLink),
});
export type MyGuestsOverview = Infer<typeof MyGuestsOverview>;

export const PassesPage = object({ success: literal(true), items: array(MyPass), total: number() });
export type PassesPage = Infer<typeof PassesPage>;
export const LinksPage = object({ success: literal(true), items: array(MyLink), total: number() });
export type LinksPage = Infer<typeof LinksPage>;
export const PassCreated = object({ success: literal(true), item: MyPass });
export type PassCreated = Infer<typeof PassCreated>;
export const LinkCreated = object({ success: literal(true), item: MyLink });
export type LinkCreated = Infer<typeof LinkCreated>;
export const CondoLinkCreated = object({ success: literal(true), item: CondoLink });
export type CondoLinkCreated = Infer<typeof CondoLinkCreated>;
export const Done = object({ success: literal(true) });
export type Done = Infer<typeof Done>;

/** The messages of the rules below (Spanish, what the server answers); the browser shows invites.problem.*. */
export const MY_GUESTS_MESSAGES = {
  nombreRequired: 'El nombre es requerido.',
  emailInvalid: 'Correo electrónico inválido.',
  telefonoInvalid: 'El teléfono debe tener entre 10 y 15 dígitos.',
  fechaInicioRequired: 'La fecha de inicio es requerida.',
  fechaInicioPast: 'La fecha de inicio no puede ser anterior a hoy.',
  fechaFinRequired: 'La fecha de fin es requerida.',
  fechaFinBeforeStart: 'La fecha de fin no puede ser anterior a la de inicio.',
  spanTooLong: 'Un pase puede durar como máximo un año.',
  horasIncomplete: 'Indica la hora de inicio y la de fin, o ninguna.',
  horaFinBeforeStart: 'La hora de fin debe ser posterior a la de inicio.',
  diasRequired: 'Elige al menos un día de acceso.',
  nombreInfanteRequired: 'El nombre del menor es requerido.',
  apartmentRequired: 'La vivienda es requerida.',
  fechaRequired: 'La fecha del evento es requerida.',
  horaRequired: 'La hora del evento es requerida.',
  eventPast: 'El evento debe ser en el futuro.',
  companionsRange: `Los acompañantes deben estar entre 0 y ${EVENT_MAX_COMPANIONS}.`,
  guestLimitRange: `El límite de invitados debe estar entre 1 y ${EVENT_MAX_GUESTS}.`,
  vehicleLimitRange: 'El límite de autos debe estar entre 0 y el límite de invitados.',
  accessPointUnknown: 'El punto de acceso no existe.',
} as const;
export type MyGuestsMessage = keyof typeof MY_GUESTS_MESSAGES;

export type PassField = keyof NewPass;
export type EventField = keyof NewEvent;

/** Now in the condominium's (or the browser's) calendar: YYYY-MM-DD and HH:mm. */
export interface LocalNow {
  date: string;
  time: string;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const digits = (value: string) => value.replace(/[\s()+-]/g, '');

/** Every rule of a new pass: the first problem of each field, or none. `dwellings` are the resident's own. */
export function passProblems(
  values: NewPass,
  now: LocalNow,
  dwellings: readonly number[],
): Partial<Record<PassField, MyGuestsMessage>> {
  const problems: Partial<Record<PassField, MyGuestsMessage>> = {};
  if (!values.nombre.trim()) problems.nombre = 'nombreRequired';
  const email = values.email.trim();
  if (email && !EMAIL_PATTERN.test(email)) problems.email = 'emailInvalid';
  const phone = values.telefono.trim();
  if (phone && !/^\d{10,15}$/.test(digits(phone))) problems.telefono = 'telefonoInvalid';
  if (!isCalendarDate(values.fechaInicio)) problems.fechaInicio = 'fechaInicioRequired';
  else if (values.fechaInicio < now.date) problems.fechaInicio = 'fechaInicioPast';
  if (!isCalendarDate(values.fechaFin)) problems.fechaFin = 'fechaFinRequired';
  else if (isCalendarDate(values.fechaInicio) && values.fechaFin < values.fechaInicio) problems.fechaFin = 'fechaFinBeforeStart';
  else if (isCalendarDate(values.fechaInicio) && daysBetween(values.fechaInicio, values.fechaFin) > PASS_MAX_DAYS) {
    problems.fechaFin = 'spanTooLong';
  }
  const start = values.horaInicio;
  const end = values.horaFin;
  if ((start === '') !== (end === '')) problems[start ? 'horaFin' : 'horaInicio'] = 'horasIncomplete';
  else if (start && end && !(TIME.test(start) && TIME.test(end) && end > start)) problems.horaFin = 'horaFinBeforeStart';
  if (values.tipo === 'domestico' && values.diasAcceso.length === 0) problems.diasAcceso = 'diasRequired';
  if (values.tipo === 'infante' && !values.nombreInfante.trim()) problems.nombreInfante = 'nombreInfanteRequired';
  if (values.apartmentId === null || !dwellings.includes(values.apartmentId)) problems.apartmentId = 'apartmentRequired';
  return problems;
}

const wholeIn = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** Every rule of a new event: the first problem of each field, or none. `accessPoints` are the condo's ids. */
export function eventProblems(
  values: NewEvent,
  now: LocalNow,
  accessPoints: readonly number[],
): Partial<Record<EventField, MyGuestsMessage>> {
  const problems: Partial<Record<EventField, MyGuestsMessage>> = {};
  if (!values.nombre.trim()) problems.nombre = 'nombreRequired';
  if (!isCalendarDate(values.fecha)) problems.fecha = 'fechaRequired';
  if (!TIME.test(values.hora)) problems.hora = 'horaRequired';
  if (!problems.fecha && !problems.hora && `${values.fecha} ${values.hora}` <= `${now.date} ${now.time}`) {
    problems.fecha = 'eventPast';
  }
  if (!wholeIn(values.acompanantes, 0, EVENT_MAX_COMPANIONS)) problems.acompanantes = 'companionsRange';
  if (!wholeIn(values.limiteInvitados, 1, EVENT_MAX_GUESTS)) problems.limiteInvitados = 'guestLimitRange';
  if (!wholeIn(values.limiteAutos, 0, Math.max(0, values.limiteInvitados))) problems.limiteAutos = 'vehicleLimitRange';
  if (values.puntoDeAccesoId !== null && !accessPoints.includes(values.puntoDeAccesoId)) {
    problems.puntoDeAccesoId = 'accessPointUnknown';
  }
  return problems;
}

/** An empty pass form: today, for the first dwelling. */
export function emptyPass(today: string, apartmentId: number | null): NewPass {
  return {
    tipo: 'temporal',
    nombre: '',
    email: '',
    telefono: '',
    fechaInicio: today,
    fechaFin: today,
    horaInicio: '',
    horaFin: '',
    diasAcceso: [],
    notaVisitante: '',
    nombreInfante: '',
    apartmentId,
  };
}

export function emptyEvent(today: string, accessPointId: number | null): NewEvent {
  return {
    nombre: '',
    descripcion: '',
    fecha: today,
    hora: '19:00',
    acompanantes: 0,
    limiteInvitados: 20,
    limiteAutos: 5,
    puntoDeAccesoId: accessPointId,
    notaVisitante: '',
  };
}

/** Where a visitor opens a pass and a guest a link (relative to the site's origin). */
export const passPagePath = (condoId: number, qr: string) => `/invitacion/${condoId}/${qr}`;
export const guestLinkPath = (token: string) => `/registro-invitados/${token}`;

/** The WhatsApp share link: https://wa.me/?text= and the message with the link, encoded. */
export function whatsAppUrl(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}
