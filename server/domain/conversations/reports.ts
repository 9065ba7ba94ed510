// Reporting a message to the administration (issue 13), and the administrators' list of reported messages:
// the only way an administrator reads anything of a conversation between two dwellings, and then only the
// reported message itself.

import type { Kysely } from 'kysely';
import type { Infer } from 'superstruct';
import type { ReportedMessage, ReportRequest } from '../../../src/api/conversations';
import { ErrorCodes } from '../../../src/api/errors';
import { canReportMessage, canReviewReportedMessages } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { dwellingNames, loadCaller, openConversation, otherSide, partiesOf, partyOf, sideIn } from './access';

const messageNotFound = () => new AppError(404, ErrorCodes.notFound, 'conversationsNotices.notFound.message');

/**
 * Reports a message the caller reads (a party of its conversation, and not hidden from their side) written
 * by the other side; once per reporter (409 the second time). Anything else is 404, as if it did not exist.
 */
export async function reportMessage(db: Kysely<Database>, clock: Clock, auth: Auth, request: ReportRequest): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const caller = await loadCaller(trx, auth);
    const message = await trx
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.id', 'm.conversation_id', 'm.sender_apartment_id', 'm.hidden_for_recipient'])
      .where('m.id', '=', request.messageId)
      .where('c.condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (!message) throw messageNotFound();
    let opened: Awaited<ReturnType<typeof openConversation>>;
    try {
      opened = await openConversation(trx, caller, message.conversation_id);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) throw messageNotFound();
      throw error;
    }
    const side = sideIn(caller, opened.conversation);
    if (message.hidden_for_recipient === 1 && message.sender_apartment_id !== side) throw messageNotFound();
    if (!canReportMessage(caller.viewer, caller.own, partiesOf(opened.conversation), message.sender_apartment_id)) {
      throw new AppError(400, ErrorCodes.badRequest, 'conversationsNotices.reportOwnSide', 'messageId');
    }
    const inserted = await trx
      .insertInto('message_reports')
      .values({
        message_id: message.id,
        reporter_user_id: auth.userId,
        reason: request.motivo.trim(),
        state: 'nuevo',
        created_at: clock.now().toISOString(),
      })
      .onConflict((oc) => oc.columns(['message_id', 'reporter_user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new AppError(409, ErrorCodes.conflict, 'conversationsNotices.alreadyReported');
  });
}

/** Administrators (canReviewReportedMessages): the condominium's reported messages, newest report first. */
export async function reportedMessages(
  db: Kysely<Database>,
  auth: Auth,
  page: { limit: number; offset: number },
): Promise<{ items: Infer<typeof ReportedMessage>[]; total: number }> {
  const caller = await loadCaller(db, auth);
  if (!canReviewReportedMessages(caller.viewer)) throw forbidden();
  const base = db
    .selectFrom('message_reports as r')
    .innerJoin('messages as m', 'm.id', 'r.message_id')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .where('c.condo_id', '=', auth.condoId);
  const total = await base.select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('users as reporter', 'reporter.id', 'r.reporter_user_id')
    .innerJoin('users as sender', 'sender.id', 'm.sender_user_id')
    .select([
      'r.id',
      'r.reason',
      'r.state',
      'r.created_at',
      'reporter.name as reporter_name',
      'm.id as message_id',
      'm.body',
      'm.created_at as sent_at',
      'm.sender_apartment_id',
      'sender.name as sender_name',
      'c.party_a_apartment_id',
      'c.party_b_apartment_id',
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const names = await dwellingNames(
    db,
    rows.flatMap((r) => [r.party_a_apartment_id, ...(r.party_b_apartment_id === null ? [] : [r.party_b_apartment_id])]),
  );
  const items = rows.map((r) => {
    const to = otherSide(r, r.sender_apartment_id);
    return {
      reportId: r.id,
      motivo: r.reason,
      FechaReporte: r.created_at,
      ReportadoPor: r.reporter_name,
      message: {
        id: r.message_id,
        Texto: r.body,
        UserName: r.sender_name,
        de: partyOf(r.sender_apartment_id, names, auth.language),
        para: partyOf(to, names, auth.language),
        Enviado: r.sent_at,
      },
      estado: r.state === 'revisado' ? ('revisado' as const) : ('nuevo' as const),
    };
  });
  return { items, total: Number(total.n) };
}
