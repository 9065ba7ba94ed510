// The events calendar (issue 15; sections of code EV, spec §2.2 /condominio/comunicacion/calendario-eventos):
// one calendar of the condominium's life, gathered from what already exists plus the events administrators
// publish here:
// - evento / asamblea: published by administrators (calendar_events), optionally with an event-type guest link
//   of Mis invitados (the visitors issue) so guests can register;
// - invitados: the caller's own events from Mis invitados;
// - reservacion: the caller's dwellings' reservations in full; others' confirmed ones as "Ocupado" without
//   names (administrators see every one in full);
// - encuesta: the closing time of the polls the caller may see.
// Every item carries the /condominio path that opens it. A personal ICS feed (a secret URL per user,
// revocable) gives exactly the same items to Google or Apple calendars.
import {
  array,
  boolean,
  defaulted,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
} from 'superstruct';
import { EVENT_MAX_COMPANIONS, EVENT_MAX_GUESTS } from './myGuests';
import { LocalDateTime } from './polls';
import { CalendarDate, Id, IdParam, NonEmpty, Version } from './validation';

export const CALENDAR_PATHS = {
  /** GET: the EV sections the caller reads, the zone and local now, whether they manage events, their feed. */
  home: '/--calendario/home',
  /** GET CalendarQuery: the items of a range (at most CALENDAR_MAX_DAYS), sorted by start. */
  items: '/--calendario/items',
  /** GET one published event (its own page). */
  event: (eventId: number | string) => `/--calendario/evento/${eventId}`,
  /** Administrators: POST EventDraft → EventAnswer. */
  create: '/--calendario/nuevo',
  /** Administrators: POST EventUpdateRequest (version checked) → EventAnswer. */
  update: '/--calendario/editar',
  /** Administrators: POST EventCancelRequest; the event stays, marked cancelled with the reason. */
  cancel: '/--calendario/cancelar',
  /** POST {}: a new secret feed URL (the old one stops working) → FeedAnswer. */
  feedRotate: '/--calendario/feed/nuevo',
  /** POST {}: no feed any more → FeedAnswer (url null). */
  feedRevoke: '/--calendario/feed/revocar',
  /** Public (the secret is the credential): the feed as text/calendar. */
  ics: (token: string) => `/--calendario/ics/${token}.ics`,
} as const;

/** The widest range one items request may ask for (a month view with its leading and trailing weeks is 42). */
export const CALENDAR_MAX_DAYS = 62;
/** What the feed holds: from this many days back to this many ahead. */
export const FEED_PAST_DAYS = 90;
export const FEED_FUTURE_DAYS = 365;
export const EVENT_TITLE_MAX = 120;
export const EVENT_TEXT_MAX = 2000;
export const EVENT_PLACE_MAX = 120;
export const EVENT_REASON_MAX = 500;

export const CALENDAR_KINDS = ['evento', 'asamblea', 'reservacion', 'invitados', 'encuesta'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];
export const CalendarKindName = enums(CALENDAR_KINDS);

/** The kinds administrators publish. */
export const EVENT_KINDS = ['evento', 'asamblea'] as const;
export const EventKind = enums(EVENT_KINDS);

export const CalendarQuery = object({
  desde: CalendarDate,
  /** Inclusive; at most CALENDAR_MAX_DAYS after desde. */
  hasta: CalendarDate,
  /** Comma-separated CalendarKind list; absent: every kind. */
  tipos: optional(
    pattern(string(), /^(evento|asamblea|reservacion|invitados|encuesta)(,(evento|asamblea|reservacion|invitados|encuesta))*$/),
  ),
});
export type CalendarQuery = Infer<typeof CalendarQuery>;

/** The event-type guest link an administrator may attach (the visitors issue's events table). */
export const EventGuests = object({
  acompanantes: refine(number(), 'Range', (v) => (Number.isInteger(v) && v >= 0 && v <= EVENT_MAX_COMPANIONS) || 'out of range'),
  /** null: no limit. */
  limiteInvitados: nullable(
    refine(number(), 'Range', (v) => (Number.isInteger(v) && v >= 1 && v <= EVENT_MAX_GUESTS) || 'out of range'),
  ),
});
export type EventGuests = Infer<typeof EventGuests>;

export const EventDraft = object({
  /** The EV section it is published in (one the administrator reads). */
  sectionId: Id,
  tipo: EventKind,
  Titulo: NonEmpty(EVENT_TITLE_MAX),
  Descripcion: defaulted(size(string(), 0, EVENT_TEXT_MAX), ''),
  Lugar: defaulted(size(string(), 0, EVENT_PLACE_MAX), ''),
  /** Wall clock in the condominium's zone; fin after inicio. */
  inicio: LocalDateTime,
  fin: LocalDateTime,
  /** Attach a guest registration link (registro-invitados/{token}); null: none. */
  invitados: defaulted(nullable(EventGuests), null),
});
export type EventDraft = Infer<typeof EventDraft>;

