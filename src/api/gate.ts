// The gate (caseta, issue 26): guards, supervisors and administrators with the gate permission check a visitor's
// pass, record entries, exits and refusals, and read the movement log (bitacora-movimientos). Everything a device
// records carries an id the device made (clientId), so a retry or an offline batch sent twice records once.
// The verdict is the pass check's rule (src/api/passCheck.ts passVerdict) plus the pass's entry limit (gateVerdict,
// the one rule of the server's check and of a device checking offline against the signed snapshot of today's passes).
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  nullable,
  number,
  object,
  omit,
  optional,
  pattern,
  refine,
  size,
  string,
} from 'superstruct';
import type { LocalNow } from './myGuests';
import { CheckedPass, PASS_CHECK_CODE_MAX, PASS_REFUSALS, type PassWindow, passVerdict } from './passCheck';
import { CalendarDate, Id, Instant, NonEmpty, PageQueryOf, QueryInteger } from './validation';

export const GATE_PATHS = {
  /** GET ?q= → GateTodayAnswer: who is expected today and who is inside now. */
  today: '/--caseta/hoy',
  /** POST GateCheckRequest → GateCheckAnswer; 404 unknown code (the pass check's message). */
  check: '/--caseta/verificar',
  /** POST GateEntryRequest → GateMovementAnswer; 409 gate.notAllowed / gate.usedUp (online only). */
  entry: '/--caseta/entrada',
  /** POST GateExitRequest → GateMovementAnswer; 409 gate.alreadyOut. */
  exit: '/--caseta/salida',
  /** POST GateRefusalRequest → GateMovementAnswer. */
  refusal: '/--caseta/rechazo',
  /** GET → GateSnapshotAnswer: today's passes, signed, for checking codes without network. */
  snapshot: '/--caseta/pases-hoy',
  /** POST EntryPhotoRequest → EntryPhotoAnswer: an entry's photo of plates or ID, sent right after recording it;
   * once per entry (a second call answers the first photo). entryPhotoPath(id). */
  photo: '/--caseta/movimientos/:movementId/foto',
  /** GET with the signed link a log row gave administrators and supervisors → the photo. entryPhotoFilePath(id). */
  photoFile: '/--bitacora/foto/:movementId',
} as const;

export const entryPhotoPath = (movementId: number) => `/--caseta/movimientos/${movementId}/foto`;
export const entryPhotoFilePath = (movementId: number) => `/--bitacora/foto/${movementId}`;

/** Days an entry's photo is kept by default (the condominium's photoRetentionDays, src/api/condoSettings.ts). */
export const ENTRY_PHOTO_RETENTION_DAYS = 30;
/** The photo's types, as the camera or the gallery give them; at most ATTACHMENT_MAX_BYTES (src/api/uploads.ts). */
export const ENTRY_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const MOVEMENT_PATHS = {
  /** GET MovementQuery → MovementListAnswer. Gate staff and administrators: all; residents: their dwellings. */
  list: '/--bitacora/movimientos',
  /** GET MovementFilters → text/csv of every row the filters find (at most MOVEMENT_EXPORT_MAX). */
  export: '/--bitacora/movimientos/export',
  /** GET MovementFilters → application/pdf of the rows the filters find; more than MOVEMENT_PDF_MAX: 400 gate.pdfTooMany. */
  exportPdf: '/--bitacora/movimientos/pdf',
} as const;

export const GATE_MOVEMENT_KINDS = ['entry', 'exit', 'refusal'] as const;
export type GateMovementKind = (typeof GATE_MOVEMENT_KINDS)[number];

/** A pass's verdict at the gate: the pass check's, plus 'usedUp' when its entries are spent. */
export const GATE_VERDICTS = ['valid', 'notToday', 'outsideHours', 'revoked', 'usedUp'] as const;
export type GateVerdict = (typeof GATE_VERDICTS)[number];

/** Why somebody was not let in: a pass's refusal, entries used up, an unknown code, or the guard's decision. */
export const GATE_REFUSALS = [...PASS_REFUSALS, 'usedUp', 'unknown', 'guardDecision'] as const;
export type GateRefusal = (typeof GATE_REFUSALS)[number];

