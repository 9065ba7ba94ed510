// Requests to the administrator (issue 13; sections of code SA, spec §2.2 tickets-administrador/{sectionId}
// ?ticket=): the help desk's calls and answers. Who may do what: permissions.ts (canFileTicket, canManageTickets,
// ticketRolesOf…); which state change is allowed: ticketLifecycle.ts. Both sides use the same functions.
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
  refine,
  size,
  string,
  type,
} from 'superstruct';
import { LIVE_FALLBACK_REFRESH_MS } from './live';
import { TICKET_ACTIONS, TICKET_PRIORITIES, TICKET_ROLES, TICKET_STATES } from './ticketLifecycle';
import { AttachmentUpload } from './uploads';
import { Id, IdParam, NonEmpty, QueryInteger, Version } from './validation';

export const TICKETS_PATHS = {
  /** GET: the SA section, its categories, the caller's dwellings and abilities (who files, who manages). */
  section: (sectionId: number | string) => `/--tickets/section/${sectionId}`,
  /** GET ?sectionId=&estado=&categoria=&asignado=&edad=&search=&limit=&offset=: a page of requests the caller
   * may see (requester: own; employee: assigned to them; administrator: all). Without sectionId: every SA
   * section of the condominium (the employee's task list). */
  list: '/--tickets/list',
  /** GET one request with its timeline (internal notes only for administrators and the assignee). */
  ticket: (ticketId: number | string) => `/--tickets/ticket/${ticketId}`,
  /** POST NewTicketRequest: file a request (with photos and PDFs). */
  create: '/--tickets/new',
  /** POST TicketChangeRequest: a lifecycle action (ticketLifecycle.ts), with the version the caller saw. */
  change: '/--tickets/change',
  /** Administrators: POST TicketUpdateRequest: assignee, priority, due date (version checked). */
  update: '/--tickets/update',
  /** POST TicketReplyRequest: a public reply, or an internal note (administrators and the assignee). */
  reply: '/--tickets/reply',
  /** Requester: POST TicketRatingRequest on a resolved or closed request, once. */
  rate: '/--tickets/rate',
  /** Administrators (full) and board members (counts only): GET ?sectionId= the overview. */
  overview: '/--tickets/overview',
  /** Administrators: GET the employees a request may be assigned to. */
  assignees: '/--tickets/assignees',
  /** Administrators: GET every category (active and not) and the due hours by priority. */
  settings: '/--tickets/settings',
  /** Administrators: POST CategorySaveRequest (new without id). */
  saveCategory: '/--tickets/save-category',
  /** Administrators: POST DueHoursRequest. */
  saveDueHours: '/--tickets/save-due-hours',
  /** Anyone holding the signed link an answer gave: an attachment's bytes. */
  attachmentFile: (attachmentId: number | string) => `/--tickets/file/${attachmentId}`,
} as const;

export const TICKETS_PAGE_SIZE = 20;
export const TICKETS_MAX_PAGE_SIZE = 50;
export const TICKET_TITLE_MAX = 120;
export const TICKET_TEXT_MAX = 4000;
export const TICKET_REPLY_MAX = 2000;
export const TICKET_AREA_MAX = 80;
export const TICKET_RATING_COMMENT_MAX = 500;
export const TICKET_SEARCH_MAX = 100;
export const TICKET_MAX_ATTACHMENTS = 4;
export const CATEGORY_NAME_MAX = 60;
/** State changes arrive through the live channel (issue 30); an open request is read again this often besides, as a
 * safety net (DESIGN.md §8 asked for 15 s until a push channel existed). */
export const TICKET_REFRESH_MS = LIVE_FALLBACK_REFRESH_MS;
/** The list's search waits this long after the last keystroke (the same 500 ms as spec §5's searches). */
export const TICKET_SEARCH_DEBOUNCE_MS = 500;

export const TicketState = enums(TICKET_STATES);
export const TicketPriority = enums(TICKET_PRIORITIES);
export const TicketAction = enums(TICKET_ACTIONS);
export const TicketRole = enums(TICKET_ROLES);

/** Age buckets of the list filter and the overview. */
export const TICKET_AGES = ['hoy', 'semana', 'mes', 'antiguas'] as const;
export const TicketAge = enums(TICKET_AGES);

export const SectionParams = object({ sectionId: IdParam });
export const TicketParams = object({ ticketId: IdParam });