export const EventUpdateRequest = object({ eventId: Id, version: Version, ...EventDraft.schema });
export type EventUpdateRequest = Infer<typeof EventUpdateRequest>;

export const EventCancelRequest = object({ eventId: Id, version: Version, motivo: NonEmpty(EVENT_REASON_MAX) });
export type EventCancelRequest = Infer<typeof EventCancelRequest>;

export const EventParams = object({ eventId: IdParam });

/** The feed's file name: 43 characters of base64url (256 bits) and '.ics'. */
export const IcsParams = object({ file: pattern(string(), /^[A-Za-z0-9_-]{43}\.ics$/) });

// ── Answers

export const CalendarHomeAnswer = object({
  success: literal(true),
  secciones: array(object({ SectId: number(), SectName: string() })),
  zonaHoraria: string(),
  ahoraLocal: string(),
  /** Administrators: publish, edit and cancel events. */
  puedePublicar: boolean(),
  /** The caller's feed URL (absolute, https or http), or null when they have none. */
  feedUrl: nullable(string()),
  /** Whether the caller has a feed. Only the SHA-256 of its secret is kept (like sessions), so home's feedUrl
   * is always null and the URL is shown once, by feedRotate; this lets the screen offer revoking it.
   * Optional so answers written before it still read. */
  tieneFeed: optional(boolean()),
});
export type CalendarHomeAnswer = Infer<typeof CalendarHomeAnswer>;

export const CalendarItem = object({
  /** Unique across kinds: 'evento-12', 'reservacion-40', 'invitados-7', 'encuesta-3'. */
  clave: string(),
  tipo: CalendarKindName,
  /** For others' reservations: the facility only ("Alberca"); the screen adds "Ocupado". */
  Titulo: string(),
  /** ISO-8601 UTC; fin null for a moment (a poll's closing). */
  inicio: string(),
  fin: nullable(string()),
  /** The same in the condominium's wall clock 'YYYY-MM-DDTHH:mm' (what the calendar grid draws). */
  inicioLocal: string(),
  finLocal: nullable(string()),
  Lugar: nullable(string()),
  /** Someone else's reservation shown without names. */
  ocupado: boolean(),
  /** pendiente / cancelado … where the kind has states (a reservation's phase, a cancelled event). */
  estado: nullable(string()),
  /** The /condominio path that opens it; null for Ocupado. */
  ruta: nullable(string()),
});
export type CalendarItem = Infer<typeof CalendarItem>;

export const CalendarItemsAnswer = object({ success: literal(true), items: array(CalendarItem) });
export type CalendarItemsAnswer = Infer<typeof CalendarItemsAnswer>;

export const CalendarEvent = object({
  EventId: number(),
  SectId: number(),
  tipo: EventKind,
  Titulo: string(),
  Descripcion: string(),
  Lugar: string(),
  inicio: string(),
  fin: string(),
  inicioLocal: string(),
  finLocal: string(),
  cancelado: boolean(),
  motivo: nullable(string()),
  PublicadoPor: string(),
  /** The guest registration page (absolute URL) when the event has a guest link. */
  registroUrl: nullable(string()),
  invitados: nullable(EventGuests),
  /** Guests registered so far (with a link). */
  registrados: nullable(number()),
  puedeEditar: boolean(),
  version: number(),
});
export type CalendarEvent = Infer<typeof CalendarEvent>;

export const EventAnswer = object({ success: literal(true), evento: CalendarEvent });
export type EventAnswer = Infer<typeof EventAnswer>;

export const FeedAnswer = object({ success: literal(true), feedUrl: nullable(string()) });
export type FeedAnswer = Infer<typeof FeedAnswer>;

/** Cross-field rules of an event draft; message ids of calendar.json. */
export function eventDraftProblems(draft: Pick<EventDraft, 'inicio' | 'fin'>): { fin?: string } {
  return draft.fin <= draft.inicio ? { fin: 'calendar.error.endBeforeStart' } : {};
}

/** Whether a query's range is in order and within CALENDAR_MAX_DAYS. */
export function validRange(desde: string, hasta: string): boolean {
  if (hasta < desde) return false;
  const days = (Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000;
  return days < CALENDAR_MAX_DAYS;
}

/** Whether a kind passes a ?tipos filter. */
export const kindSelected = (tipos: string | undefined, kind: CalendarKind) =>
  tipos === undefined || tipos.split(',').includes(kind);