/** What the server found when a movement recorded offline arrived; the log shows it to the administrator. */
export const GATE_CONFLICTS = ['revoked', 'usedUp', 'notAllowed', 'alreadyOut'] as const;
export type GateConflict = (typeof GATE_CONFLICTS)[number];

/**
 * The gate's verdict: the pass check's, and 'usedUp' when a pass that would let in has no entries left
 * (a pass not valid now keeps its own reason: "not today" says more than "used up"). The server's check and
 * the device's offline check (src/services/gateSnapshot.ts) both decide with it.
 */
export function gateVerdict(
  window: PassWindow,
  at: LocalNow,
  entryLimit: number | null,
  entriesUsed: number,
): { verdict: GateVerdict; reason: GateRefusal | null } {
  const found = passVerdict(window, at);
  if (found.verdict === 'valid' && entryLimit !== null && entriesUsed >= entryLimit)
    return { verdict: 'usedUp', reason: 'usedUp' };
  return found;
}

export const GATE_LIMITS = {
  visitorName: 120,
  plates: 60,
  accessPoint: 80,
  note: 500,
  /** People in one entry: the visitor and companions. */
  people: 50,
  search: 80,
  /** How far back a device's clock may date an offline movement, in days. */
  offlineDays: 7,
  /** How far ahead of the server's clock a device's time is tolerated, in minutes. */
  clockSkewMinutes: 5,
} as const;

/** The caseta's search waits this long after the last keystroke (the spec's usual debounce). */
export const GATE_SEARCH_DEBOUNCE_MS = 500;
/** The caseta's lists are read again this often while the screen is shown (until the live channel). */
export const GATE_REFRESH_MS = 15_000;
/**
 * The signed snapshot of today's passes is fetched again this often while the caseta is shown (and when the
 * network comes back): a list of a few hundred passes every 15 s would cost a phone tens of megabytes an hour.
 * A pass revoked since the last list and let in offline is caught when the entry reaches the server (a conflict
 * the log shows).
 */
export const GATE_SNAPSHOT_REFRESH_MS = 5 * 60_000;

/** An id a device made: a UUID (crypto.randomUUID), lower or upper case. */
export const ClientId = pattern(string(), /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/);

/** An ISO-8601 UTC instant with milliseconds, as Date.toISOString writes it, on a day that exists. */
export { Instant };

const OptionalText = (max: number) => optional(nullable(size(string(), 0, max)));

export const GateCheckRequest = object({ codigo: NonEmpty(PASS_CHECK_CODE_MAX) });
export type GateCheckRequest = Infer<typeof GateCheckRequest>;

export const GateCheck = object({
  verdict: enums(GATE_VERDICTS),
  reason: nullable(enums(GATE_REFUSALS)),
  checkedAt: object({ date: string(), time: string() }),
  passId: number(),
  apartmentId: nullable(number()),
  pass: CheckedPass,
  /** null: no limit. */
  entryLimit: nullable(number()),
  entriesUsed: number(),
  /** The pass's entry with no exit yet: its visitor is inside now. */
  insideEntryId: nullable(number()),
  /** Checked on the device without network: when the snapshot it was checked against was issued. */
  offlineAsOf: optional(Instant),
});
export type GateCheck = Infer<typeof GateCheck>;

export const GateCheckAnswer = object({ success: literal(true), data: GateCheck });
export type GateCheckAnswer = Infer<typeof GateCheckAnswer>;

/** Shared by every movement a device sends: its own id, and for offline work the device's time. */
const DeviceMade = {
  clientId: ClientId,
  /** When it happened by the device's clock; the server's now when absent. */
  occurredAt: optional(Instant),
  /** Recorded while offline: the server records it whatever it finds, and notes the conflict. */
  offline: optional(boolean()),
  note: OptionalText(GATE_LIMITS.note),
  accessPoint: OptionalText(GATE_LIMITS.accessPoint),
};

/** An entry on a pass (passId) or without one (a walk-in: apartmentId and visitorName required). */
export const GateEntryRequest = object({
  ...DeviceMade,
  passId: optional(nullable(Id)),
  apartmentId: optional(nullable(Id)),
  visitorName: NonEmpty(GATE_LIMITS.visitorName),
  people: refine(
    integer(),
    'People',
    (value) => (value >= 1 && value <= GATE_LIMITS.people) || `must be 1 to ${GATE_LIMITS.people}`,
  ),
  plates: OptionalText(GATE_LIMITS.plates),
});
export type GateEntryRequest = Infer<typeof GateEntryRequest>;

