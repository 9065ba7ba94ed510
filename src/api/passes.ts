// The visitor pass (invitacion/{CondoId}/{QR}, spec §2.7, §3.3 Pass, §8, §9): everything the pass page shows.
import { array, coerce, type Infer, literal, nullable, number, object, pattern, string } from 'superstruct';
import { AccessPoint } from './guests';
import { Id } from './validation';

export const PASS_PATHS = {
  /** Public: GET, the pass; 404 when it is unknown or revoked. */
  view: (condoId: number | string, qr: string) => `/--invitados/pase/${condoId}/${qr}`,
  /** Public: GET, the pass as application/pdf; 404 like the pass. */
  pdf: (condoId: number | string, qr: string) => `/--invitados/pase-pdf/${condoId}/${qr}`,
} as const;

/** QR codes are URL-safe text. */
export const PassParams = object({
  condoId: coerce(Id, pattern(string(), /^\d{1,10}$/), Number),
  qr: pattern(string(), /^[A-Za-z0-9_-]{1,64}$/),
});

export const PASS_TYPES = ['temporal', 'domestico', 'infante', 'manual', 'preautorizado', 'evento'] as const;
export type PassType = (typeof PASS_TYPES)[number];

/** Weekday names as DiasAcceso carries them (Spanish, Monday first). */
export const WEEKDAYS = ['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo'] as const;

export const Pass = object({
  Tipo: string(),
  Nombre: string(),
  Email: nullable(string()),
  Telefono: nullable(string()),
  QR: string(),
  /** The key the guard types when the QR cannot be read. */
  ClaveManual: string(),
  /** Weekday names of WEEKDAYS; empty: any day within the dates. */
  DiasAcceso: array(string()),
  /** YYYY-MM-DD, in the condominium's time zone. */
  FechaInicio: nullable(string()),
  FechaFin: nullable(string()),
  /** HH:mm (24 h); the page shows h:mm A. */
  HoraInicio: nullable(string()),
  HoraFin: nullable(string()),
  NotaVisitante: nullable(string()),
  /** Link to the condominium's regulation. */
  reglamento: nullable(string()),
  CondoId: number(),
  CondoName: string(),
  TorreName: nullable(string()),
  AptName: nullable(string()),
  UserName: nullable(string()),
  NombreInfante: nullable(string()),
  puntosDeAcceso: array(AccessPoint),
});
export type Pass = Infer<typeof Pass>;

export const PassAnswer = object({ success: literal(true), data: Pass });
export type PassAnswer = Infer<typeof PassAnswer>;
