// The e-mailed link (public, no session): what it invites to, and accepting it. A new person chooses a
// password (the shared rule); a person with an account confirms with theirs. Accepting creates the user (when
// new), the membership (or reactivates it and adds the roles), the residency with its kind and the default
// permissions in ONE transaction, spends the invitation (of two requests racing with one link, one wins) and
// opens a condo session. The privacy notice waits for a new membership as for anybody who never accepted it.
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import { ErrorCodes } from '../../../src/api/errors';
import type { HistoryAction, HistoryEntity } from '../../../src/api/history';
import type { AcceptInvitationRequest, InvitationInfo } from '../../../src/api/invitations';
import type { Language } from '../../../src/i18n/languages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { hashPassword, verifyPassword } from '../../infra/passwords';
import { hashToken } from '../../infra/tokens';
import { type AuditValues, recordAudit } from '../shared/audit';
import { requireAcceptablePassword } from '../shared/passwordChange';
import { openCondoSession, type SessionClient, type SessionPolicy } from '../shared/sessionRows';
import { grantsFor } from './grants';
import { asKind, flagsOf, rolesOf } from './rows';

type LinkProblem = 'unknown' | 'expired' | 'revoked' | 'used';

const linkRefused = (problem: LinkProblem) =>
  new AppError(400, ErrorCodes.badRequest, `invitationsNotices.link.${problem}`, 'token');

async function invitationOf(db: Kysely<Database>, token: string) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('condominiums as c', 'c.id', 'i.condo_id')
    .leftJoin('apartments as a', 'a.id', 'i.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .selectAll('i')
    .select(['c.name as condo_name', 'a.name as apartment', 't.name as tower'])
    .where('i.token_hash', '=', hashToken(token))
    .executeTakeFirst();
}

/** The invitation of a link that still works, or 400 on "token" saying why it does not. */
async function workingInvitation(db: Kysely<Database>, clock: Clock, token: string) {
  const row = await invitationOf(db, token);
  if (!row) throw linkRefused('unknown');
  if (row.accepted_at !== null) throw linkRefused('used');
  if (row.revoked_at !== null) throw linkRefused('revoked');
  if (row.expires_at <= clock.now().toISOString()) throw linkRefused('expired');
  return row;
}

export async function invitationInfo(db: Kysely<Database>, clock: Clock, token: string): Promise<InvitationInfo> {
  const row = await workingInvitation(db, clock, token);
  const user = await db.selectFrom('users').select('id').where('email', '=', row.email).executeTakeFirst();
  return {
    condoName: row.condo_name,
    email: row.email,
    name: row.name,
    dwelling: row.apartment === null ? null : dwellingName(row.tower, row.apartment),
    kind: asKind(row.kind),
    roles: rolesOf(row),
    existingUser: user !== undefined,
  };
}

const wrongPassword = () => new AppError(400, ErrorCodes.badRequest, 'invitationsNotices.wrongPassword', 'password');

