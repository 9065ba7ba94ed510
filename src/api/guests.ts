// Guest registration (registro-invitados/{token}, spec §2.6, §3.3 Guest form data and Guest, §4 guest event
// link, §5 guest forms, §8, §9): the form info a link opens, the guest's answers, and the rules of the form,
// shared by the browser (messages as the visitor types) and the server (which enforces them again).
import {
  array,
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  pattern,
  size,
  string,
} from 'superstruct';
import { AccessPoint } from './accessPoints';
import { digitsAsNumber, EMAIL_PATTERN, IdParam, WholeNumber } from './validation';

/** Tokens are URL-safe: letters, digits, '-' and '_'. */
const TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

export const TokenParams = object({ token: pattern(string(), TOKEN) });

export const GUEST_LINK_TYPES = ['event', 'user', 'condo'] as const;
export type GuestLinkType = (typeof GUEST_LINK_TYPES)[number];

/** Registration for an event closes this long after its start (spec §9). */
export const EVENT_CUTOFF_HOURS = 12;
export const EVENT_CUTOFF_MS = EVENT_CUTOFF_HOURS * 3_600_000;

/** True when registration for an event that starts at `startUtc` has closed at `now`. */
export function registrationClosed(startUtc: string, now: Date): boolean {
  return now.getTime() > Date.parse(startUtc) + EVENT_CUTOFF_MS;
}

export const EVENT_STATUSES = ['activo', 'cancelado'] as const;

export { AccessPoint };

export const GuestFormData = object({
  /** Event fields (type event); null for the other types. */
  Nombre: nullable(string()),
  Descripcion: nullable(string()),
  /** The host: the event's organiser, or the resident of a user link. */
  UserName: nullable(string()),
  /** In the condominium's time zone: YYYY-MM-DD and HH:mm. */
  FechaInicio: nullable(string()),
  HoraInicio: nullable(string()),
  /** The event's start, ISO-8601 UTC: the 12-hour cut-off counts from it. */
  InicioUtc: nullable(string()),
  /** Companions a guest may bring (0: none). */
  NumeroDeAsistentes: number(),
  /** 'activo' or 'cancelado' for events; null for the other types. */
  Estatus: nullable(string()),
  NotaVisitante: nullable(string()),
  /** The invitation file or the condominium's regulation, when there is one. */
  Invitacion: nullable(string()),
  PuntoDeAcceso: nullable(AccessPoint),
  /** The host's dwelling (user and event links). */
  Torre: nullable(string()),
  AptName: nullable(string()),
  condo: object({ CondoId: number(), CondoName: string() }),
  /** Condo links: where the guest is going. */
  torres: optional(nullable(array(object({ id: number(), nombre: string() })))),
  apartments: optional(nullable(array(object({ ApmtId: number(), AptName: string(), Torre: nullable(number()) })))),
  users: optional(nullable(array(object({ UserId: number(), UserName: string(), AptId: number() })))),
  settings: object({ general: object({ datosARegistrar: object({ formaDeAcceso: boolean(), placas: boolean() }) }) }),
});
export type GuestFormData = Infer<typeof GuestFormData>;

/** type is plain text on the wire: a type the client does not know makes the link invalid (spec §4). */
export const GuestFormInfo = object({
  success: literal(true),
  type: string(),
  token: string(),
  data: GuestFormData,
  /** The event has as many guests as it allows. */
  maxInvitados: boolean(),
  /** The event has as many vehicles as it allows: guests come on foot. */
  maxAutos: boolean(),
});
export type GuestFormInfo = Infer<typeof GuestFormInfo>;

