// Inviting a person (a resident of a dwelling as owner or tenant, or staff / board), sending the link again
// with a new token (the old one stops working) and revoking an invitation. Each change writes its audit row in
// its own transaction; the e-mail is built here and sent by the route once the transaction has committed.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  INVITATION_DAYS,
  type Invitation,
  type InviteRequest,
  type ResidencyKind,
  type StaffRole,
} from '../../../src/api/invitations';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { addMinutes, type Clock } from '../../infra/clock';
import type { OutgoingMail } from '../../infra/mail/mailer';
import { hashToken, newToken } from '../../infra/tokens';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { languageOfAddress } from '../shared/recipientLanguages';
import { invitationMail } from './mail';
import { activeDwelling, flagsOf, invitationAnswer, notFoundRefusal, rolesOf } from './rows';

/** The page of the e-mailed link, under the app's base address. */
export const acceptLink = (baseUrl: string, token: string) => `${baseUrl}/sessions/aceptar-invitacion?token=${token}`;

const expiryFrom = (now: Date) => addMinutes(now, INVITATION_DAYS * 24 * 60).toISOString();

export interface InvitationDraft {
  email: string;
  name: string;
  ApmtId: number | null;
  kind: ResidencyKind | null;
  roles: readonly StaffRole[];
  accessRequestId: number | null;
}

/** What the route sends after the commit: the e-mail, when there is a base address for its link. */
export interface Outcome<T> {
  answer: T;
  mail: OutgoingMail | null;
}

/**
 * Refuses (409) an invitation that would give nothing new: the e-mail is already an active resident of that
 * dwelling, or an active member holding every role it names.
 */
async function requireSomethingNew(trx: Kysely<Database>, condoId: number, draft: InvitationDraft): Promise<void> {
  const membership = await trx
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.is_admin', 'm.is_board', 'm.is_employee', 'm.is_guard', 'm.is_supervisor'])
    .where('u.email', '=', draft.email)
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .executeTakeFirst();
  if (!membership) return;
  if (draft.ApmtId !== null) {
    const residency = await trx
      .selectFrom('residencies')
      .select('id')
      .where('membership_id', '=', membership.id)
      .where('apartment_id', '=', draft.ApmtId)
      .executeTakeFirst();
    if (residency) {
      throw new AppError(
        409,
        ErrorCodes.conflict,
        { id: 'invitationsNotices.refusal.alreadyResident', values: { email: draft.email } },
        'email',
      );
    }
    return;
  }
  const held = rolesOf(membership);
  if (draft.roles.every((role) => held.includes(role))) {
    throw new AppError(
      409,
      ErrorCodes.conflict,
      { id: 'invitationsNotices.refusal.alreadyMember', values: { email: draft.email } },
      'email',
    );
  }
}

/** Writes the invitation and its audit row in `trx`; answers its id and the token of its link. */
export async function insertInvitation(
  trx: Kysely<Database>,
  clock: Clock,
  auth: Pick<Auth, 'condoId' | 'userId'>,
  request: InvitationDraft,
): Promise<{ id: number; token: string; dwelling: string | null }> {
  const draft = { ...request, email: request.email.trim().toLowerCase(), name: request.name.trim() };
  const dwelling = draft.ApmtId === null ? null : await activeDwelling(trx, auth.condoId, draft.ApmtId);
  await requireSomethingNew(trx, auth.condoId, draft);
  const now = clock.now();
  const token = newToken();
  const roles = draft.ApmtId === null ? draft.roles : [];
  const { id } = await trx
    .insertInto('invitations')
    .values({
      condo_id: auth.condoId,
      email: draft.email,
      name: draft.name,
      apartment_id: draft.ApmtId,
      kind: draft.ApmtId === null ? null : draft.kind,
      ...flagsOf(roles),
      token_hash: hashToken(token),
      created_by: auth.userId,
      access_request_id: draft.accessRequestId,
      sent_count: 1,
      last_sent_at: now.toISOString(),
      expires_at: expiryFrom(now),
      accepted_at: null,
      accepted_user_id: null,
      revoked_at: null,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    condoId: auth.condoId,
    actorUserId: auth.userId,
    entity: 'invitation',
    entityId: id,
    action: 'create',
    after: {
      email: draft.email,
      name: draft.name,
      ApmtId: draft.ApmtId,
      kind: draft.ApmtId === null ? null : draft.kind,
      roles,
      accessRequestId: draft.accessRequestId,
      expiresAt: expiryFrom(now),
    },
    at: now,
  });
  return { id, token, dwelling: dwelling?.name ?? null };
}

