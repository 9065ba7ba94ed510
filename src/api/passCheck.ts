// 'Verificar pase' on the employee panel: a guard types a visitor pass's manual key (or the QR's text, or
// the pass's link) and the server answers who it is for and whether it lets them in now, decided in the
// condominium's time zone by the rule below. The spec is silent on this screen (docs/decisions.md).
import { array, enums, type Infer, literal, nullable, number, object, string } from 'superstruct';
import type { LocalNow } from './myGuests';
import { WEEKDAYS } from './passes';
import { NonEmpty } from './validation';

export const STAFF_PATHS = {
  /** Guards, supervisors and administrators: POST PassCheckRequest → PassCheckAnswer; 404 unknown code. */
  checkPass: '/--empleados/verificar-pase',
} as const;

/** Room for a pass's whole link; a key is 8 characters and a QR's text 20. */
export const PASS_CHECK_CODE_MAX = 300;

export const PassCheckRequest = object({ codigo: NonEmpty(PASS_CHECK_CODE_MAX) });
export type PassCheckRequest = Infer<typeof PassCheckRequest>;

/** What the guard reads first: lets in now, not on this day, on this day but not at this hour, or revoked. */
export const PASS_VERDICTS = ['valid', 'notToday', 'outsideHours', 'revoked'] as const;
export type PassVerdict = (typeof PASS_VERDICTS)[number];

/** Why a pass does not let in now. */
export const PASS_REFUSALS = ['notStarted', 'expired', 'weekday', 'early', 'late', 'revoked', 'eventCancelled'] as const;
export type PassRefusal = (typeof PASS_REFUSALS)[number];

/** The pass as the guard needs it: who, to which dwelling and host, and when it opens. No e-mail or phone. */
export const CheckedPass = object({
  Tipo: string(),
  Nombre: string(),
  ClaveManual: string(),
  NombreInfante: nullable(string()),
  TorreName: nullable(string()),
  AptName: nullable(string()),
  /** The resident who invited. */
  UserName: nullable(string()),
  /** The event's name, for an event's guest. */
  Evento: nullable(string()),
  DiasAcceso: array(string()),
  FechaInicio: nullable(string()),
  FechaFin: nullable(string()),
  HoraInicio: nullable(string()),
  HoraFin: nullable(string()),
  NotaVisitante: nullable(string()),
  /** Companions registered with an event's guest. */
  Acompanantes: number(),
  /** 'pie' or 'auto'. */
  FormaDeAcceso: string(),
  Placas: nullable(string()),
});
export type CheckedPass = Infer<typeof CheckedPass>;

export const PassCheck = object({
  verdict: enums(PASS_VERDICTS),
  reason: nullable(enums(PASS_REFUSALS)),
  /** The condominium's date and time the verdict was decided at. */
  checkedAt: object({ date: string(), time: string() }),
  pass: CheckedPass,
});
export type PassCheck = Infer<typeof PassCheck>;

export const PassCheckAnswer = object({ success: literal(true), data: PassCheck });
export type PassCheckAnswer = Infer<typeof PassCheckAnswer>;

/** A pass's link (…/invitacion/{CondoId}/{QR}) gives its QR; anything else is the typed code itself. */
const PASS_LINK = /\/invitacion\/\d+\/([A-Za-z0-9_-]+)/;

/** What a typed code may match: the QR's text as it is, or the manual key without spaces, in capitals. */
export function passCodeCandidates(typed: string): { qr: string; manualKey: string } {
  const text = typed.trim();
  const qr = PASS_LINK.exec(text)?.[1] ?? text;
  return { qr, manualKey: text.replace(/\s+/g, '').toUpperCase() };
}

/** The weekday name (WEEKDAYS, Monday first) of a YYYY-MM-DD calendar day. */
export function weekdayOf(date: string): (typeof WEEKDAYS)[number] {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const sundayFirst = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7]!;
}

export interface PassWindow {
  FechaInicio: string | null;
  FechaFin: string | null;
  HoraInicio: string | null;
  HoraFin: string | null;
  /** Empty: any day within the dates. */
  DiasAcceso: readonly string[];
  revoked: boolean;
  /** The pass is an event's and the event was cancelled. */
  eventCancelled: boolean;
}

/**
 * Whether a pass lets its visitor in at `now` (the condominium's calendar day and HH:mm). Revoked passes
 * and cancelled events never do. Otherwise the day must be within FechaInicio..FechaFin (both inclusive; a
 * missing one does not bound) and one of DiasAcceso (any day when empty), and the time within
 * HoraInicio..HoraFin (both inclusive; a missing bound is open, so an event's guest, who has a start hour
 * only, is let in from that hour to the end of the day).
 */
export function passVerdict(pass: PassWindow, now: LocalNow): { verdict: PassVerdict; reason: PassRefusal | null } {
  if (pass.revoked) return { verdict: 'revoked', reason: 'revoked' };
  if (pass.eventCancelled) return { verdict: 'revoked', reason: 'eventCancelled' };
  if (pass.FechaInicio && now.date < pass.FechaInicio) return { verdict: 'notToday', reason: 'notStarted' };
  if (pass.FechaFin && now.date > pass.FechaFin) return { verdict: 'notToday', reason: 'expired' };
  if (pass.DiasAcceso.length > 0 && !pass.DiasAcceso.includes(weekdayOf(now.date))) {
    return { verdict: 'notToday', reason: 'weekday' };
  }
  if (pass.HoraInicio && now.time < pass.HoraInicio) return { verdict: 'outsideHours', reason: 'early' };
  if (pass.HoraFin && now.time > pass.HoraFin) return { verdict: 'outsideHours', reason: 'late' };
  return { verdict: 'valid', reason: null };
}
