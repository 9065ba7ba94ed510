// The answers of src/api/tickets.ts built from rows: a request's summary (lists), its detail with the
// timeline the caller may read (internal notes only for canSeeInternalNotes), and what the caller may do.
import type { Kysely } from 'kysely';
import { type CommunicationViewer, canManageTickets, canSeeInternalNotes, ticketRolesOf } from '../../../src/api/permissions';
import { isOpenState } from '../../../src/api/ticketLifecycle';
import {
  TICKET_EVENT_KINDS,
  type TicketAbilities,
  type TicketAnswer,
  type TicketAttachment,
  type TicketEvent,
  type TicketSummary,
} from '../../../src/api/tickets';
import type { Database } from '../../db/schema';
import type { Signer } from './attachments';
import { isFinished, isOverdue, peopleOf, placeOf, type TicketRow } from './rows';

export function summaryOf(row: TicketRow, now: Date): TicketSummary {
  return {
    TicketId: row.id,
    SectId: row.section_id,
    Titulo: row.title,
    CategoriaId: row.category_id,
    CategoriaNombre: row.category_name,
    Prioridad: row.priority,
    Estado: row.state,
    Lugar: placeOf(row),
    SolicitanteId: row.requester_user_id,
    SolicitanteNombre: row.requester_name,
    AsignadoId: row.assignee_user_id,
    AsignadoNombre: row.assignee_name,
    FechaCreada: row.created_at,
    FechaLimite: row.due_at,
    Vencida: isOverdue(row, now),
    version: row.version,
  };
}

type EventKind = (typeof TICKET_EVENT_KINDS)[number];
const eventKind = (kind: string): EventKind =>
  (TICKET_EVENT_KINDS as readonly string[]).includes(kind) ? (kind as EventKind) : 'respuesta';

async function attachmentsOf(db: Kysely<Database>, ticketId: number, sign: Signer) {
  const rows = await db
    .selectFrom('ticket_attachments')
    .select(['id', 'event_id', 'file_name', 'kind'])
    .where('ticket_id', '=', ticketId)
    .orderBy('event_id')
    .orderBy('position')
    .execute();
  const byEvent = new Map<number | null, TicketAttachment[]>();
  for (const a of rows) {
    const list = byEvent.get(a.event_id) ?? [];
    list.push({ id: a.id, nombre: a.file_name, tipo: a.kind === 'image' ? 'image' : 'file', url: sign(a.id) });
    byEvent.set(a.event_id, list);
  }
  return byEvent;
}

async function timelineOf(
  db: Kysely<Database>,
  ticketId: number,
  withInternal: boolean,
  attachments: Map<number | null, TicketAttachment[]>,
): Promise<TicketEvent[]> {
  let query = db
    .selectFrom('ticket_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.kind', 'e.from_value', 'e.to_value', 'e.text', 'e.user_id', 'u.name as user_name', 'e.created_at'])
    .where('e.ticket_id', '=', ticketId);
  if (!withInternal) query = query.where('e.internal', '=', 0);
  const rows = await query.orderBy('e.created_at').orderBy('e.id').execute();
  return rows.map((e) => ({
    id: e.id,
    tipo: eventKind(e.kind),
    de: e.from_value,
    a: e.to_value,
    Texto: e.text,
    UserId: e.user_id,
    UserName: e.user_name,
    Fecha: e.created_at,
    adjuntos: attachments.get(e.id) ?? [],
  }));
}

export async function ratingOf(db: Kysely<Database>, ticketId: number) {
  return db
    .selectFrom('ticket_ratings')
    .select(['stars', 'comment', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .executeTakeFirst();
}

export function abilitiesOf(viewer: CommunicationViewer, row: TicketRow, rated: boolean): TicketAbilities {
  const people = peopleOf(row);
  const roles = ticketRolesOf(viewer, people);
  return {
    roles,
    canReply: roles.length > 0 && !isFinished(row.state),
    canWriteInternalNote: canSeeInternalNotes(viewer, people),
    canUpdate: canManageTickets(viewer) && isOpenState(row.state),
    canRate: roles.includes('requester') && (row.state === 'resuelto' || row.state === 'cerrado') && !rated,
  };
}

/** The request as the caller may see it (the caller's right to see it is checked before). */
export async function ticketAnswer(
  db: Kysely<Database>,
  viewer: CommunicationViewer,
  row: TicketRow,
  now: Date,
  sign: Signer,
): Promise<TicketAnswer> {
  const attachments = await attachmentsOf(db, row.id, sign);
  const rating = await ratingOf(db, row.id);
  return {
    success: true,
    ticket: {
      ...summaryOf(row, now),
      Descripcion: row.description,
      ApmtId: row.apartment_id,
      AreaComun: row.common_area,
      FechaResuelta: row.resolved_at,
      adjuntos: attachments.get(null) ?? [],
      calificacion: rating ? { estrellas: rating.stars, comentario: rating.comment, Fecha: rating.created_at } : null,
    },
    timeline: await timelineOf(db, row.id, canSeeInternalNotes(viewer, peopleOf(row)), attachments),
    abilities: abilitiesOf(viewer, row, !!rating),
  };
}
