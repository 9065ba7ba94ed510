// Signing in happens in two steps (spec §4 Login): e-mail and password give a short-lived sign-in token
// and the list of the user's condominiums; choosing one exchanges that token for a working session.
// A working session ends when it has been idle too long (SESSION_IDLE_MINUTES, REMEMBER_ME_DAYS) or, however
// much it is used, at its absolute end (SESSION_MAX_HOURS, REMEMBER_ME_MAX_DAYS after the password).
import type { Kysely } from 'kysely';
import { BRIDGE_TOKEN_SECONDS } from '../../../src/api/account';
import { ErrorCodes } from '../../../src/api/errors';
import { type CondoChoice, type CondoLoginRequest, privacyNoticePending, type SignInRequest } from '../../../src/api/sessions';
import { isLanguage } from '../../../src/i18n/languages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { addMinutes, type Clock } from '../../infra/clock';
import { decoyHash, verifyPassword } from '../../infra/passwords';
import { deepFreeze, type StateMemo } from '../../infra/stateMemo';
import { hashToken } from '../../infra/tokens';
import type { Auth } from '../shared/auth';
import {
  ceilToMinute,
  createSession,
  idleExpiry,
  idleMinutes,
  liveSessionRow,
  NO_CLIENT,
  openCondoSession,
  type SessionClient,
  type SessionPolicy,
  stopPushesOf,
  touchSession,
} from '../shared/sessionRows';

/** How long the sign-in token lets the user pick a condominium. */
const SIGN_IN_TOKEN_MINUTES = 10;

let decoy: Promise<string> | null = null;

const invalidCredentials = () =>
  new AppError(401, ErrorCodes.invalidCredentials, 'errors.session.invalidCredentials', 'password');

export async function signIn(
  db: Kysely<Database>,
  policy: SessionPolicy,
  clock: Clock,
  request: SignInRequest,
): Promise<{ token: string; condos: CondoChoice[] }> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', request.username.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) {
    // Spend the same time as a real check, so response times do not reveal which e-mails exist.
    decoy ??= decoyHash(policy.scryptLogN);
    await verifyPassword(request.password, await decoy);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(request.password, user.password_hash))) throw invalidCredentials();

  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
    .select(['c.id as CondoId', 'c.name as CondoName', 'c.login_error as error', 'c.subdomain'])
    .where('m.user_id', '=', user.id)
    .where('m.active', '=', 1)
    .where('c.status', '!=', 'I')
    .orderBy('c.name')
    .execute();
  // Signing in from a condominium's public page puts that condominium first.
  const wanted = request.subdomain?.toLowerCase();
  rows.sort((a, b) => Number(b.subdomain === wanted) - Number(a.subdomain === wanted));
  const condos = rows.map((r) => ({ CondoId: r.CondoId, UserId: user.id, CondoName: r.CondoName, error: r.error }));

  const end = addMinutes(clock.now(), SIGN_IN_TOKEN_MINUTES).toISOString();
  const { token } = await createSession(db, clock, {
    userId: user.id,
    condoId: null,
    kind: 'signin',
    rememberMe: request.rememberMe === true,
    expiresAt: end,
    absoluteExpiresAt: end,
    client: NO_CLIENT,
  });
  return { token, condos };
}

export async function condoLogin(
  db: Kysely<Database>,
  policy: SessionPolicy,
  clock: Clock,
  request: CondoLoginRequest,
  client: SessionClient,
): Promise<{ token: string; productToken: string }> {
  const now = clock.now().toISOString();
  const signInSession = await db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'remember_me'])
    .where('token_hash', '=', hashToken(request.token))
    .where('kind', '=', 'signin')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!signInSession || signInSession.user_id !== request.UserId) {
    throw new AppError(401, ErrorCodes.unauthenticated, 'errors.session.signInExpired');
  }
  await checkMembership(db, request.UserId, request.CondoId);
  // The sign-in token is single use: it is spent whether or not what follows succeeds.
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', signInSession.id).execute();
  return openCondoSession(db, policy, clock, {
    userId: request.UserId,
    condoId: request.CondoId,
    rememberMe: signInSession.remember_me === 1,
    client,
    endsBy: null,
  });
}

/** An active membership of a condominium that accepts sign-in, or 403 saying why not. */
async function checkMembership(db: Kysely<Database>, userId: number, condoId: number): Promise<void> {
  const membership = await db
    .selectFrom('memberships as m')
    .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
    .select(['m.id', 'c.login_error', 'c.name'])
    .where('m.user_id', '=', userId)
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .where('c.status', '!=', 'I')
    .executeTakeFirst();
  if (!membership) throw new AppError(403, ErrorCodes.forbidden, 'errors.session.notMember');
  if (membership.login_error) throw new AppError(403, ErrorCodes.forbidden, { text: membership.login_error });
}

/**
 * A single-use token (antkn) that opens a session for the same person in the same condominium, for the
 * login-redirect bridge (spec §2.8). Deliberately not tied to the issuing session: the bridge signs the
 * browser out before it spends the token, and that must not kill it.
 */
