// A 409 of this area (TicketConflictAnswer): the refusal, and beside it the request as it is now, so the
// screen shows the fresh request and what may be done with it instead of a lost update.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { CommunicationViewer } from '../../../src/api/permissions';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Auth } from '../shared/auth';
import { ticketNotFound } from './access';
import { ticketAnswer } from './answers';
import type { Signer } from './attachments';
import { findTicket } from './rows';

/** Reads the request again (in `db`, the refused call's transaction: it sees what the winner committed). */
export async function ticketConflict(
  db: Kysely<Database>,
  auth: Auth,
  viewer: CommunicationViewer,
  ticketId: number,
  now: Date,
  sign: Signer,
  refusal: MessageId,
): Promise<AppError> {
  const fresh = await findTicket(db, auth.condoId, ticketId);
  if (!fresh) return ticketNotFound();
  const ticket = await ticketAnswer(db, viewer, fresh, now, sign);
  return new AppError(409, ErrorCodes.conflict, refusal, undefined, { ticket });
}