export const GateExitRequest = object({ ...DeviceMade, entryId: Id });
export type GateExitRequest = Infer<typeof GateExitRequest>;

export const GateRefusalRequest = object({
  ...DeviceMade,
  passId: optional(nullable(Id)),
  apartmentId: optional(nullable(Id)),
  visitorName: NonEmpty(GATE_LIMITS.visitorName),
  reason: enums(GATE_REFUSALS),
});
export type GateRefusalRequest = Infer<typeof GateRefusalRequest>;

export const GateMovement = object({
  id: number(),
  clientId: string(),
  kind: enums(GATE_MOVEMENT_KINDS),
  passId: nullable(number()),
  passKind: nullable(string()),
  apartmentId: nullable(number()),
  /** 'Torre A - 101', or the dwelling's name without a tower; null without a dwelling. */
  dwelling: nullable(string()),
  visitorName: string(),
  people: number(),
  plates: nullable(string()),
  accessPoint: nullable(string()),
  note: nullable(string()),
  reason: nullable(enums(GATE_REFUSALS)),
  entryId: nullable(number()),
  /** An entry's exit time (ISO) once it has one. */
  exitAt: nullable(string()),
  deviceName: nullable(string()),
  guardName: nullable(string()),
  /** ISO-8601 UTC. */
  occurredAt: string(),
  /** 'YYYY-MM-DD HH:mm' in the condominium's zone. */
  occurredLocal: string(),
  conflict: nullable(enums(GATE_CONFLICTS)),
  /** The entry's photo (a signed link), only in the log's answers to administrators and supervisors. */
  photoUrl: optional(nullable(string())),
});
export type GateMovement = Infer<typeof GateMovement>;

/** An entry's photo as a data URL (decoded ≤ ATTACHMENT_MAX_BYTES; the bytes must be what the type says). */
export const EntryPhotoRequest = object({
  dataUrl: size(pattern(string(), /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/), 30, 2_100_000),
});
export type EntryPhotoRequest = Infer<typeof EntryPhotoRequest>;

export const EntryPhotoAnswer = object({
  success: literal(true),
  /** When the gate's job deletes it (ISO-8601 UTC). */
  expiresAt: string(),
  /** The entry had its photo already: nothing new was stored. */
  duplicate: boolean(),
});
export type EntryPhotoAnswer = Infer<typeof EntryPhotoAnswer>;

export const GateMovementAnswer = object({
  success: literal(true),
  data: GateMovement,
  /** The clientId was recorded before: this is that row, nothing new was written. */
  duplicate: boolean(),
});
export type GateMovementAnswer = Infer<typeof GateMovementAnswer>;

/** Somebody expected today: a pass valid today or a guest of today's event. */
export const ExpectedVisitor = object({
  passId: number(),
  kind: string(),
  name: string(),
  dwelling: nullable(string()),
  apartmentId: nullable(number()),
  host: nullable(string()),
  event: nullable(string()),
  hours: object({ from: nullable(string()), to: nullable(string()) }),
  companions: number(),
  plates: nullable(string()),
  manualKey: string(),
  /** Inside now (an entry with no exit). */
  inside: boolean(),
});
export type ExpectedVisitor = Infer<typeof ExpectedVisitor>;

export const GateTodayQuery = object({ q: optional(size(string(), 0, GATE_LIMITS.search)) });
export type GateTodayQuery = Infer<typeof GateTodayQuery>;

export const GateTodayAnswer = object({
  success: literal(true),
  /** Today in the condominium's zone. */
  today: CalendarDate,
  timeZone: string(),
  expected: array(ExpectedVisitor),
  /** Entries with no exit, newest first. */
  inside: array(GateMovement),
  /** The access points the condominium's passes name (the entry form's choices). */
  accessPoints: array(string()),
  /** The condominium's dwellings (a walk-in's choices). */
  dwellings: array(object({ id: number(), name: string() })),
});
export type GateTodayAnswer = Infer<typeof GateTodayAnswer>;

