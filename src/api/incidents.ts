// Incidents and the shift handover (issue 31). An incident is raised at a round's checkpoint, at the gate or from the
// panel: its category, severity, description, place, photos, and the checkpoint it was found at. It moves through the
// lifecycle of incidentsLifecycle.ts; a maintenance incident is turned into a request to the administration (a
// ticket) with one action, and the two are linked both ways (the incident carries the request's id, the request's
// text names the incident). Gate staff, supervisors and administrators see and raise them (permissions.canSeeIncidents,
// a paired device's shift session too). The shift handover: the outgoing guard's notes, read and marked read by the
// incoming one (who, when), once.
import { array, boolean, enums, type Infer, literal, nullable, number, object, optional, size, string, type } from 'superstruct';
import { INCIDENT_ACTIONS, INCIDENT_STATES } from './incidentsLifecycle';
import { uploadOf } from './uploads';
import { Id, NonEmpty, PageQueryOf, Version } from './validation';

export const INCIDENT_PATHS = {
  /** canSeeIncidents (gate shift too): GET ?state=&category=&limit=&offset= → IncidentsPageAnswer, newest first. */
  list: '/--incidentes/lista',
  /** canSeeIncidents (gate shift too): POST IncidentRaiseRequest → IncidentAnswer; the supervisors and administrators are told. */
  raise: '/--incidentes/nuevo',
  /** canSeeIncidents (gate shift too): GET → IncidentAnswer; 404 another condominium's. */
  detail: '/--incidentes/:incidentId',
  /**
   * canSeeIncidents (gate shift too): POST IncidentChangeRequest → IncidentAnswer; 409 (IncidentConflictAnswer) when
   * the lifecycle does not allow it or the version is stale; 403 when the caller's role may not take it. 'request'
   * writes the request (ticket) and links it.
   */
  change: '/--incidentes/:incidentId/cambiar',
  /** A signed link an answer gave (an incident's photo): GET → the image. */
  file: '/--incidentes/archivo/:fileId',
  /** canSeeIncidents (gate shift too): GET → HandoversAnswer, the latest handovers. */
  handovers: '/--incidentes/relevos',
  /** canWriteHandover (gate shift too): POST HandoverRequest → HandoverAnswer. */
  writeHandover: '/--incidentes/relevos/nuevo',
  /** canWriteHandover (gate shift too), not its writer: POST → HandoverAnswer; 409 read already. */
  readHandover: '/--incidentes/relevos/:handoverId/leido',
} as const;

export const incidentPath = (id: number) => `/--incidentes/${id}`;
export const incidentChangePath = (id: number) => `/--incidentes/${id}/cambiar`;
export const incidentFilePath = (id: number) => `/--incidentes/archivo/${id}`;
export const readHandoverPath = (id: number) => `/--incidentes/relevos/${id}/leido`;

/** The screens (under /condominio). */
export const INCIDENT_SCREENS = {
  list: '/recorridos-supervisor/incidentes',
  /** ?punto=<checkpointId> when raised at a round's checkpoint. */
  raise: '/recorridos-supervisor/incidentes/nuevo',
} as const;
export const raiseIncidentScreen = (checkpointId?: number | null) =>
  checkpointId ? `${INCIDENT_SCREENS.raise}?punto=${checkpointId}` : INCIDENT_SCREENS.raise;

