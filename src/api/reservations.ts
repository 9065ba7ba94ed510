// Facility reservations (issue 15; sections of code RI, spec §2.2 /condominio/comunicacion/instalaciones and
// /instalaciones/mostrar/{facilityID}; the menu entry needs COM-RES ver, §6). Administrators manage the
// condominium's facilities (instalaciones); residents book them for one of their dwellings. Who may do what:
// permissions.ts (canReadReservations, canManageFacilities); which change is allowed: reservationLifecycle.ts;
// the facility's own time rules: reservationRules.ts. Both sides use the same functions.
//
// Units: money in integer cents (MXN). Times: the condominium's wall clock, dates 'YYYY-MM-DD', times 'HH:mm'
// (an end may be '24:00'); answers also give ISO-8601 UTC (inicio, fin) for sorting and the calendar.
import {
  array,
  boolean,
  defaulted,
  enums,
  type Infer,
  integer,
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
import {
  BOOKING_REFUSALS,
  DEPOSIT_ACTIONS,
  DEPOSIT_STATES,
  RESERVATION_ACTIONS,
  RESERVATION_PHASES,
  RESERVATION_STATES,
} from './reservationLifecycle';
import { AttachmentUpload } from './uploads';
import { CalendarDate, CalendarDateTime, Id, IdParam, NonEmpty, QueryInteger, Version } from './validation';

/** A wall-clock time in the condominium's zone, the polls' LocalDateTime (the same rule), without the polls'
 * contract coming into every reservation screen (issue 29). */
const LocalDateTime = CalendarDateTime;

export const RESERVATIONS_PATHS = {
  /** GET: the RI sections the caller reads, the zone and local now, the caller's dwellings (with whether
   * each is barred for arrears), the facilities, and (administrators) how many requests wait. */
  home: '/--instalaciones/home',
  /** GET one facility: everything a resident reads before booking (photos and the rules PDF by signed link). */
  facility: (facilityId: number | string) => `/--instalaciones/instalacion/${facilityId}`,
  /** GET AvailabilityQuery: the facility's days (1 for the day view, 7 for the week), choices and what holds
   * time (others' reservations without names for residents). */
  availability: '/--instalaciones/disponibilidad',
  /** POST BookingRequest: confirmed at once, or pending where the facility needs approval. 409 { motivo }. */
  book: '/--instalaciones/reservar',
  /** GET MyReservationsQuery: the caller's dwellings' reservations, upcoming (soonest first) or past. */
  mine: '/--instalaciones/mis-reservaciones',
  /** GET one reservation (its dwelling's residents and administrators). */
  reservation: (reservationId: number | string) => `/--instalaciones/reservacion/${reservationId}`,
  /** POST ReservationChangeRequest: a lifecycle action (reservationLifecycle.ts), version checked. */
  change: '/--instalaciones/cambiar',
  /** Administrators: POST DepositRequest, settle a held deposit (credit it back or keep it). */
  deposit: '/--instalaciones/deposito',
  /** Administrators: GET AdminReservationsQuery, every facility's reservations (the approval queue is
   * estado=pendiente, oldest request first). */
  adminList: '/--instalaciones/admin/reservaciones',
  /** Administrators: GET ExportQuery, the reservations of a period as CSV (text/csv; charset=utf-8, BOM). */
  export: '/--instalaciones/admin/exportar',
  /** Administrators: POST FacilityDraft → FacilityAnswer. */
  createFacility: '/--instalaciones/admin/nueva',
  /** Administrators: POST FacilityUpdateRequest (version checked) → FacilityAnswer. */
  updateFacility: '/--instalaciones/admin/editar',
  /** Anyone holding the signed link an answer gave: a photo's or the rules PDF's bytes. */
  file: (fileId: number | string) => `/--instalaciones/archivo/${fileId}`,
} as const;

export const RESERVATIONS_PAGE_SIZE = 20;
export const RESERVATIONS_MAX_PAGE_SIZE = 50;
export const FACILITY_NAME_MAX = 80;
export const FACILITY_TEXT_MAX = 2000;
export const FACILITY_RULES_MAX = 8000;
export const FACILITY_MAX_PHOTOS = 6;
export const FACILITY_MAX_CLOSURES = 50;
export const RESERVATION_NOTE_MAX = 500;
export const RESERVATION_REASON_MAX = 500;
export const FACILITY_MAX_CAPACITY = 1000;
/** Longest booking horizon and cancellation deadline one may set. */
export const FACILITY_MAX_DAYS_AHEAD = 365;
export const FACILITY_MAX_CANCEL_HOURS = 720;
/** Fees and deposits up to $1,000,000.00. */
export const FACILITY_MAX_CENTS = 100_000_000;
/** The reminder goes this long before the start (the day before). */
export const RESERVATION_REMINDER_HOURS = 24;
/** Days the availability answer spans at most (the week view). */
export const AVAILABILITY_MAX_DAYS = 7;

export const ReservationState = enums(RESERVATION_STATES);
export const ReservationPhase = enums(RESERVATION_PHASES);
export const ReservationActionName = enums(RESERVATION_ACTIONS);
export const BookingRefusalName = enums(BOOKING_REFUSALS);
export const DepositState = enums(DEPOSIT_STATES);
export const DepositActionName = enums(DEPOSIT_ACTIONS);

/** 'HH:mm' from 00:00 to 23:59, or '24:00' (an end). */
export const ClockTime = pattern(string(), /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/);

export const DayHours = object({ abre: ClockTime, cierra: ClockTime });
export type DayHours = Infer<typeof DayHours>;

export const FACILITY_UNITS = ['bloques', 'libre'] as const;
export const FacilityUnit = enums(FACILITY_UNITS);
export const LIMIT_PERIODS = ['semana', 'mes'] as const;
export const LimitPeriod = enums(LIMIT_PERIODS);

const Between = (min: number, max: number) =>
  refine(integer(), 'Range', (value) => (value >= min && value <= max) || `must be between ${min} and ${max}`);

export const ReservationLimit = object({ cantidad: Between(1, 100), periodo: LimitPeriod });
export type ReservationLimit = Infer<typeof ReservationLimit>;

export const ClosureDraft = object({
  desde: LocalDateTime,
  hasta: LocalDateTime,
  motivo: defaulted(size(string(), 0, 200), ''),
});
export type ClosureDraft = Infer<typeof ClosureDraft>;

/** What an administrator fills. Shapes here; facilityDraftProblems (below) adds the cross-field rules. */
export const FacilityDraft = object({
  Nombre: NonEmpty(FACILITY_NAME_MAX),
  Descripcion: defaulted(size(string(), 0, FACILITY_TEXT_MAX), ''),
  capacidad: Between(1, FACILITY_MAX_CAPACITY),
  exclusiva: boolean(),
  /** Reglamento as text (shown before confirming; accepting it is part of every booking). */
  reglamento: defaulted(size(string(), 0, FACILITY_RULES_MAX), ''),
  /** Monday first, 7 entries; null: closed that weekday. */
  horario: size(array(nullable(DayHours)), 7, 7),
  unidad: FacilityUnit,
  /** bloques: the slot length in minutes (15–1440). */
  duracionBloque: Between(15, 1440),
  /** libre: shortest and longest range in minutes (multiples of 30). */
  minMinutos: Between(30, 1440),
  maxMinutos: Between(30, 1440),
  diasAnticipacion: Between(0, FACILITY_MAX_DAYS_AHEAD),
  horasCancelacion: Between(0, FACILITY_MAX_CANCEL_HOURS),
  limite: defaulted(nullable(ReservationLimit), null),
  requiereAprobacion: boolean(),
  cuotaCents: Between(0, FACILITY_MAX_CENTS),
  depositoCents: Between(0, FACILITY_MAX_CENTS),
  admiteMorosos: boolean(),
  activa: defaulted(boolean(), true),
  cierres: defaulted(size(array(ClosureDraft), 0, FACILITY_MAX_CLOSURES), []),
  /** New photos (images only) and, optionally, the rules as a PDF. */
  fotos: defaulted(size(array(AttachmentUpload), 0, FACILITY_MAX_PHOTOS), []),
  reglamentoPdf: defaulted(nullable(AttachmentUpload), null),
});
export type FacilityDraft = Infer<typeof FacilityDraft>;

export const FacilityUpdateRequest = object({
  facilityId: Id,
  version: Version,
  ...FacilityDraft.schema,
  /** Photos already on the facility that stay (the others are removed). */
  conservarFotos: defaulted(size(array(Id), 0, FACILITY_MAX_PHOTOS), []),
  /** Keep the current rules PDF when no new one is sent. */
  conservarReglamentoPdf: defaulted(boolean(), true),
});
export type FacilityUpdateRequest = Infer<typeof FacilityUpdateRequest>;

/** Field-level problems of a draft beyond its shape; keys are FacilityDraft fields, values message ids of
 * reservations.json. Empty: valid. */
export function facilityDraftProblems(draft: FacilityDraft): Partial<Record<keyof FacilityDraft, string>> {
  const problems: Partial<Record<keyof FacilityDraft, string>> = {};
  const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  if (draft.horario.every((day) => day === null)) problems.horario = 'reservations.error.noHours';
  else if (draft.horario.some((day) => day !== null && toMinutes(day.cierra) <= toMinutes(day.abre))) {
    problems.horario = 'reservations.error.hoursOrder';
  }
  if (draft.unidad === 'libre') {
    if (draft.minMinutos % 30 !== 0 || draft.maxMinutos % 30 !== 0) problems.minMinutos = 'reservations.error.grid';
    else if (draft.maxMinutos < draft.minMinutos) problems.maxMinutos = 'reservations.error.minMax';
  }
  if (draft.cierres.some((c) => c.hasta <= c.desde)) problems.cierres = 'reservations.error.closureOrder';
  if (draft.fotos.some((f) => f.dataUrl.startsWith('data:application/pdf'))) problems.fotos = 'reservations.error.photoKind';
  if (draft.reglamentoPdf && !draft.reglamentoPdf.dataUrl.startsWith('data:application/pdf')) {
    problems.reglamentoPdf = 'reservations.error.pdfKind';
  }
  return problems;
}

export const FacilityParams = object({ facilityId: IdParam });
export const ReservationParams = object({ reservationId: IdParam });

export const AvailabilityQuery = object({
  facilityId: QueryInteger(1, 2_147_483_647),
  /** The first day shown. */
  desde: CalendarDate,
  /** 1 (day view) … 7 (week view). */
  dias: optional(QueryInteger(1, AVAILABILITY_MAX_DAYS)),
});
export type AvailabilityQuery = Infer<typeof AvailabilityQuery>;

export const BookingRequest = object({
  facilityId: Id,
  /** One of the caller's dwellings. */
  ApmtId: Id,
  fecha: CalendarDate,
  desde: ClockTime,
  hasta: ClockTime,
  personas: Between(1, FACILITY_MAX_CAPACITY),
  /** The reglamento was shown and accepted. */
  aceptaReglamento: literal(true),
  nota: defaulted(size(string(), 0, RESERVATION_NOTE_MAX), ''),
});
export type BookingRequest = Infer<typeof BookingRequest>;

export const MY_RESERVATION_FILTERS = ['proximas', 'pasadas'] as const;
export const MyReservationsQuery = object({
  fase: optional(enums(MY_RESERVATION_FILTERS)),
  limit: optional(QueryInteger(1, RESERVATIONS_MAX_PAGE_SIZE)),
  offset: optional(QueryInteger(0, 1_000_000_000)),
});
export type MyReservationsQuery = Infer<typeof MyReservationsQuery>;

export const AdminReservationsQuery = object({
  estado: optional(ReservationState),
  facilityId: optional(QueryInteger(1, 2_147_483_647)),
  /** Reservations starting on these days (inclusive). */
  desde: optional(CalendarDate),
  hasta: optional(CalendarDate),
  limit: optional(QueryInteger(1, RESERVATIONS_MAX_PAGE_SIZE)),
  offset: optional(QueryInteger(0, 1_000_000_000)),
});
export type AdminReservationsQuery = Infer<typeof AdminReservationsQuery>;

export const ExportQuery = object({ desde: CalendarDate, hasta: CalendarDate });
export type ExportQuery = Infer<typeof ExportQuery>;

export const ReservationChangeRequest = object({
  reservationId: Id,
  version: Version,
  action: ReservationActionName,
  /** rechazar, and cancelar by the administration: required. */
  motivo: optional(size(string(), 0, RESERVATION_REASON_MAX)),
});
export type ReservationChangeRequest = Infer<typeof ReservationChangeRequest>;

export const DepositRequest = object({
  reservationId: Id,
  version: Version,
  action: DepositActionName,
  /** cobrar: required (the resident reads why). */
  motivo: optional(size(string(), 0, RESERVATION_REASON_MAX)),
});
export type DepositRequest = Infer<typeof DepositRequest>;

// ── Answers

export const ReservationSectionInfo = object({ SectId: number(), SectName: string() });

export const MyDwelling = object({
  ApmtId: number(),
  /** "Torre A - 101" or "Casa 57". */
  Nombre: string(),
  /** In arrears beyond the RI section's TiempoMoroso: facilities that do not admit it refuse (moroso). */
  moroso: boolean(),
  adeudo: nullable(number()),
  dias: nullable(number()),
});
export type MyDwelling = Infer<typeof MyDwelling>;

export const FacilityFile = object({ id: number(), nombre: string(), url: string() });

export const Closure = object({ id: number(), desde: string(), hasta: string(), motivo: string() });

export const Facility = object({
  FacilityId: number(),
  Nombre: string(),
  Descripcion: string(),
  capacidad: number(),
  exclusiva: boolean(),
  reglamento: string(),
  horario: array(nullable(DayHours)),
  unidad: FacilityUnit,
  duracionBloque: number(),
  minMinutos: number(),
  maxMinutos: number(),
  diasAnticipacion: number(),
  horasCancelacion: number(),
  limite: nullable(ReservationLimit),
  requiereAprobacion: boolean(),
  cuotaCents: number(),
  depositoCents: number(),
  admiteMorosos: boolean(),
  activa: boolean(),
  /** Upcoming and current closures (local moments 'YYYY-MM-DDTHH:mm'). */
  cierres: array(Closure),
  fotos: array(FacilityFile),
  reglamentoPdf: nullable(FacilityFile),
  version: number(),
});
export type Facility = Infer<typeof Facility>;

export const HomeAnswer = object({
  success: literal(true),
  secciones: array(ReservationSectionInfo),
  zonaHoraria: string(),
  /** Now in the condominium's zone, 'YYYY-MM-DDTHH:mm'. */
  ahoraLocal: string(),
  puedeAdministrar: boolean(),
  viviendas: array(MyDwelling),
  instalaciones: array(Facility),
  /** Administrators: requests waiting for approval; 0 for others. */
  porAprobar: number(),
});
export type HomeAnswer = Infer<typeof HomeAnswer>;

export const FacilityAnswer = object({ success: literal(true), instalacion: Facility });
export type FacilityAnswer = Infer<typeof FacilityAnswer>;

/** Time held on a day: a confirmed reservation. Residents see others' as Ocupado (propia false, no names). */
export const HeldRange = object({
  desde: string(),
  hasta: string(),
  personas: number(),
  /** One of the caller's dwellings. */
  propia: boolean(),
  /** The caller's own, or any for administrators; null otherwise. */
  ReservationId: nullable(number()),
  /** Administrators and the owner: "Torre A - 101"; null for others. */
  Vivienda: nullable(string()),
});
export type HeldRange = Infer<typeof HeldRange>;

export const CHOICE_STATES = ['libre', 'ocupado', 'propia', 'cerrado', 'pasado', 'muy_anticipado'] as const;

export const TimeChoice = object({
  desde: string(),
  hasta: string(),
  estado: enums(CHOICE_STATES),
  /** Places left (shared facilities); exclusive: capacidad or 0. */
  lugares: number(),
});
export type TimeChoice = Infer<typeof TimeChoice>;

export const DayAvailability = object({
  fecha: string(),
  /** The weekday's hours, or null when closed. */
  horario: nullable(DayHours),
  opciones: array(TimeChoice),
  ocupados: array(HeldRange),
  /** Closures touching this day, clipped to it ('HH:mm'). */
  cierres: array(object({ desde: string(), hasta: string(), motivo: string() })),
});
export type DayAvailability = Infer<typeof DayAvailability>;

export const AvailabilityAnswer = object({ success: literal(true), ahoraLocal: string(), dias: array(DayAvailability) });
export type AvailabilityAnswer = Infer<typeof AvailabilityAnswer>;

export const Reservation = object({
  ReservationId: number(),
  FacilityId: number(),
  Instalacion: string(),
  ApmtId: number(),
  Vivienda: string(),
  /** Who booked it. */
  Reservo: string(),
  fecha: string(),
  desde: string(),
  hasta: string(),
  /** ISO-8601 UTC. */
  inicio: string(),
  fin: string(),
  personas: number(),
  nota: string(),
  estado: ReservationState,
  fase: ReservationPhase,
  /** Rejection or cancellation by the administration; why a deposit was kept. */
  motivo: nullable(string()),
  cuotaCents: number(),
  depositoCents: number(),
  deposito: DepositState,
  /** When it was requested (ISO-8601 UTC). */
  creada: string(),
  /** What the caller may do now (reservationLifecycle.ts), and with the deposit. */
  acciones: array(ReservationActionName),
  accionesDeposito: array(DepositActionName),
  /** The owner's cancellation deadline (ISO-8601 UTC); null when the facility has none. */
  cancelarAntesDe: nullable(string()),
  version: number(),
});
export type Reservation = Infer<typeof Reservation>;

export const ReservationAnswer = object({ success: literal(true), reservacion: Reservation });
export type ReservationAnswer = Infer<typeof ReservationAnswer>;

export const ReservationPage = object({ success: literal(true), items: array(Reservation), total: number() });
export type ReservationPage = Infer<typeof ReservationPage>;

/** 409 of book / change (aprobar): the refusal, and for a lost race the fresh reservation. */
export const BookingRefused = object({
  success: literal(false),
  code: literal('CONFLICT'),
  message: string(),
  messageId: optional(string()),
  motivo: BookingRefusalName,
  reservacion: optional(Reservation),
});
export type BookingRefused = Infer<typeof BookingRefused>;
