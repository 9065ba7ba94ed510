// Signing in happens in two steps (spec §4 Login): e-mail and password give a short-lived sign-in token
// and the list of the user's condominiums; choosing one exchanges that token for a working session.
import type { Kysely } from 'kysely';
import { BRIDGE_TOKEN_SECONDS } from '../../src/api/account';
import { ErrorCodes } from '../../src/api/errors';
import type { CondoChoice, CondoLoginRequest, SignInRequest } from '../../src/api/sessions';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { addMinutes, type Clock } from './clock';
import { decoyHash, verifyPassword } from './passwords';
import { hashToken, newToken } from './tokens';

export interface SessionPolicy {
  scryptLogN: number;
  sessionIdleMinutes: number;
  rememberMeDays: number;
}

/** How long the sign-in token lets the user pick a condominium. */
const SIGN_IN_TOKEN_MINUTES = 10;

/** The signed-in person as every guarded route sees them. */
export interface Auth {
  sessionId: number;
  userId: number;
  condoId: number;
  membershipId: number;
}

let decoy: Promise<string> | null = null;

const invalidCredentials = () => new AppError(401, ErrorCodes.invalidCredentials, 'Usuario o Contraseña incorrecta', 'password');

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

  const { token } = await createSession(db, clock, {
    userId: user.id,
    condoId: null,
    kind: 'signin',
    rememberMe: request.rememberMe === true,
    minutes: SIGN_IN_TOKEN_MINUTES,
  });
  return { token, condos };
}

export async function condoLogin(
  db: Kysely<Database>,
  policy: SessionPolicy,
  clock: Clock,
  request: CondoLoginRequest,
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
    throw new AppError(401, ErrorCodes.unauthenticated, 'La sesión de ingreso expiró, vuelve a iniciar sesión.');
  }
  await checkMembership(db, request.UserId, request.CondoId);
  // The sign-in token is single use: it is spent whether or not what follows succeeds.
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', signInSession.id).execute();
  return openCondoSession(db, policy, clock, {
    userId: request.UserId,
    condoId: request.CondoId,
    rememberMe: signInSession.remember_me === 1,
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
  if (!membership) throw new AppError(403, ErrorCodes.forbidden, 'No perteneces a este condominio.');
  if (membership.login_error) throw new AppError(403, ErrorCodes.forbidden, membership.login_error);
}

/** A working session in the condominium and the product token that goes with it. */
async function openCondoSession(
  db: Kysely<Database>,
  policy: SessionPolicy,
  clock: Clock,
  s: { userId: number; condoId: number; rememberMe: boolean },
): Promise<{ token: string; productToken: string }> {
  const minutes = s.rememberMe ? policy.rememberMeDays * 24 * 60 : policy.sessionIdleMinutes;
  const base = { userId: s.userId, condoId: s.condoId, rememberMe: s.rememberMe, minutes };
  const condo = await createSession(db, clock, { ...base, kind: 'condo' });
  const product = await createSession(db, clock, { ...base, kind: 'product', parentId: condo.id });
  return { token: condo.token, productToken: product.token };
}

/**
 * A single-use token (antkn) that opens a session for the same person in the same condominium, for the
 * login-redirect bridge (spec §2.8). Deliberately not tied to the issuing session: the bridge signs the
 * browser out before it spends the token, and that must not kill it.
 */
export async function issueBridgeToken(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<string> {
  const issuer = await db.selectFrom('sessions').select('remember_me').where('id', '=', auth.sessionId).executeTakeFirstOrThrow();
  const { token } = await createSession(db, clock, {
    userId: auth.userId,
    condoId: auth.condoId,
    kind: 'bridge',
    rememberMe: issuer.remember_me === 1,
    minutes: BRIDGE_TOKEN_SECONDS / 60,
  });
  return token;
}

/** Spends a bridge token: a new condo session exactly as condo-login gives one. Unknown, used or expired: 401. */
export async function changeCondoSession(
  db: Kysely<Database>,
  policy: SessionPolicy,
  clock: Clock,
  antkn: string,
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
    .returning(['user_id', 'condo_id', 'remember_me'])
    .executeTakeFirst();
  if (!bridge || bridge.condo_id === null) {
    throw new AppError(401, ErrorCodes.unauthenticated, 'El enlace de acceso expiró o ya se usó. Vuelve a iniciar sesión.');
  }
  await checkMembership(db, bridge.user_id, bridge.condo_id);
  return openCondoSession(db, policy, clock, {
    userId: bridge.user_id,
    condoId: bridge.condo_id,
    rememberMe: bridge.remember_me === 1,
  });
}

/**
 * Revokes every session, sign-in token, product token and bridge token of the user, except the given
 * session and the product token issued with it (the person who just changed their password stays in).
 */
export async function revokeUserSessions(
  db: Kysely<Database>,
  now: string,
  userId: number,
  keepSessionId: number | null = null,
): Promise<void> {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId !== null) {
    query = query
      .where('id', '!=', keepSessionId)
      .where((eb) => eb.or([eb('parent_id', 'is', null), eb('parent_id', '!=', keepSessionId)]));
  }
  await query.execute();
}

async function createSession(
  db: Kysely<Database>,
  clock: Clock,
  s: { userId: number; condoId: number | null; kind: string; rememberMe: boolean; minutes: number; parentId?: number },
): Promise<{ id: number; token: string }> {
  const token = newToken();
  const now = clock.now();
  const row = await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: s.userId,
      condo_id: s.condoId,
      kind: s.kind,
      parent_id: s.parentId ?? null,
      remember_me: s.rememberMe ? 1 : 0,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: addMinutes(now, s.minutes).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/** Writing last_seen on every request would turn reads into writes; once a minute is enough for idle expiry. */
const TOUCH_EVERY_MS = 60_000;

export async function resolveSession(
  db: Kysely<Database>,
  policy: SessionPolicy,
  clock: Clock,
  token: string,
): Promise<Auth | null> {
  const now = clock.now();
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('memberships as m', (join) => join.onRef('m.user_id', '=', 's.user_id').onRef('m.condo_id', '=', 's.condo_id'))
    .select(['s.id', 's.user_id', 's.condo_id', 's.remember_me', 's.last_seen_at', 'm.id as membership_id', 'm.active'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.kind', '=', 'condo')
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row || row.condo_id === null || row.active !== 1) return null;
  if (now.getTime() - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
    const minutes = row.remember_me ? policy.rememberMeDays * 24 * 60 : policy.sessionIdleMinutes;
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now.toISOString(), expires_at: addMinutes(now, minutes).toISOString() })
      .where('id', '=', row.id)
      .execute();
  }
  return { sessionId: row.id, userId: row.user_id, condoId: row.condo_id, membershipId: row.membership_id };
}

/** Revokes the session and the product token issued with it. */
export async function signOut(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: clock.now().toISOString() })
    .where((eb) => eb.or([eb('id', '=', auth.sessionId), eb('parent_id', '=', auth.sessionId)]))
    .where('revoked_at', 'is', null)
    .execute();
}