/**
 * The invitation's e-mail, or null without a base address: in the profile language of the person when the
 * address already has an account (a member of another condominium), else Spanish, the product's language.
 */
export async function mailFor(db: Kysely<Database>, invitation: Invitation, token: string, baseUrl: string | null) {
  if (!baseUrl) return null;
  const condo = await db
    .selectFrom('invitations as i')
    .innerJoin('condominiums as c', 'c.id', 'i.condo_id')
    .select('c.name')
    .where('i.id', '=', invitation.id)
    .executeTakeFirstOrThrow();
  const mail = invitationMail(await languageOfAddress(db, invitation.email), {
    email: invitation.email,
    name: invitation.name,
    condo: condo.name,
    dwelling: invitation.dwelling,
    kind: invitation.kind,
    roles: invitation.roles,
    link: acceptLink(baseUrl, token),
    days: INVITATION_DAYS,
  });
  // An expired link is not worth sending late.
  return { ...mail, validUntil: new Date(invitation.expiresAt) };
}

export async function invite(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: InviteRequest,
  baseUrl: string | null,
): Promise<Outcome<Invitation>> {
  const { id, token } = await db
    .transaction()
    .execute((trx) => insertInvitation(trx, clock, auth, { ...request, accessRequestId: null }));
  const invitation = await invitationAnswer(db, id, clock.now().toISOString());
  return { answer: invitation, mail: await mailFor(db, invitation, token, baseUrl) };
}

/** A pending invitation of the caller's condominium (not accepted, not revoked), or 404. */
async function pendingInvitation(trx: Kysely<Database>, auth: Auth, id: number) {
  const row = await trx
    .selectFrom('invitations')
    .select(['id', 'sent_count', 'expires_at', 'email'])
    .where('id', '=', id)
    .where('condo_id', '=', auth.condoId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFoundRefusal('invitationsNotices.refusal.invitationNotFound');
  return row;
}

/** A new link (new token, new expiry); the previous link stops working at once. */
export async function resend(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  id: number,
  baseUrl: string | null,
): Promise<Outcome<Invitation>> {
  const now = clock.now();
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    const row = await pendingInvitation(trx, auth, id);
    const set = {
      token_hash: hashToken(token),
      sent_count: row.sent_count + 1,
      last_sent_at: now.toISOString(),
      expires_at: expiryFrom(now),
    };
    const changed = await trx
      .updateTable('invitations')
      .set(set)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw notFoundRefusal('invitationsNotices.refusal.invitationNotFound');
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'invitation',
      entityId: id,
      action: 'reenviar',
      before: { sentCount: row.sent_count, expiresAt: row.expires_at },
      after: { sentCount: set.sent_count, expiresAt: set.expires_at },
      at: now,
    });
  });
  const invitation = await invitationAnswer(db, id, now.toISOString());
  return { answer: invitation, mail: await mailFor(db, invitation, token, baseUrl) };
}

export async function revoke(db: Kysely<Database>, clock: Clock, auth: Auth, id: number): Promise<void> {
  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    await pendingInvitation(trx, auth, id);
    const changed = await trx
      .updateTable('invitations')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw notFoundRefusal('invitationsNotices.refusal.invitationNotFound');
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'invitation',
      entityId: id,
      action: 'revocar',
      before: { revokedAt: null },
      after: { revokedAt: now },
      at: now,
    });
  });
}
