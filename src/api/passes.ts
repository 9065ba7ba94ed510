// The visitor pass (invitacion/{CondoId}/{QR}, spec §2.7, §3.3 Pass, §8, §9): everything the pass page shows.
import { array, enums, type Infer, literal, nullable, number, object, optional, pattern, string } from 'superstruct';
import { LANGUAGES } from '../i18n/languages';
import { AccessPoint } from './accessPoints';
import { digitsAsNumber, Id } from './validation';
import { PASS_CONDO_ID, PASS_QR } from './visitorPaths';

/** QR codes are URL-safe text. */
export const PassParams = object({
  condoId: digitsAsNumber(Id, PASS_CONDO_ID),
  qr: pattern(string(), PASS_QR),
});

/** The pass's PDF: ?lang= the language the page shows (a download link carries no Accept-Language of the
 * page's choosing); without it, the request's language. */
export const PassPdfQuery = object({ lang: optional(enums(LANGUAGES)) });

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
