// Supervisor rounds (recorridos, issue 31): checkpoints with a QR code (and an NFC tag where one is stuck), plans
// that walk them in order (or in any order) on a schedule with a tolerance per checkpoint, the rounds each slot of
// the schedule makes, the guard's scans (camera or NFC; offline through the device's queue, each with the id its
// device made, counted once), and the supervisor's panel. Guards, supervisors and administrators walk rounds
// (permissions.canWalkRounds, a paired device's shift too); supervisors and administrators keep checkpoints and
// plans and read the panel (canManageRounds). A scan is never edited: corrections are notes.
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
import { ClientId } from './gate';
import { ParcelPhoto } from './parcels';
import { CalendarDate, Id, Instant, NonEmpty, WholeNumber } from './validation';

export const ROUND_PATHS = {
  /** canManageRounds: GET → CheckpointsAnswer (active and retired). */
  checkpoints: '/--recorridos/puntos',
  /** canManageRounds: POST CheckpointRequest (no id: a new one with a fresh code) → CheckpointAnswer. */
  saveCheckpoint: '/--recorridos/puntos/guardar',
  /** canManageRounds: POST {} → CheckpointAnswer; retired: out of new rounds, kept in the old ones. */
  retireCheckpoint: '/--recorridos/puntos/:checkpointId/baja',
  /** canManageRounds: GET ?ids=1,2 → application/pdf, one sheet per checkpoint with its QR code. */
  sheet: '/--recorridos/puntos/hoja',
  /** canManageRounds: GET → PlansAnswer. */
  plans: '/--recorridos/planes',
  /** canManageRounds: POST PlanRequest → PlanAnswer; the coming rounds not started are made again. */
  savePlan: '/--recorridos/planes/guardar',
  /** canWalkRounds (gate shift too): GET → RoundsAnswer, the rounds open now or starting soon. */
  mine: '/--recorridos/por-recorrer',
  /** canWalkRounds (gate shift too): POST {} → RoundAnswer; 409 outside its time. */
  start: '/--recorridos/:roundId/iniciar',
  /** canWalkRounds (gate shift too): POST ScanRequest → ScanAnswer (a replayed clientId: the scan recorded before). */
  scan: '/--recorridos/escanear',
  /** canWalkRounds (gate shift too): POST {} → RoundAnswer; checkpoints not scanned are missed. */
  finish: '/--recorridos/:roundId/terminar',
  /** canWalkRounds (gate shift too): POST NoteRequest → RoundAnswer. */
  note: '/--recorridos/:roundId/nota',
  /** canManageRounds: GET → PanelAnswer (the last 24 hours' and the next 12 hours' rounds, guards, the gate). */
  panel: '/--recorridos/panel',
  /** canManageRounds: GET ?week=YYYY-MM-DD (a Monday) → application/pdf, the week's rounds and incidents. */
  weekly: '/--recorridos/reporte-semanal',
} as const;

export const retireCheckpointPath = (id: number) => `/--recorridos/puntos/${id}/baja`;
export const startRoundPath = (id: number) => `/--recorridos/${id}/iniciar`;
export const finishRoundPath = (id: number) => `/--recorridos/${id}/terminar`;
export const roundNotePath = (id: number) => `/--recorridos/${id}/nota`;

export const ROUND_STATUSES = ['scheduled', 'walking', 'done', 'late', 'missed'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];
export const STOP_STATUSES = ['pending', 'done', 'late', 'missed'] as const;
export type StopStatus = (typeof STOP_STATUSES)[number];
export const SCAN_OUTCOMES = ['done', 'late', 'already'] as const;
export type ScanOutcome = (typeof SCAN_OUTCOMES)[number];

export const ROUND_LIMITS = {
  name: 80,
  place: 120,
  instructions: 500,
  note: 500,
  code: 200,
  stops: 30,
  everyHoursMax: 24,
  toleranceMin: 1,
  toleranceMax: 720,
  /** A round may be started this many minutes before its slot. */
  startEarlyMinutes: 30,
} as const;