export async function issueBridgeToken(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<string> {
  const issuer = await db
    .selectFrom('sessions')
    .select(['remember_me', 'absolute_expires_at'])
    .where('id', '=', auth.sessionId)
    .executeTakeFirstOrThrow();
  // The session the bridge opens ends when the issuing one would have: crossing it renews nothing.
  const expiresAt = addMinutes(clock.now(), BRIDGE_TOKEN_SECONDS / 60).toISOString();
  const { token } = await createSession(db, clock, {
    userId: auth.userId,
    condoId: auth.condoId,
    kind: 'bridge',
    rememberMe: issuer.remember_me === 1,
    expiresAt: expiresAt < issuer.absolute_expires_at ? expiresAt : issuer.absolute_expires_at,
    absoluteExpiresAt: issuer.absolute_expires_at,
    client: NO_CLIENT,
  });
  return token;
}

/** Spends a bridge token: a new condo session exactly as condo-login gives one. Unknown, used or expired: 401. */
export async function changeCondoSession(
  db: Kysely<Database>,
  policy: SessionPolicy,
  clock: Clock,
  antkn: string,
  client: SessionClient,
): Promise<{ token: string; productToken: string }> {
  const now = clock.now().toISOString();
  // Spent in the same statement that finds it, so two requests racing with one token cannot both win.
  const bridge = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', hashToken(antkn))
    .where('kind', '=', 'bridge')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'condo_id', 'remember_me', 'absolute_expires_at'])
    .executeTakeFirst();
  if (!bridge || bridge.condo_id === null) {
    throw new AppError(401, ErrorCodes.unauthenticated, 'errors.session.bridgeExpired');
  }
  await checkMembership(db, bridge.user_id, bridge.condo_id);
  return openCondoSession(db, policy, clock, {
    userId: bridge.user_id,
    condoId: bridge.condo_id,
    rememberMe: bridge.remember_me === 1,
    client,
    endsBy: bridge.absolute_expires_at,
  });
}

/** A live session's holder, and whether the condominium's privacy notice still waits for them (spec §4). */
export interface ResolvedSession {
  auth: Auth;
  privacyNoticePending: boolean;
}

type LiveSessionRow = NonNullable<Awaited<ReturnType<typeof liveSessionRow.first>>>;

/** The session rows the lookup read, by token hash, for the data state of this request (plugins/auth.ts). */
export interface SessionMemo {
  state: string;
  rows: StateMemo<LiveSessionRow>;
}

/**
 * The live session row of a token's hash at `now`. While nothing was committed since it was read, the row read
 * then is still the row, and only its expiry has to be checked against the clock again.
 */
async function liveRow(db: Kysely<Database>, tokenHash: string, nowIso: string, memo: SessionMemo | undefined) {
  const kept = memo?.rows.get(tokenHash, memo.state);
  if (kept) return kept.expires_at > nowIso ? kept : undefined;
  const row = await liveSessionRow.first(db, tokenHash, nowIso);
  if (row && memo) memo.rows.set(tokenHash, memo.state, deepFreeze(row));
  return row;
}

/**
 * The live condo session of a token, or null. Its use slides the idle expiry forward; that write happens
 * at most once a minute (the first use in a new minute), since writing on every request would turn reads
 * into writes, and idleExpiry's rounding makes the skipped writes cost nothing.
 * A shift session (kind 'gate', issue 26) counts too while its device is not revoked: it names the device
 * (auth.deviceId), lasts until its end (no idle expiry: a quiet night at the caseta must not end the shift),
 * and is never held by the privacy notice, which was checked when the shift opened (domain/gate/shift.ts).
 */
export async function resolveSession(
  db: Kysely<Database>,
  policy: SessionPolicy,
  clock: Clock,
  token: string,
  memo?: SessionMemo,
): Promise<ResolvedSession | null> {
  const now = clock.now();
  const nowIso = now.toISOString();
  const row = await liveRow(db, hashToken(token), nowIso, memo);
  if (!row || row.condo_id === null || row.active !== 1) return null;
  const shift = row.kind === 'gate';
  if (shift && (row.device_id === null || row.device_condo_id !== row.condo_id || row.device_revoked_at !== null)) return null;
  if (ceilToMinute(now) > ceilToMinute(new Date(row.last_seen_at))) {
    const expiresAt = shift
      ? row.absolute_expires_at
      : idleExpiry(now, idleMinutes(policy, row.remember_me === 1), row.absolute_expires_at);
    await touchSession(db, row.id, nowIso, expiresAt);
  }
  return {
    auth: {
      sessionId: row.id,
      userId: row.user_id,
      condoId: row.condo_id,
      membershipId: row.membership_id,
      language: isLanguage(row.language) ? row.language : 'es',
      deviceId: shift ? row.device_id : null,
    },
    privacyNoticePending:
      !shift &&
      privacyNoticePending({
        notice: row.aviso_privacidad,
        active: row.aviso_activo === 1,
        accepted: row.privacy_accepted_at !== null,
      }),
  };
}

/** Revokes the session and the product token issued with it. */
export async function signOut(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<void> {
  const ended = await db
    .updateTable('sessions')
    .set({ revoked_at: clock.now().toISOString() })
    .where((eb) => eb.or([eb('id', '=', auth.sessionId), eb('parent_id', '=', auth.sessionId)]))
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  await stopPushesOf(db, ended);
}
