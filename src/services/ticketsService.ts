import type { Infer } from 'superstruct';
import type { TicketState } from '../api/ticketLifecycle';
import {
  AssigneesAnswer,
  type CategorySaveRequest,
  type DueHoursRequest,
  NewTicketAnswer,
  type NewTicketRequest,
  type TICKET_AGES,
  TICKETS_PATHS,
  TicketAnswer,
  type TicketChangeRequest,
  TicketConflictAnswer,
  TicketListAnswer,
  TicketOverviewAnswer,
  type TicketRatingRequest,
  type TicketReplyRequest,
  TicketSectionAnswer,
  TicketSettingsAnswer,
  TicketSettingsSavedAnswer,
  type TicketUpdateRequest,
} from '../api/tickets';
import { apiPath, call, http, keepingConflict } from './http';

export type TicketAge = (typeof TICKET_AGES)[number];
export type TicketAssignee = Infer<typeof AssigneesAnswer>['items'][number];
type ConflictAnswer = Infer<typeof TicketConflictAnswer>;

/** What the list asks for; absent filters are not sent. */
export interface TicketListParams {
  /** Absent: every SA section of the condominium (the employee's task list). */
  sectionId?: number;
  estado?: TicketState;
  categoria?: number;
  /** An employee's user id, or 0 for unassigned. */
  asignado?: number;
  edad?: TicketAge;
  vencidas?: boolean;
  search?: string;
  limit: number;
  offset: number;
}

/** The answer of a call that changes a request: the fresh request, or the refusal of a 409 with it. */
export type TicketChangeResult =
  | { kind: 'changed'; answer: TicketAnswer }
  | { kind: 'conflict'; message: string; answer: TicketAnswer };

export function fetchTicketSection(sectionId: number, signal?: AbortSignal): Promise<TicketSectionAnswer> {
  return call(() => http.get(apiPath(TICKETS_PATHS.section(sectionId)), { signal }), TicketSectionAnswer);
}

export function listSearchParams(params: TicketListParams): Record<string, string | number> {
  const searchParams: Record<string, string | number> = { limit: params.limit, offset: params.offset };
  if (params.sectionId !== undefined) searchParams.sectionId = params.sectionId;
  if (params.estado) searchParams.estado = params.estado;
  if (params.categoria !== undefined) searchParams.categoria = params.categoria;
  if (params.asignado !== undefined) searchParams.asignado = params.asignado;
  if (params.edad) searchParams.edad = params.edad;
  if (params.vencidas) searchParams.vencidas = '1';
  if (params.search?.trim()) searchParams.search = params.search.trim();
  return searchParams;
}

export function fetchTickets(params: TicketListParams, signal?: AbortSignal): Promise<TicketListAnswer> {
  return call(() => http.get(apiPath(TICKETS_PATHS.list), { searchParams: listSearchParams(params), signal }), TicketListAnswer);
}

export function fetchTicket(ticketId: number, signal?: AbortSignal): Promise<TicketAnswer> {
  return call(() => http.get(apiPath(TICKETS_PATHS.ticket(ticketId)), { signal }), TicketAnswer);
}

export function createTicket(request: NewTicketRequest, signal?: AbortSignal): Promise<NewTicketAnswer> {
  // Up to four photos or PDFs travel as data URLs: more time than a plain call.
  return call(() => http.post(apiPath(TICKETS_PATHS.create), { json: request, signal, timeout: 120_000 }), NewTicketAnswer);
}

/** A changing call whose 409 carries the fresh request (TicketConflictAnswer) becomes a 'conflict' result. */
async function changing(request: () => Promise<Response>): Promise<TicketChangeResult> {
  const kept = keepingConflict(request, TicketConflictAnswer);
  try {
    const answer = await call(kept.send, TicketAnswer);
    return { kind: 'changed', answer };
  } catch (error) {
    const known: ConflictAnswer | null = kept.conflict();
    if (known) return { kind: 'conflict', message: known.message, answer: known.ticket };
    throw error;
  }
}

export function changeTicket(request: TicketChangeRequest, signal?: AbortSignal): Promise<TicketChangeResult> {
  return changing(() => http.post(apiPath(TICKETS_PATHS.change), { json: request, signal }));
}

export function updateTicket(request: TicketUpdateRequest, signal?: AbortSignal): Promise<TicketChangeResult> {
  return changing(() => http.post(apiPath(TICKETS_PATHS.update), { json: request, signal }));
}

export function replyToTicket(request: TicketReplyRequest, signal?: AbortSignal): Promise<TicketChangeResult> {
  return changing(() => http.post(apiPath(TICKETS_PATHS.reply), { json: request, signal, timeout: 120_000 }));
}

export function rateTicket(request: TicketRatingRequest, signal?: AbortSignal): Promise<TicketChangeResult> {
  return changing(() => http.post(apiPath(TICKETS_PATHS.rate), { json: request, signal }));
}

export function fetchTicketOverview(sectionId: number | undefined, signal?: AbortSignal): Promise<TicketOverviewAnswer> {
  const searchParams: Record<string, number> = sectionId === undefined ? {} : { sectionId };
  return call(() => http.get(apiPath(TICKETS_PATHS.overview), { searchParams, signal }), TicketOverviewAnswer);
}

export function fetchAssignees(signal?: AbortSignal): Promise<Infer<typeof AssigneesAnswer>> {
  return call(() => http.get(apiPath(TICKETS_PATHS.assignees), { signal }), AssigneesAnswer);
}

export function fetchTicketSettings(signal?: AbortSignal): Promise<TicketSettingsAnswer> {
  return call(() => http.get(apiPath(TICKETS_PATHS.settings), { signal }), TicketSettingsAnswer);
}

export async function saveTicketCategory(request: CategorySaveRequest, signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(TICKETS_PATHS.saveCategory), { json: request, signal }), TicketSettingsSavedAnswer);
}

export async function saveTicketDueHours(request: DueHoursRequest, signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(TICKETS_PATHS.saveDueHours), { json: request, signal }), TicketSettingsSavedAnswer);
}