export const INCIDENT_CATEGORIES = ['security', 'maintenance', 'noise', 'damage', 'other'] as const;
export type IncidentCategory = (typeof INCIDENT_CATEGORIES)[number];
export const INCIDENT_SEVERITIES = ['low', 'medium', 'high'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
export const INCIDENT_SOURCES = ['checkpoint', 'gate', 'panel'] as const;
export type IncidentSource = (typeof INCIDENT_SOURCES)[number];

export const INCIDENT_DESCRIPTION_MAX = 2000;
export const INCIDENT_PLACE_MAX = 120;
export const INCIDENT_NOTE_MAX = 500;
export const INCIDENT_MAX_PHOTOS = 4;
export const INCIDENT_PHOTO_MAX_BYTES = 1_500_000;
export const INCIDENT_PAGE_SIZE = 20;
export const INCIDENT_MAX_PAGE_SIZE = 50;
export const HANDOVER_NOTES_MAX = 4000;
/** The latest handovers a list shows. */
export const HANDOVER_LIST_SIZE = 10;

export const IncidentState = enums(INCIDENT_STATES);
export const IncidentCategory = enums(INCIDENT_CATEGORIES);
export const IncidentSeverity = enums(INCIDENT_SEVERITIES);

/** A photo: PNG, JPEG or WebP, as attachments are sent. */
export const IncidentPhoto = uploadOf(INCIDENT_PHOTO_MAX_BYTES);

export const IncidentRaiseRequest = object({
  category: IncidentCategory,
  severity: IncidentSeverity,
  description: NonEmpty(INCIDENT_DESCRIPTION_MAX),
  place: NonEmpty(INCIDENT_PLACE_MAX),
  source: enums(INCIDENT_SOURCES),
  /** The rounds' checkpoint it was found at (source 'checkpoint'). */
  checkpointId: optional(nullable(Id)),
  photos: optional(size(array(IncidentPhoto), 0, INCIDENT_MAX_PHOTOS)),
});
export type IncidentRaiseRequest = Infer<typeof IncidentRaiseRequest>;

export const IncidentChangeRequest = object({
  version: Version,
  action: enums(INCIDENT_ACTIONS),
  note: optional(size(string(), 0, INCIDENT_NOTE_MAX)),
});
export type IncidentChangeRequest = Infer<typeof IncidentChangeRequest>;

export const IncidentsQuery = object({
  ...PageQueryOf(INCIDENT_MAX_PAGE_SIZE).schema,
  state: optional(IncidentState),
  category: optional(IncidentCategory),
});
export type IncidentsQuery = Infer<typeof IncidentsQuery>;

export const Incident = object({
  id: number(),
  category: IncidentCategory,
  severity: IncidentSeverity,
  state: IncidentState,
  source: enums(INCIDENT_SOURCES),
  description: string(),
  place: string(),
  checkpointId: nullable(number()),
  reportedBy: nullable(string()),
  /** The wall clock in the condominium's zone, 'YYYY-MM-DDTHH:mm'. */
  createdAt: string(),
  attendedBy: nullable(string()),
  attendedAt: nullable(string()),
  closedBy: nullable(string()),
  closedAt: nullable(string()),
  note: nullable(string()),
  /** The request (ticket) it was turned into, and the screen that shows it (under /condominio). */
  ticketId: nullable(number()),
  ticketScreen: nullable(string()),
  /** Signed links, for a while. */
  photoUrls: array(string()),
  version: number(),
});
export type Incident = Infer<typeof Incident>;

export const IncidentAnswer = object({ success: literal(true), data: Incident });
export type IncidentAnswer = Infer<typeof IncidentAnswer>;

/** A 409: the refusal's words (the error's fields beside them: ErrorAnswer), and the incident as it is now. */
export const IncidentConflictAnswer = type({ success: literal(false), message: string(), incident: Incident });
export type IncidentConflictAnswer = Infer<typeof IncidentConflictAnswer>;

export const IncidentsPageAnswer = object({ success: literal(true), items: array(Incident), total: number() });
export type IncidentsPageAnswer = Infer<typeof IncidentsPageAnswer>;

export const HandoverRequest = object({ notes: NonEmpty(HANDOVER_NOTES_MAX) });
export type HandoverRequest = Infer<typeof HandoverRequest>;

export const Handover = object({
  id: number(),
  notes: string(),
  writtenBy: nullable(string()),
  writtenByMe: boolean(),
  writtenAt: string(),
  readBy: nullable(string()),
  readAt: nullable(string()),
});
export type Handover = Infer<typeof Handover>;

export const HandoverAnswer = object({ success: literal(true), data: Handover });
export type HandoverAnswer = Infer<typeof HandoverAnswer>;
export const HandoversAnswer = object({ success: literal(true), items: array(Handover) });
export type HandoversAnswer = Infer<typeof HandoversAnswer>;
