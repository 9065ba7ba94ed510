// Filing a request (POST new): in an SA section the caller may file in (permissions.canFileTicket), with an
// active category of the condominium, for one of the caller's dwellings or a named common area, due after the
// condominium's hours for its priority. The administrators are told; with EnviarCopia the requester gets a
// copy by e-mail (sent by the route once this has committed).
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { canFileTicket, canReadSection } from '../../../src/api/permissions';
import { foldForSearch } from '../../../src/api/search';
import { ticketPath } from '../../../src/api/sections';
import type { NewTicketAnswer, NewTicketRequest } from '../../../src/api/tickets';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { OutgoingMail } from '../../infra/mail/mailer';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { decodeUploads } from '../shared/uploads';
import { callerDwellings, loadViewer } from '../shared/viewer';
import { requestSection, userName } from './access';
import { saveUploads } from './attachments';
import { ticketCopyMail } from './copyMail';
import { addEvent } from './lifecycle';
import { publishTicket } from './live';
import { tellNewTicket } from './notices';
import { findTicket, placeOf } from './rows';
import { scheduleOverdue } from './schedule';
import { dueAtFrom, dueHoursOf } from './time';

export interface CreatedTicket {
  answer: NewTicketAnswer;
  /** The copy to mail once the request is stored; null without EnviarCopia. */
  copy: OutgoingMail | null;
}

const badRequest = (message: 'category' | 'dwelling' | 'area', field: string) =>
  new AppError(400, ErrorCodes.badRequest, `ticketsNotices.refusal.${message}`, field);

/** The caller's dwellings in their condominium, named as the screens show them. */
export async function dwellingsOf(db: Kysely<Database>, auth: Auth): Promise<{ ApmtId: number; Nombre: string }[]> {
  return (await callerDwellings(db, auth)).map((d) => ({ ApmtId: d.id, Nombre: d.name }));
}

export async function createTicket(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: NewTicketRequest,
  options: { baseUrl: string | null },
): Promise<CreatedTicket> {
  const files = decodeUploads(request.adjuntos);
  return db.transaction().execute(async (trx) => {
    const viewer = await loadViewer(trx, auth);
    const { section, facts } = await requestSection(trx, auth, request.sectionId);
    if (!canReadSection(viewer, facts)) throw forbidden();
    if (!canFileTicket(viewer, facts)) throw new AppError(403, ErrorCodes.forbidden, 'ticketsNotices.refusal.cannotFile');
    const category = await trx
      .selectFrom('ticket_categories')
      .select(['id', 'name'])
      .where('id', '=', request.categoriaId)
      .where('condo_id', '=', auth.condoId)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!category) throw badRequest('category', 'categoriaId');
    let area: string | null = null;
    if (request.ApmtId !== null) {
      if (!(await dwellingsOf(trx, auth)).some((d) => d.ApmtId === request.ApmtId)) throw badRequest('dwelling', 'ApmtId');
    } else {
      area = request.AreaComun?.trim() || null;
      if (area === null) throw badRequest('area', 'AreaComun');
    }

    const now = clock.now();
    const at = now.toISOString();
    const title = request.Titulo.trim();
    const description = request.Descripcion.trim();
    const dueAt = dueAtFrom(at, (await dueHoursOf(trx, auth.condoId))[request.Prioridad]);
    const { id } = await trx
      .insertInto('tickets')
      .values({
        condo_id: auth.condoId,
        section_id: section.id,
        category_id: category.id,
        requester_user_id: auth.userId,
        apartment_id: request.ApmtId,
        common_area: area,
        title,
        description,
        priority: request.Prioridad,
        state: 'nuevo',
        assignee_user_id: null,
        due_at: dueAt,
        resolved_at: null,
        closed_at: null,
        first_reply_at: null,
        overdue_notified_at: null,
        search: foldForSearch(`${title}\n${description}`),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addEvent(trx, { ticketId: id, kind: 'creada', to: 'nuevo', userId: auth.userId, at });
    await saveUploads(trx, { ticketId: id, eventId: null, ownerUserId: auth.userId, at }, files);
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'ticket',
      entityId: id,
      action: 'create',
      after: { state: 'nuevo', category: category.id, priority: request.Prioridad, due: dueAt },
      at,
    });
    await scheduleOverdue(trx, id, dueAt, now);
    const row = (await findTicket(trx, auth.condoId, id))!;
    await tellNewTicket(trx, clock, row, row.requester_name);
    await publishTicket(trx, clock, row);

    const sendCopy = section.enviar_copia === 1;
    const copy = sendCopy
      ? ticketCopyMail({
          to: { email: row.requester_email, name: await userName(trx, auth.userId) },
          language: auth.language,
          ticketId: id,
          condoName: (
            await trx.selectFrom('condominiums').select('name').where('id', '=', auth.condoId).executeTakeFirstOrThrow()
          ).name,
          sectionName: section.name,
          category: category.name,
          place: placeOf(row),
          priority: request.Prioridad,
          title,
          description,
          attachments: files.length,
          confirmation: section.mensaje_confirmacion,
          link: options.baseUrl ? `${options.baseUrl}/condominio${ticketPath(section.id, id)}` : null,
        })
      : null;
    return {
      answer: { success: true, TicketId: id, MensajeConfirmacion: section.mensaje_confirmacion || null, copiaEnviada: sendCopy },
      copy,
    };
  });
}