export const TicketListQuery = object({
  sectionId: optional(QueryInteger(1, 2_147_483_647)),
  estado: optional(TicketState),
  categoria: optional(QueryInteger(1, 2_147_483_647)),
  /** An employee's user id, or 0 for unassigned (administrators only). */
  asignado: optional(QueryInteger(0, 2_147_483_647)),
  edad: optional(TicketAge),
  /** Only the overdue ones. */
  vencidas: optional(enums(['0', '1'])),
  /** Accent- and case-insensitive, in title and description. */
  search: optional(size(string(), 0, TICKET_SEARCH_MAX)),
  limit: optional(QueryInteger(1, TICKETS_MAX_PAGE_SIZE)),
  offset: optional(QueryInteger(0, 1_000_000_000)),
});
export type TicketListQuery = Infer<typeof TicketListQuery>;

export const OverviewQuery = object({ sectionId: optional(QueryInteger(1, 2_147_483_647)) });

export const NewTicketRequest = object({
  sectionId: Id,
  categoriaId: Id,
  Titulo: NonEmpty(TICKET_TITLE_MAX),
  Descripcion: NonEmpty(TICKET_TEXT_MAX),
  /** Where: one of the caller's dwellings, or (null) a common area named in AreaComun. */
  ApmtId: nullable(Id),
  AreaComun: optional(size(string(), 0, TICKET_AREA_MAX)),
  Prioridad: defaulted(TicketPriority, 'media'),
  adjuntos: defaulted(size(array(AttachmentUpload), 0, TICKET_MAX_ATTACHMENTS), []),
});
export type NewTicketRequest = Infer<typeof NewTicketRequest>;

export const TicketChangeRequest = object({
  ticketId: Id,
  version: Version,
  action: TicketAction,
  /** asignar: the employee. */
  asignadoId: optional(Id),
  /** An optional public note with the change (shown on the timeline). */
  nota: optional(size(string(), 0, TICKET_REPLY_MAX)),
});
export type TicketChangeRequest = Infer<typeof TicketChangeRequest>;

export const TicketUpdateRequest = object({
  ticketId: Id,
  version: Version,
  asignadoId: optional(nullable(Id)),
  Prioridad: optional(TicketPriority),
  /** ISO-8601 with time zone. */
  FechaLimite: optional(size(string(), 10, 40)),
});
export type TicketUpdateRequest = Infer<typeof TicketUpdateRequest>;

export const TicketReplyRequest = object({
  ticketId: Id,
  Texto: NonEmpty(TICKET_REPLY_MAX),
  /** An internal note: never shown to the requester. */
  interna: defaulted(boolean(), false),
  adjuntos: defaulted(size(array(AttachmentUpload), 0, TICKET_MAX_ATTACHMENTS), []),
});
export type TicketReplyRequest = Infer<typeof TicketReplyRequest>;

export const TicketRatingRequest = object({
  ticketId: Id,
  estrellas: refine(integer(), 'Stars', (value) => (value >= 1 && value <= 5) || 'must be from 1 to 5'),
  comentario: optional(size(string(), 0, TICKET_RATING_COMMENT_MAX)),
});
export type TicketRatingRequest = Infer<typeof TicketRatingRequest>;

export const CategorySaveRequest = object({
  id: optional(Id),
  nombre: NonEmpty(CATEGORY_NAME_MAX),
  activa: boolean(),
});
export type CategorySaveRequest = Infer<typeof CategorySaveRequest>;

const Hours = refine(integer(), 'Hours', (value) => (value >= 1 && value <= 24 * 90) || 'must be from 1 to 2160');
export const DueHoursRequest = object({ baja: Hours, media: Hours, alta: Hours, urgente: Hours });
export type DueHoursRequest = Infer<typeof DueHoursRequest>;

// ── Answers

export const TicketCategory = object({ id: number(), nombre: string(), activa: boolean() });
export type TicketCategory = Infer<typeof TicketCategory>;

export const TicketAttachment = object({
  id: number(),
  nombre: string(),
  tipo: enums(['image', 'file']),
  /** Signed, short-lived. */
  url: string(),
});
export type TicketAttachment = Infer<typeof TicketAttachment>;

export const TicketSummary = object({
  TicketId: number(),
  SectId: number(),
  Titulo: string(),
  CategoriaId: number(),
  CategoriaNombre: string(),
  Prioridad: TicketPriority,
  Estado: TicketState,
  /** "Torre A - 101", or the common area's name. */
  Lugar: string(),
  SolicitanteId: number(),
  SolicitanteNombre: string(),
  AsignadoId: nullable(number()),
  AsignadoNombre: nullable(string()),
  /** ISO-8601 UTC. */
  FechaCreada: string(),
  FechaLimite: nullable(string()),
  /** Open and past its due date. */
  Vencida: boolean(),
  version: number(),
});
export type TicketSummary = Infer<typeof TicketSummary>;

export const TICKET_EVENT_KINDS = [
  'creada',
  'estado',
  'respuesta',
  'nota',
  'asignacion',
  'prioridad',
  'vencimiento',
  'calificacion',
] as const;

