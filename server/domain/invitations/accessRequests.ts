// The access-request inbox: approving invites the person to the dwelling the administrator picked (the
// invitation remembers the request), rejecting e-mails them the administrator's message. A request is decided
// once: pendiente → aprobada | rechazada; a second decision is refused with 409 and the request as it is.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { AccessRequest, ApproveAccessRequest, RejectAccessRequest } from '../../../src/api/invitations';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { OutgoingMail } from '../../infra/mail/mailer';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { languageOfAddress } from '../shared/recipientLanguages';
import { insertInvitation, mailFor, type Outcome } from './invite';
import { rejectionMail } from './mail';
import { accessRequestOf } from './read';
import { invitationAnswer, notFoundRefusal } from './rows';

async function requestOrRefusal(db: Kysely<Database>, auth: Auth, id: number) {
  const found = await accessRequestOf(db, auth.condoId, id);
  if (!found) throw notFoundRefusal('invitationsNotices.refusal.requestNotFound');
  return found;
}

const alreadyDecided = (request: AccessRequest) =>
  new AppError(
    409,
    ErrorCodes.conflict,
    request.status === 'rechazada' ? 'invitationsNotices.refusal.alreadyRejected' : 'invitationsNotices.refusal.alreadyApproved',
    undefined,
    { request },
  );

/** Marks the request decided, only if it is still pending (one of two racing decisions wins). */
async function decide(
  trx: Kysely<Database>,
  auth: Auth,
  id: number,
  status: 'aprobada' | 'rechazada',
  message: string | null,
  now: string,
): Promise<boolean> {
  const changed = await trx
    .updateTable('public_contact_requests')
    .set({ status, decided_by: auth.userId, decided_at: now, decision_message: message })
    .where('id', '=', id)
    .where('condo_id', '=', auth.condoId)
    .where('status', '=', 'pendiente')
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) return false;
  await recordAudit(trx, {
    condoId: auth.condoId,
    actorUserId: auth.userId,
    entity: 'access_request',
    entityId: id,
    action: status === 'aprobada' ? 'aprobar' : 'rechazar',
    before: { status: 'pendiente' },
    after: { status, decisionMessage: message },
    at: now,
  });
  return true;
}

export async function approveAccessRequest(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: ApproveAccessRequest,
  baseUrl: string | null,
): Promise<Outcome<AccessRequest>> {
  const found = await requestOrRefusal(db, auth, request.id);
  if (found.answer.status !== 'pendiente') throw alreadyDecided(found.answer);
  const now = clock.now().toISOString();
  const outcome = await db.transaction().execute(async (trx) => {
    if (!(await decide(trx, auth, request.id, 'aprobada', null, now))) return null;
    return insertInvitation(trx, clock, auth, {
      email: found.row.email,
      name: found.row.nombre,
      ApmtId: request.ApmtId,
      kind: request.kind,
      roles: [],
      accessRequestId: request.id,
    });
  });
  const after = await requestOrRefusal(db, auth, request.id);
  if (!outcome) throw alreadyDecided(after.answer);
  const invitation = await invitationAnswer(db, outcome.id, now);
  return { answer: after.answer, mail: await mailFor(db, invitation, outcome.token, baseUrl) };
}

export async function rejectAccessRequest(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: RejectAccessRequest,
): Promise<Outcome<AccessRequest>> {
  const found = await requestOrRefusal(db, auth, request.id);
  if (found.answer.status !== 'pendiente') throw alreadyDecided(found.answer);
  const now = clock.now().toISOString();
  const message = request.mensaje.trim();
  const decided = await db.transaction().execute((trx) => decide(trx, auth, request.id, 'rechazada', message, now));
  const after = await requestOrRefusal(db, auth, request.id);
  if (!decided) throw alreadyDecided(after.answer);
  const condo = await db.selectFrom('condominiums').select('name').where('id', '=', auth.condoId).executeTakeFirstOrThrow();
  // The visitor wrote from the public page; an address with an account is answered in its profile language.
  const mail: OutgoingMail = rejectionMail(await languageOfAddress(db, found.row.email), {
    email: found.row.email,
    name: found.row.nombre,
    condo: condo.name,
    message,
  });
  return { answer: after.answer, mail };
}
