// Replies and internal notes on a request (POST reply), and the requester's rating (POST rate). Neither moves
// the request through its lifecycle, so neither checks or changes its version.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { canSeeInternalNotes, ticketRolesOf } from '../../../src/api/permissions';
import type { TicketAnswer, TicketRatingRequest, TicketReplyRequest } from '../../../src/api/tickets';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { decodeUploads } from '../shared/uploads';
import { loadViewer } from '../shared/viewer';
import { userName, visibleTicket } from './access';
import { ratingOf, ticketAnswer } from './answers';
import { type Signer, saveUploads } from './attachments';
import { ticketConflict } from './conflict';
import { addEvent, answersRequester } from './lifecycle';
import { publishTicket } from './live';
import { tellReply } from './notices';
import { findTicket, isFinished, peopleOf } from './rows';

/**
 * A public reply (anyone who sees the request, while it is not finished), or an internal note (administrators
 * and the assignee, permissions.canSeeInternalNotes; never shown to the requester, and told to nobody). The
 * first public reply of an administrator or the assignee is the overview's "first reply".
 */
export async function replyToTicket(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: TicketReplyRequest,
  sign: Signer,
): Promise<TicketAnswer> {
  const files = decodeUploads(request.adjuntos);
  return db.transaction().execute(async (trx) => {
    const viewer = await loadViewer(trx, auth);
    const row = await visibleTicket(trx, auth, viewer, request.ticketId);
    const now = clock.now();
    const at = now.toISOString();
    if (request.interna && !canSeeInternalNotes(viewer, peopleOf(row))) {
      throw new AppError(403, ErrorCodes.forbidden, 'ticketsNotices.refusal.internalNote');
    }
    if (!request.interna && isFinished(row.state)) {
      throw await ticketConflict(trx, auth, viewer, row.id, now, sign, 'ticketsNotices.refusal.finishedReply');
    }
    const text = request.Texto.trim();
    const eventId = await addEvent(trx, {
      ticketId: row.id,
      kind: request.interna ? 'nota' : 'respuesta',
      text,
      internal: request.interna,
      userId: auth.userId,
      at,
    });
    await saveUploads(trx, { ticketId: row.id, eventId, ownerUserId: auth.userId, at }, files);
    const roles = ticketRolesOf(viewer, peopleOf(row));
    const firstReply =
      !request.interna && row.first_reply_at === null && answersRequester({ userId: auth.userId, name: null, roles });
    await trx
      .updateTable('tickets')
      .set({ updated_at: at, ...(firstReply ? { first_reply_at: at } : {}) })
      .where('id', '=', row.id)
      .execute();
    if (!request.interna) await tellReply(trx, clock, row, auth.userId, await userName(trx, auth.userId));
    await publishTicket(trx, clock, row, { internal: request.interna });
    return ticketAnswer(trx, viewer, (await findTicket(trx, auth.condoId, row.id))!, now, sign);
  });
}

/** The requester rates a resolved or closed request, once (the unique index holds it against a race too). */
export async function rateTicket(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: TicketRatingRequest,
  sign: Signer,
): Promise<TicketAnswer> {
  return db.transaction().execute(async (trx) => {
    const viewer = await loadViewer(trx, auth);
    const row = await visibleTicket(trx, auth, viewer, request.ticketId);
    const now = clock.now();
    const at = now.toISOString();
    if (!ticketRolesOf(viewer, peopleOf(row)).includes('requester')) {
      throw new AppError(403, ErrorCodes.forbidden, 'ticketsNotices.refusal.onlyRequester');
    }
    if (row.state !== 'resuelto' && row.state !== 'cerrado') {
      throw await ticketConflict(trx, auth, viewer, row.id, now, sign, 'ticketsNotices.refusal.notResolved');
    }
    if (await ratingOf(trx, row.id))
      throw await ticketConflict(trx, auth, viewer, row.id, now, sign, 'ticketsNotices.refusal.rated');
    const comment = request.comentario?.trim() || null;
    const inserted = await trx
      .insertInto('ticket_ratings')
      .values({ ticket_id: row.id, stars: request.estrellas, comment, created_at: at })
      .onConflict((oc) => oc.column('ticket_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
      throw await ticketConflict(trx, auth, viewer, row.id, now, sign, 'ticketsNotices.refusal.rated');
    }
    await addEvent(trx, {
      ticketId: row.id,
      kind: 'calificacion',
      to: String(request.estrellas),
      text: comment,
      userId: auth.userId,
      at,
    });
    await publishTicket(trx, clock, row);
    return ticketAnswer(trx, viewer, (await findTicket(trx, auth.condoId, row.id))!, now, sign);
  });
}