export const ACCESS_KINDS = ['pie', 'auto'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

/** 0 to 999, as a number or as the three digits a form's text may send (the event's own limit is checked later). */
const Companions = digitsAsNumber(WholeNumber(0, 999), /^\d{1,3}$/);
const OptionalId = optional(nullable(IdParam));

/** The guest's answers (spec §3.3 Guest); the condo form adds torre, apartment and user. */
export const GuestSubmission = object({
  nombre: size(string(), 0, 120),
  email: size(string(), 0, 254),
  confirmEmail: size(string(), 0, 254),
  telefono: optional(nullable(size(string(), 0, 30))),
  formaDeAcceso: optional(nullable(string())),
  numDeInvitados: optional(nullable(Companions)),
  placas: optional(nullable(size(string(), 0, 20))),
  /** Condo form: a tower id, or null for the dwellings outside any tower. */
  torre: OptionalId,
  apartment: OptionalId,
  user: OptionalId,
});
export type GuestSubmission = Infer<typeof GuestSubmission>;

export const GuestRegistered = object({
  success: literal(true),
  QR: string(),
  /** The key the guard types when the QR cannot be read. */
  ClaveManual: string(),
  CondoId: number(),
  PuntoDeAcceso: nullable(AccessPoint),
});
export type GuestRegistered = Infer<typeof GuestRegistered>;

/** Why the server refused a registration it understood: the `field` of its 409 answer. */
export const GUEST_REFUSALS = ['invalid', 'cancelled', 'ended', 'guestLimit', 'vehicleLimit'] as const;
export type GuestRefusal = (typeof GUEST_REFUSALS)[number];
export const GuestRefusalKind = enums(GUEST_REFUSALS);

/** The spec's Spanish messages (§5, §8); the browser shows the same text from the guest.* catalog. */
export const GUEST_MESSAGES = {
  invalid: 'El link de registro es inválido, favor de verificarlo.',
  ended: 'El registro para este evento ya terminó.',
  cancelled: 'El evento fue cancelado, por favor contacta al organizador.',
  guestLimit: 'El evento ha llegado al límite de invitados.',
  vehicleLimit: 'No hay espacios de estacionamiento disponible. Entrada solo a pie.',
  nombreRequired: 'El nombre es requerido.',
  emailRequired: 'El correo electrónico es requerido.',
  emailInvalid: 'Correo electrónico inválido.',
  emailMismatch: 'Los correos electrónicos no coinciden.',
  placasRequired: 'Las placas del vehículo son requeridas.',
  accessRequired: 'Las forma de acceso es requerida.',
  companionsRequired: 'El número de acompañantes es requerido.',
  apartmentRequired: 'La vivienda es requerida.',
  userRequired: 'El residente es requerido.',
} as const;
export type GuestMessage = keyof typeof GUEST_MESSAGES;

export type GuestField =
  | 'nombre'
  | 'email'
  | 'confirmEmail'
  | 'formaDeAcceso'
  | 'placas'
  | 'numDeInvitados'
  | 'apartment'
  | 'user';

/** What the form asks, from the link's form info. */
export interface GuestFormShape {
  type: GuestLinkType;
  /** Companions choices 1..companions; 0: the event allows none. */
  companions: number;
  /** The access kind is asked (settings.general.datosARegistrar.formaDeAcceso). */
  asksAccess: boolean;
  /** Plates are asked of guests by car (…datosARegistrar.placas). */
  asksPlates: boolean;
}

export interface GuestValues {
  nombre: string;
  email: string;
  confirmEmail: string;
  telefono: string;
  formaDeAcceso: AccessKind | '';
  numDeInvitados: number | null;
  placas: string;
  /** '' nothing chosen, 'none' the dwellings outside any tower, else a tower id. */
  torre: string;
  apartment: number | null;
  user: number | null;
}

export const EMPTY_GUEST: GuestValues = {
  nombre: '',
  email: '',
  confirmEmail: '',
  telefono: '',
  formaDeAcceso: 'pie',
  numDeInvitados: null,
  placas: '',
  torre: '',
  apartment: null,
  user: null,
};

/** Every rule of spec §5 Guest forms: the first problem of each field, or none. */
export function guestProblems(values: GuestValues, shape: GuestFormShape): Partial<Record<GuestField, GuestMessage>> {
  const problems: Partial<Record<GuestField, GuestMessage>> = {};
  const email = values.email.trim();
  const confirm = values.confirmEmail.trim();
  if (!values.nombre.trim()) problems.nombre = 'nombreRequired';
  if (!email) problems.email = 'emailRequired';
  else if (!EMAIL_PATTERN.test(email)) problems.email = 'emailInvalid';
  if (!confirm) problems.confirmEmail = 'emailRequired';
  else if (!EMAIL_PATTERN.test(confirm)) problems.confirmEmail = 'emailInvalid';
  else if (confirm.toLowerCase() !== email.toLowerCase()) problems.confirmEmail = 'emailMismatch';
  if (shape.asksAccess && values.formaDeAcceso !== 'pie' && values.formaDeAcceso !== 'auto') {
    problems.formaDeAcceso = 'accessRequired';
  }
  if (shape.asksPlates && values.formaDeAcceso === 'auto' && !values.placas.trim()) problems.placas = 'placasRequired';
  if (shape.companions > 0) {
    const n = values.numDeInvitados;
    if (n === null || !Number.isInteger(n) || n < 1 || n > shape.companions) problems.numDeInvitados = 'companionsRequired';
  }
  if (shape.type === 'condo') {
    if (values.apartment === null) problems.apartment = 'apartmentRequired';
    if (values.user === null) problems.user = 'userRequired';
  }
  return problems;
}

/** The form a link opens, from its form info; null when the type is unknown (an invalid link). */
export function guestFormShape(info: GuestFormInfo): GuestFormShape | null {
  if (!(GUEST_LINK_TYPES as readonly string[]).includes(info.type)) return null;
  const settings = info.data.settings.general.datosARegistrar;
  return {
    type: info.type as GuestLinkType,
    companions: info.type === 'event' ? Math.max(0, info.data.NumeroDeAsistentes) : 0,
    asksAccess: settings.formaDeAcceso,
    asksPlates: settings.placas,
  };
}