/** 'HH:mm', 00:00 to 23:59. */
export const WallTime = pattern(string(), /^([01]\d|2[0-3]):[0-5]\d$/);
/** An NFC tag's serial number as Web NFC reads it ('04:a2:…'), or hex. */
export const NfcTag = pattern(string(), /^[0-9A-Fa-f]{2}(:?[0-9A-Fa-f]{2}){1,31}$/);

export const CheckpointRequest = object({
  id: optional(Id),
  name: NonEmpty(ROUND_LIMITS.name),
  place: size(string(), 0, ROUND_LIMITS.place),
  instructions: size(string(), 0, ROUND_LIMITS.instructions),
  nfcTag: optional(nullable(NfcTag)),
});
export type CheckpointRequest = Infer<typeof CheckpointRequest>;

export const PlanRequest = object({
  id: optional(Id),
  name: NonEmpty(ROUND_LIMITS.name),
  ordered: boolean(),
  everyHours: WholeNumber(1, ROUND_LIMITS.everyHoursMax),
  from: WallTime,
  to: WallTime,
  stops: size(
    array(object({ checkpointId: Id, toleranceMinutes: WholeNumber(ROUND_LIMITS.toleranceMin, ROUND_LIMITS.toleranceMax) })),
    1,
    ROUND_LIMITS.stops,
  ),
});
export type PlanRequest = Infer<typeof PlanRequest>;

export const ScanRequest = object({
  clientId: ClientId,
  roundId: Id,
  /** The QR code's text or the NFC tag's id. */
  code: NonEmpty(ROUND_LIMITS.code),
  /** By the device's clock; the server's now when absent. */
  scannedAt: optional(Instant),
  offline: optional(boolean()),
  /** Something wrong at the checkpoint. */
  note: optional(nullable(size(string(), 0, ROUND_LIMITS.note))),
  photo: optional(nullable(ParcelPhoto)),
});
export type ScanRequest = Infer<typeof ScanRequest>;

export const NoteRequest = object({
  text: NonEmpty(ROUND_LIMITS.note),
  checkpointId: optional(nullable(Id)),
});
export type NoteRequest = Infer<typeof NoteRequest>;

export const Checkpoint = object({
  id: number(),
  name: string(),
  place: string(),
  instructions: string(),
  code: string(),
  nfcTag: nullable(string()),
  active: boolean(),
});
export type Checkpoint = Infer<typeof Checkpoint>;

export const Plan = object({
  id: number(),
  name: string(),
  ordered: boolean(),
  everyHours: number(),
  from: string(),
  to: string(),
  active: boolean(),
  stops: array(object({ checkpointId: number(), name: string(), toleranceMinutes: number() })),
});
export type Plan = Infer<typeof Plan>;

export const RoundStop = object({
  id: number(),
  checkpointId: number(),
  name: string(),
  place: string(),
  instructions: string(),
  /** What the device compares a scan with, offline too. */
  code: string(),
  nfcTag: nullable(string()),
  position: number(),
  /** Wall clock in the condominium's zone, 'YYYY-MM-DDTHH:mm'. */
  dueAt: string(),
  status: enums(STOP_STATUSES),
  scannedAt: nullable(string()),
  outOfOrder: boolean(),
  note: nullable(string()),
});
export type RoundStop = Infer<typeof RoundStop>;

export const RoundNote = object({ text: string(), at: string(), by: nullable(string()), checkpointId: nullable(number()) });
export type RoundNote = Infer<typeof RoundNote>;

export const Round = object({
  id: number(),
  planId: number(),
  planName: string(),
  ordered: boolean(),
  /** Wall clock in the condominium's zone, 'YYYY-MM-DDTHH:mm'. */
  slotAt: string(),
  closesAt: string(),
  /** The same instants in UTC (ISO-8601), for the device's clock. */
  slotAtUtc: string(),
  closesAtUtc: string(),
  status: enums(ROUND_STATUSES),
  startedAt: nullable(string()),
  finishedAt: nullable(string()),
  walkedBy: nullable(string()),
  stops: array(RoundStop),
  notes: array(RoundNote),
});
export type Round = Infer<typeof Round>;

