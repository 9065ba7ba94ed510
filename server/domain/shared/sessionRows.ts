// The sessions table's rows: opening a session (the token, its idle expiry and absolute end by the policy, the
// client it was opened from), a working session in a condominium with its product token, and revoking every
// session of a user. Each row asks, as it is written, for the purge that deletes it a day after it has ended
// (the handler: sessions/jobs.ts). Shared: the sessions area signs in and resolves sessions with it,
// invitations open the new member's first session, and account, profile and active sessions revoke sessions
// after a password reset or change, or on "close the others".
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { addMinutes, type Clock } from '../../infra/clock';
import { dailySlot, scheduleJobOnce } from '../../infra/scheduledJobs';
import { hashToken, newToken } from '../../infra/tokens';

/** The purge of ended session rows, once a day (its handler: sessions/jobs.ts). */
export const SESSION_PURGE_JOB = 'session-purge';

/** How long a row is kept after it ends: "Sesiones activas" still tells "already ended" from "not yours". */
export const ENDED_SESSIONS_KEPT_MS = 24 * 60 * 60_000;

/**
 * Schedules the purge that finds a row ending by `end` a day over: the first daily purge after that (dailySlot),
 * once however many rows ask for it. Every run deletes whatever has ended by then, not only these rows.
 */
export async function scheduleSessionPurge(db: Kysely<Database>, end: string, now: Date): Promise<void> {
  const slot = dailySlot(new Date(Date.parse(end) + ENDED_SESSIONS_KEPT_MS));
  await scheduleJobOnce(db, SESSION_PURGE_JOB, slot.key, slot.dueAt, now);
}

export interface SessionPolicy {
  scryptLogN: number;
  sessionIdleMinutes: number;
  rememberMeDays: number;
  sessionMaxHours: number;
  rememberMeMaxDays: number;
}

/** Where a session was opened from, as the request that opened it tells. */
export interface SessionClient {
  /** request.ip, which honours TRUST_PROXY. */
  address: string | null;
  userAgent: string | null;
}

/** Longer User-Agent headers are cut: enough to tell the browser and the system, and a bounded row. */
export const USER_AGENT_MAX = 512;

/** A session opened by no request of its own (a sign-in token, a bridge token). */
export const NO_CLIENT: SessionClient = { address: null, userAgent: null };

/** How long an unused session lives, by the policy. */
export const idleMinutes = (policy: SessionPolicy, rememberMe: boolean) =>
  rememberMe ? policy.rememberMeDays * 24 * 60 : policy.sessionIdleMinutes;

const lifetimeMinutes = (policy: SessionPolicy, rememberMe: boolean) =>
  rememberMe ? policy.rememberMeMaxDays * 24 * 60 : policy.sessionMaxHours * 60;

/** The first whole minute at or after `date`. */
export function ceilToMinute(date: Date): Date {
  return new Date(Math.ceil(date.getTime() / 60_000) * 60_000);
}

/**
 * The idle expiry of a session used at `now`: `minutes` after that use, rounded up to the whole minute, and
 * never past its absolute end. Rounding up is what lets the last-used write happen once a minute without
 * ever cutting a session short: every use within one minute gives the same expiry, which is at least
 * `minutes` after each of them (and less than a minute more).
 */
export function idleExpiry(now: Date, minutes: number, absoluteEnd: string): string {
  const idle = addMinutes(ceilToMinute(now), minutes).toISOString();
  return idle < absoluteEnd ? idle : absoluteEnd;
}

/** The client as a session row keeps it: the address in its plain form, the user agent cut. */
export function clientOf(address: string | undefined, userAgent: string | string[] | undefined): SessionClient {
  const agent = (Array.isArray(userAgent) ? userAgent[0] : userAgent)?.trim();
  // An IPv4 client on a dual-stack socket shows as ::ffff:1.2.3.4.
  const plain = address?.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return { address: plain || null, userAgent: agent ? agent.slice(0, USER_AGENT_MAX) : null };
}

/**
 * A working session in the condominium and the product token that goes with it. Its absolute end counts
 * from now, or comes earlier (`endsBy`) when it continues a session opened before, as through the bridge.
 */
export async function openCondoSession(
  db: Kysely<Database>,
  policy: SessionPolicy,
  clock: Clock,
  s: { userId: number; condoId: number; rememberMe: boolean; client: SessionClient; endsBy: string | null },
): Promise<{ token: string; productToken: string }> {
  const now = clock.now();
  const lifetimeEnd = addMinutes(now, lifetimeMinutes(policy, s.rememberMe)).toISOString();
  const absoluteExpiresAt = s.endsBy !== null && s.endsBy < lifetimeEnd ? s.endsBy : lifetimeEnd;
  const base = {
    userId: s.userId,
    condoId: s.condoId,
    rememberMe: s.rememberMe,
    expiresAt: idleExpiry(now, idleMinutes(policy, s.rememberMe), absoluteExpiresAt),
    absoluteExpiresAt,
    client: s.client,
  };
  const condo = await createSession(db, clock, { ...base, kind: 'condo' });
  const product = await createSession(db, clock, { ...base, kind: 'product', parentId: condo.id });
  return { token: condo.token, productToken: product.token };
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

/** Writes one session row and answers its id and the token (only the token's hash is kept). */
export async function createSession(
  db: Kysely<Database>,
  clock: Clock,
  s: {
    userId: number;
    condoId: number | null;
    kind: string;
    rememberMe: boolean;
    expiresAt: string;
    absoluteExpiresAt: string;
    client: SessionClient;
    parentId?: number;
  },
): Promise<{ id: number; token: string }> {
  const token = newToken();
  const now = clock.now().toISOString();
  const row = await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: s.userId,
      condo_id: s.condoId,
      kind: s.kind,
      parent_id: s.parentId ?? null,
      remember_me: s.rememberMe ? 1 : 0,
      created_at: now,
      last_seen_at: now,
      expires_at: s.expiresAt,
      absolute_expires_at: s.absoluteExpiresAt,
      client_address: s.client.address,
      user_agent: s.client.userAgent,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The latest the row can end: a working session's absolute end (use moves its idle expiry on, up to that), a
  // token's expiry. A product token is deleted with its session and asks for nothing.
  if (s.kind !== 'product') await scheduleSessionPurge(db, s.kind === 'condo' ? s.absoluteExpiresAt : s.expiresAt, clock.now());
  return { id: row.id, token };
}