export async function acceptInvitation(
  db: Kysely<Database>,
  policy: SessionPolicy,
  clock: Clock,
  request: AcceptInvitationRequest,
  context: { client: SessionClient; language: Language },
): Promise<{ token: string; productToken: string }> {
  const row = await workingInvitation(db, clock, request.token);
  // A condominium that refuses sign-in (its own words, as the condominium selector shows them) refuses this
  // way in too; the link stays usable for when it opens again.
  const condo = await db
    .selectFrom('condominiums')
    .select(['status', 'login_error'])
    .where('id', '=', row.condo_id)
    .executeTakeFirstOrThrow();
  if (condo.login_error) throw new AppError(403, ErrorCodes.forbidden, { text: condo.login_error });
  if (condo.status === 'I') throw new AppError(403, ErrorCodes.forbidden, 'errors.session.notMember');
  const existing = await db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', row.email).executeTakeFirst();
  let passwordHash: string | null = null;
  if (existing) {
    if (!(await verifyPassword(request.password, existing.password_hash))) {
      // The account may be a moment old, made by a request racing with this one on the same link: then the
      // link is spent, and that is this request's answer, not the other request's password.
      await workingInvitation(db, clock, request.token);
      throw wrongPassword();
    }
  } else {
    requireAcceptablePassword(request.password, 'password');
    passwordHash = await hashPassword(request.password, policy.scryptLogN);
  }
  const now = clock.now().toISOString();
  const roles = rolesOf(row);
  const kind = asKind(row.kind);
  const userId = await db.transaction().execute(async (trx) => {
    // Spent first and only if still open: of two requests racing with one link, one wins.
    const spent = await trx
      .updateTable('invitations')
      .set({ accepted_at: now })
      .where('id', '=', row.id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw linkRefused('used');
    let userId: number | undefined = existing?.id;
    // The person who accepts is the actor of what accepting changes.
    const audit = <B extends object, A extends object>(
      entity: HistoryEntity,
      entityId: number,
      action: HistoryAction,
      before: AuditValues<B> | undefined,
      after: AuditValues<A>,
    ) =>
      recordAudit(trx, { condoId: row.condo_id, actorUserId: userId ?? null, entity, entityId, action, before, after, at: now });

    if (userId === undefined) {
      const created = await trx
        .insertInto('users')
        .values({ email: row.email, name: row.name, password_hash: passwordHash!, photo_file_name: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      userId = created.id;
    }

    const membership = await trx
      .selectFrom('memberships')
      .selectAll()
      .where('user_id', '=', userId)
      .where('condo_id', '=', row.condo_id)
      .executeTakeFirst();
    let membershipId: number;
    if (!membership) {
      const inserted = await trx
        .insertInto('memberships')
        .values({
          user_id: userId,
          condo_id: row.condo_id,
          ...flagsOf(roles),
          active: 1,
          privacy_accepted_at: null,
          language: context.language,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      membershipId = inserted.id;
      await audit('membership', membershipId, 'create', undefined, { userId, roles, active: 1, invitationId: row.id });
    } else {
      membershipId = membership.id;
      const held = rolesOf(membership);
      const after = [...new Set([...held, ...roles])];
      if (membership.active !== 1 || after.length !== held.length) {
        await trx
          .updateTable('memberships')
          .set({ active: 1, ...flagsOf(after) })
          .where('id', '=', membershipId)
          .execute();
        await audit(
          'membership',
          membershipId,
          'update',
          { active: membership.active, roles: held },
          { active: 1, roles: after, invitationId: row.id },
        );
      }
    }

    if (row.apartment_id !== null && kind !== null) {
      const had = await trx
        .selectFrom('residencies')
        .select(['id', 'kind'])
        .where('membership_id', '=', membershipId)
        .where('apartment_id', '=', row.apartment_id)
        .executeTakeFirst();
      if (!had) {
        const residency = await trx
          .insertInto('residencies')
          .values({ membership_id: membershipId, apartment_id: row.apartment_id, kind })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit('residency', residency.id, 'create', undefined, {
          membershipId,
          userId,
          ApmtId: row.apartment_id,
          kind,
          invitationId: row.id,
        });
      }
    }

    // The default permissions: each key the membership does not have yet.
    const grants = grantsFor(row.apartment_id !== null, roles);
    const heldKeys = new Set(
      (await trx.selectFrom('user_permissions').select('clave').where('membership_id', '=', membershipId).execute()).map(
        (p) => p.clave,
      ),
    );
    const newPermissions = grants.permisos.filter(([clave]) => !heldKeys.has(clave));
    if (newPermissions.length) {
      await trx
        .insertInto('user_permissions')
        .values(newPermissions.map(([clave, tipo, activa]) => ({ membership_id: membershipId, clave, tipo, activa })))
        .execute();
    }
    const heldFunctions = new Set(
      (await trx.selectFrom('role_functions').select('funcion').where('membership_id', '=', membershipId).execute()).map(
        (f) => f.funcion,
      ),
    );
    const newFunctions = grants.funciones.filter(([funcion]) => !heldFunctions.has(funcion));
    if (newFunctions.length) {
      await trx
        .insertInto('role_functions')
        .values(newFunctions.map(([funcion, tipo]) => ({ membership_id: membershipId, funcion, tipo })))
        .execute();
    }
    if (newPermissions.length || newFunctions.length) {
      await audit('permissions', membershipId, 'create', undefined, {
        permisos: newPermissions.map(([clave, tipo, activa]) => ({ clave, tipo, activa })),
        funciones: newFunctions.map(([funcion, tipo]) => ({ funcion, tipo })),
      });
    }

    await trx.updateTable('invitations').set({ accepted_user_id: userId }).where('id', '=', row.id).execute();
    await audit('invitation', row.id, 'aceptar', { acceptedAt: null }, { acceptedAt: now, userId });
    return userId;
  });

  return openCondoSession(db, policy, clock, {
    userId,
    condoId: row.condo_id,
    rememberMe: false,
    client: context.client,
    endsBy: null,
  });
}