export const CheckpointAnswer = object({ success: literal(true), data: Checkpoint });
export const CheckpointsAnswer = object({ success: literal(true), items: array(Checkpoint) });
export type CheckpointsAnswer = Infer<typeof CheckpointsAnswer>;
export const PlanAnswer = object({ success: literal(true), data: Plan });
export const PlansAnswer = object({ success: literal(true), items: array(Plan) });
export type PlansAnswer = Infer<typeof PlansAnswer>;
export const RoundAnswer = object({ success: literal(true), data: Round });
export type RoundAnswer = Infer<typeof RoundAnswer>;
export const RoundsAnswer = object({ success: literal(true), items: array(Round) });
export type RoundsAnswer = Infer<typeof RoundsAnswer>;
export const ScanAnswer = object({
  success: literal(true),
  outcome: enums(SCAN_OUTCOMES),
  data: Round,
  /** The clientId was recorded before: nothing was written. */
  replayed: boolean(),
});
export type ScanAnswer = Infer<typeof ScanAnswer>;

export const ShiftGuard = object({ name: string(), device: nullable(string()), since: string() });
export type ShiftGuard = Infer<typeof ShiftGuard>;

export const PanelAnswer = object({
  success: literal(true),
  rounds: array(Round),
  guards: array(ShiftGuard),
  gate: object({ inside: number(), parcelsWaiting: number(), movementsToday: number() }),
});
export type PanelAnswer = Infer<typeof PanelAnswer>;

/** The stop a scanned text names: its QR code's text, or its NFC tag's id (any case, with or without colons). */
export function stopForCode<S extends Pick<RoundStop, 'code' | 'nfcTag'>>(stops: readonly S[], text: string): S | null {
  const wanted = text.trim();
  const tag = (value: string) => value.replace(/:/g, '').toLowerCase();
  return stops.find((s) => s.code === wanted || (s.nfcTag !== null && tag(s.nfcTag) === tag(wanted))) ?? null;
}

/** In an ordered round, a checkpoint whose earlier ones are not scanned yet is out of order. */
export function isOutOfOrder(
  round: Pick<Round, 'ordered'> & { stops: readonly Pick<RoundStop, 'position' | 'scannedAt'>[] },
  position: number,
): boolean {
  return round.ordered && round.stops.some((s) => s.position < position && s.scannedAt === null);
}

/** The round's status once closed (or finished): any checkpoint missed, any late, or all on time. */
export function closedStatus(stops: readonly { status: StopStatus; scanned: boolean }[]): RoundStatus {
  if (stops.some((s) => !s.scanned)) return 'missed';
  return stops.some((s) => s.status === 'late') ? 'late' : 'done';
}

const MINUTE = 60_000;
const toMinutes = (wall: string) => Number(wall.slice(0, 2)) * 60 + Number(wall.slice(3, 5));

/**
 * The slots of a plan's window starting at `windowStart` (the instant of `from` on the window's day): every
 * `everyHours` from `from` up to `to` included, crossing midnight when `to` ≤ `from` (`to` = `from`: a whole day,
 * its last slot before the next window's first).
 */
export function windowSlots(windowStart: Date, plan: { everyHours: number; from: string; to: string }): Date[] {
  const span = (toMinutes(plan.to) - toMinutes(plan.from) + 1440) % 1440;
  const last = span === 0 ? 1440 - 1 : span;
  const slots: Date[] = [];
  for (let minutes = 0; minutes <= last; minutes += plan.everyHours * 60) {
    slots.push(new Date(windowStart.getTime() + minutes * MINUTE));
  }
  return slots;
}

/** When a round closes: its slot plus the longest tolerance of its checkpoints. */
export const roundClosesAt = (slotAt: Date, tolerances: readonly number[]) =>
  new Date(slotAt.getTime() + Math.max(0, ...tolerances) * MINUTE);

/** The sheet's checkpoints: ids separated by commas (none: every active checkpoint). */
export const SheetQuery = object({ ids: optional(pattern(string(), /^\d{1,9}(,\d{1,9}){0,99}$/)) });
export type SheetQuery = Infer<typeof SheetQuery>;

/** The week of the report: any day of it, 'YYYY-MM-DD' (none: last week). */
export const WeeklyQuery = object({ week: optional(CalendarDate) });
export type WeeklyQuery = Infer<typeof WeeklyQuery>;
