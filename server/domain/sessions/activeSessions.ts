// mi-perfil's "Sesiones activas": the user's live working sessions in every condominium, and ending them.
// A session ends at once: its next call is refused with 401, and the product token issued with it dies too.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { ActiveSession } from '../../../src/api/sessions';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { describeDevice } from '../../infra/userAgent';
import type { Auth } from '../shared/auth';
import { revokeUserSessions, stopPushesOf } from '../shared/sessionRows';

/** The user's live condo sessions, this one first, then the most recently used. */
export async function listActiveSessions(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  page: { limit: number; offset: number },
): Promise<{ items: ActiveSession[]; total: number }> {
  const live = db
    .selectFrom('sessions as s')
    .innerJoin('condominiums as c', 'c.id', 's.condo_id')
    .where('s.user_id', '=', auth.userId)
    .where('s.kind', '=', 'condo')
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', clock.now().toISOString());
  const [rows, count] = await Promise.all([
    live
      .select([
        's.id',
        's.user_agent',
        's.client_address',
        's.remember_me',
        's.created_at',
        's.last_seen_at',
        'c.name as condo_name',
      ])
      .orderBy((eb) => eb.case().when('s.id', '=', auth.sessionId).then(0).else(1).end())
      .orderBy('s.last_seen_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    live.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      current: r.id === auth.sessionId,
      device: describeDevice(r.user_agent),
      address: r.client_address,
      condoName: r.condo_name,
      rememberMe: r.remember_me === 1,
      signedInAt: r.created_at,
      lastUsedAt: r.last_seen_at,
    })),
    total: Number(count.n),
  };
}

/**
 * Ends another of the user's condo sessions (and its product token). One that has already ended is fine;
 * one that is not theirs does not exist for them. This session is ended with sign-out, not here.
 */
export async function revokeSession(db: Kysely<Database>, clock: Clock, auth: Auth, id: number): Promise<void> {
  if (id === auth.sessionId) {
    throw new AppError(400, ErrorCodes.badRequest, 'errors.session.currentOne', 'id');
  }
  const target = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', auth.userId)
    .where('kind', '=', 'condo')
    .executeTakeFirst();
  if (!target) throw notFound('errors.notFound.session');
  const ended = await db
    .updateTable('sessions')
    .set({ revoked_at: clock.now().toISOString() })
    .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  await stopPushesOf(db, ended);
}

/** Ends every other session of the user in every condominium, with their sign-in and bridge tokens. */
export async function revokeOtherSessions(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<void> {
  await revokeUserSessions(db, clock.now().toISOString(), auth.userId, auth.sessionId);
}