/**
 * A pass as the device keeps it for checking offline: what the verdict weighs and the card shows, its codes
 * only as hex SHA-256 (of the QR's text, and of the manual key in capitals without spaces), never themselves,
 * and no e-mail or phone. The key is left out of the card's fields too (the guard who typed it has it).
 */
export const GateSnapshotPass = object({
  passId: number(),
  apartmentId: nullable(number()),
  qrHash: pattern(string(), /^[0-9a-f]{64}$/),
  keyHash: pattern(string(), /^[0-9a-f]{64}$/),
  pass: omit(CheckedPass, ['ClaveManual']),
  revoked: boolean(),
  eventCancelled: boolean(),
  /** null: no limit. */
  entryLimit: nullable(number()),
  entriesUsed: number(),
  insideEntryId: nullable(number()),
});
export type GateSnapshotPass = Infer<typeof GateSnapshotPass>;

/** Every pass of the condominium whose dates include today (revoked ones too: offline says "revocado"). */
export const GateSnapshot = object({
  condoId: number(),
  /** The paired device it was issued to; null for a person's own session. */
  deviceId: nullable(number()),
  issuedAt: Instant,
  /** Today in the condominium's zone: a device does not use it on another day. */
  today: CalendarDate,
  timeZone: string(),
  passes: array(GateSnapshotPass),
});
export type GateSnapshot = Infer<typeof GateSnapshot>;

/** The public half of the server's snapshot key, as a JWK (WebCrypto imports it as it is). */
export const SnapshotPublicKey = object({ kty: literal('EC'), crv: literal('P-256'), x: string(), y: string() });
export type SnapshotPublicKey = Infer<typeof SnapshotPublicKey>;

export const GateSnapshotAnswer = object({
  success: literal(true),
  /** The GateSnapshot's JSON exactly as it was signed: verify these characters, then parse them. */
  snapshot: string(),
  /** ECDSA P-256 with SHA-256 over the snapshot's UTF-8 bytes, r||s (IEEE P1363, as WebCrypto gives it), base64url. */
  signature: pattern(string(), /^[A-Za-z0-9_-]+$/),
  publicKey: SnapshotPublicKey,
});
export type GateSnapshotAnswer = Infer<typeof GateSnapshotAnswer>;

export const MOVEMENT_PAGE_SIZE = 25;
export const MOVEMENT_MAX_PAGE_SIZE = 100;
export const MOVEMENT_EXPORT_MAX = 50_000;
/** A PDF is for printing and reading: past this many rows it is refused and the filters are to be narrowed. */
export const MOVEMENT_PDF_MAX = 5_000;

/** The log's filters: each optional; desde/hasta are the condominium's calendar days, both included. */
export const MovementFilters = object({
  desde: optional(CalendarDate),
  hasta: optional(CalendarDate),
  vivienda: optional(QueryInteger(1, 2_147_483_647)),
  tipo: optional(enums(GATE_MOVEMENT_KINDS)),
  guardia: optional(QueryInteger(1, 2_147_483_647)),
  acceso: optional(size(string(), 1, GATE_LIMITS.accessPoint)),
  q: optional(size(string(), 1, GATE_LIMITS.search)),
});
export type MovementFilters = Infer<typeof MovementFilters>;

export const MovementQuery = object({ ...PageQueryOf(MOVEMENT_MAX_PAGE_SIZE).schema, ...MovementFilters.schema });
export type MovementQuery = Infer<typeof MovementQuery>;

export const MovementListAnswer = object({
  success: literal(true),
  items: array(GateMovement),
  total: number(),
  timeZone: string(),
  /** true: the caller sees only their own dwellings' visits ("Mis visitas"). */
  ownOnly: boolean(),
  /** The filters' choices: guards who recorded movements, access points, dwellings the caller may filter by. */
  guards: array(object({ id: number(), name: string() })),
  accessPoints: array(string()),
  dwellings: array(object({ id: number(), name: string() })),
});
export type MovementListAnswer = Infer<typeof MovementListAnswer>;

/** The filters as a querystring's entries (empty ones left out), for the list and the export. */
export function movementSearchParams(filters: MovementFilters & { limit?: number; offset?: number }): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') params[key] = String(value);
  }
  return params;
}
