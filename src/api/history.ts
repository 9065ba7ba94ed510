// The history (historial, issue 16): the condominium's audit log (server/domain/shared/audit.ts), newest first,
// for administrators and the board (permissions.canReadHistory). Append-only: no path here writes, and none
// ever will (tests/server/historyAppendOnly.test.ts).
import { array, type Infer, literal, nullable, number, object, optional, pattern, string } from 'superstruct';
import { CalendarDate, PageQueryOf, QueryInteger } from './validation';

export const HISTORY_PATHS = {
  /** canReadHistory: GET ?limit=&offset=&actor=&entity=&desde=&hasta= → HistoryAnswer. */
  list: '/--historial',
  /** canReadHistory: GET with the same filters → text/csv (UTF-8 with BOM), at most HISTORY_EXPORT_MAX rows. */
  export: '/--historial/export',
} as const;

export const HISTORY_PAGE_SIZE = 25;
export const HISTORY_MAX_PAGE_SIZE = 100;
export const HISTORY_EXPORT_MAX = 50_000;
/** actor=0 asks for the rows of the system (no person). */
export const SYSTEM_ACTOR = 0;

/** The kinds of things the log names (server-side recordAudit's entity). Others may come: shown raw. */
export const HISTORY_ENTITIES = [
  'ticket',
  'ticket_category',
  'ticket_due_hours',
  'poll',
  'facility',
  'reservation',
  'reservation_deposit',
  'calendar_event',
  'section',
  'recurring_charge',
  'condo_settings',
  'tower',
  'apartment',
  'apartment_import',
  'invitation',
  'residency',
  'membership',
  'permissions',
  'access_request',
  'late_fee_rule',
  'late_fee_exemption',
  'late_fee',
  'payment_settings',
  'payment_proof',
  'reminder_settings',
] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

/** The actions with a label of their own; any other is shown as written. */
export const HISTORY_ACTIONS = [
  'create',
  'update',
  'delete',
  'deactivate',
  'activate',
  'reorder',
  'import',
  'invite',
  'resend',
  'revoke',
  'accept',
  'approve',
  'reject',
  'move_out',
  'cancel',
  'asignar',
  'resolver',
  'cerrar',
  'reabrir',
  'cancelar',
  'iniciar',
  'publicar',
  'confirmar',
  'rechazar',
  'settle',
  'condonar',
  'aceptar',
  'retirar',
] as const;

const EntityName = pattern(string(), /^[a-z_]{1,40}$/);

/** The filters: each optional; desde/hasta are the condominium's local calendar days, both included. */
export const HistoryFilters = object({
  actor: optional(QueryInteger(0, 2_147_483_647)),
  entity: optional(EntityName),
  desde: optional(CalendarDate),
  hasta: optional(CalendarDate),
});
export type HistoryFilters = Infer<typeof HistoryFilters>;

export const HistoryQuery = object({
  ...PageQueryOf(HISTORY_MAX_PAGE_SIZE).schema,
  ...HistoryFilters.schema,
});
export type HistoryQuery = Infer<typeof HistoryQuery>;

/** One changed field: its value before and after as text (null: it was not there). */
export const HistoryChange = object({ field: string(), before: nullable(string()), after: nullable(string()) });
export type HistoryChange = Infer<typeof HistoryChange>;

export const HistoryItem = object({
  id: number(),
  /** ISO-8601 UTC. */
  at: string(),
  /** null: the system (a scheduled job). */
  actorId: nullable(number()),
  actorName: nullable(string()),
  entity: string(),
  entityId: number(),
  /** A name, title or label found in the row's own before/after, when it has one. */
  label: nullable(string()),
  action: string(),
  changes: array(HistoryChange),
});
export type HistoryItem = Infer<typeof HistoryItem>;

export const HistoryPerson = object({ id: number(), name: string() });
export type HistoryPerson = Infer<typeof HistoryPerson>;

export const HistoryAnswer = object({
  success: literal(true),
  items: array(HistoryItem),
  total: number(),
  /** Who appears in this condominium's log (the person filter's choices), by name. */
  people: array(HistoryPerson),
  /** The kinds this condominium's log holds (the kind filter's choices). */
  entities: array(string()),
  /** The condominium's time zone (the dates of the filter and of the rows). */
  timeZone: string(),
});
export type HistoryAnswer = Infer<typeof HistoryAnswer>;

/** The filters as a querystring's entries (empty ones left out), for the list and the export. */
export function historySearchParams(filters: HistoryFilters & { limit?: number; offset?: number }): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') params[key] = String(value);
  }
  return params;
}

/** A changed value longer than this is shown cut, with a way to read it whole. */
export const HISTORY_VALUE_PREVIEW = 80;