/** One line of the timeline: who did what and when. */
export const TicketEvent = object({
  id: number(),
  tipo: enums(TICKET_EVENT_KINDS),
  /** estado: the states; asignacion: the assignee names; prioridad: the priorities; vencimiento: ISO dates. */
  de: nullable(string()),
  a: nullable(string()),
  Texto: nullable(string()),
  /** null: the system (the automatic close). */
  UserId: nullable(number()),
  UserName: nullable(string()),
  Fecha: string(),
  adjuntos: array(TicketAttachment),
});
export type TicketEvent = Infer<typeof TicketEvent>;

export const TicketRating = object({ estrellas: number(), comentario: nullable(string()), Fecha: string() });

export const TicketDetail = object({
  ...TicketSummary.schema,
  Descripcion: string(),
  ApmtId: nullable(number()),
  AreaComun: nullable(string()),
  FechaResuelta: nullable(string()),
  adjuntos: array(TicketAttachment),
  calificacion: nullable(TicketRating),
});
export type TicketDetail = Infer<typeof TicketDetail>;

/** What the caller is on this request; the machine offers ticketActions(ticket, roles, now). */
export const TicketAbilities = object({
  roles: array(TicketRole),
  canReply: boolean(),
  canWriteInternalNote: boolean(),
  canUpdate: boolean(),
  canRate: boolean(),
});
export type TicketAbilities = Infer<typeof TicketAbilities>;

export const TicketSection = object({
  SectId: number(),
  SectName: string(),
  MensajeConfirmacion: nullable(string()),
  EnviarCopia: enums([0, 1]),
});
export type TicketSection = Infer<typeof TicketSection>;

export const TicketDwelling = object({ ApmtId: number(), Nombre: string() });

export const TicketSectionAnswer = object({
  success: literal(true),
  section: TicketSection,
  /** Active categories (administrators' settings list them all). */
  categorias: array(TicketCategory),
  viviendas: array(TicketDwelling),
  canFile: boolean(),
  canManage: boolean(),
  /** Board members: the counts of the overview, no personal text. */
  canSeeOverview: boolean(),
});
export type TicketSectionAnswer = Infer<typeof TicketSectionAnswer>;

export const TicketListAnswer = object({ success: literal(true), items: array(TicketSummary), total: number() });
export type TicketListAnswer = Infer<typeof TicketListAnswer>;

export const TicketAnswer = object({
  success: literal(true),
  ticket: TicketDetail,
  timeline: array(TicketEvent),
  abilities: TicketAbilities,
});
export type TicketAnswer = Infer<typeof TicketAnswer>;

export const NewTicketAnswer = object({
  success: literal(true),
  TicketId: number(),
  /** The section's MensajeConfirmacion when set. */
  MensajeConfirmacion: nullable(string()),
  /** A copy went to the requester's e-mail (EnviarCopia 1). */
  copiaEnviada: boolean(),
});
export type NewTicketAnswer = Infer<typeof NewTicketAnswer>;

/** change, update, reply and rate answer with the fresh request; a 409 (someone changed it first, or the
 * lifecycle refuses) carries it as `ticket` too, beside the error's message. */
export const TicketChangedAnswer = TicketAnswer;

export const TicketAssignee = object({ UserId: number(), UserName: string() });
export const AssigneesAnswer = object({ success: literal(true), items: array(TicketAssignee) });

export const DueHours = object({ baja: number(), media: number(), alta: number(), urgente: number() });
export const TicketSettingsAnswer = object({ success: literal(true), categorias: array(TicketCategory), horas: DueHours });
export type TicketSettingsAnswer = Infer<typeof TicketSettingsAnswer>;
/** save-category and save-due-hours: read leniently (at least success; the fresh settings may ride along),
 * and the settings screen asks for the settings again. */
export const TicketSettingsSavedAnswer = type({ success: literal(true) });

const Count = object({ clave: string(), total: number() });
export const TicketOverviewAnswer = object({
  success: literal(true),
  /** Open requests by state and by category (names), and by age bucket. */
  porEstado: array(Count),
  porCategoria: array(Count),
  porEdad: array(Count),
  /** Administrators only (null for the board). */
  vencidas: nullable(number()),
  horasPrimeraRespuesta: nullable(number()),
  horasResolucion: nullable(number()),
  calificacionPromedio: nullable(number()),
  calificaciones: nullable(number()),
});
export type TicketOverviewAnswer = Infer<typeof TicketOverviewAnswer>;

/** A 409 of this area: the error plus the request as it is now. */
export const TicketConflictAnswer = object({
  success: literal(false),
  message: string(),
  code: literal('CONFLICT'),
  messageId: optional(string()),
  ticket: TicketAnswer,
});
