// The sessions table's rows: opening a session (the token, its idle expiry and absolute end by the policy, the
// client it was opened from), a working session in a condominium with its product token, and revoking every
// session of a user. Each row asks, as it is written, for the purge that deletes it a day after it has ended
// (the handler: sessions/jobs.ts). Shared: the sessions area signs in and resolves sessions with it,
// invitations open the new member's first session, and account, profile and active sessions revoke sessions
// after a password reset or change, or on "close the others".
import { type Kysely, SqliteAdapter, sql } from 'kysely';
import { preparedQuery } from '../../db/preparedQuery';
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
  await stopPushesOf(db, await query.returning('id').execute());
}

/**
 * Sessions ended by hand (signing out, ended from another device, a new password): the browsers turned on for pushes
 * in them stop receiving them (migration 0044), so the next person on a shared device gets none of the last one's.
 * Their pushes still queued go with them (push_outbox cascades).
 */
export async function stopPushesOf(db: Kysely<Database>, ended: readonly { id: number }[]): Promise<void> {
  if (ended.length === 0) return;
  await db
    .deleteFrom('push_subscriptions')
    .where(
      'session_id',
      'in',
      ended.map((session) => session.id),
    )
    .execute();
}

/**
 * The live working session (a condo session, or a shift session on a gate device) of a token's hash at `now`,
 * with what the session lookup decides on: its membership, the condominium's privacy notice, the device. Every
 * signed-in request runs it first, so it is built and compiled once (db/preparedQuery.ts).
 */
export const liveSessionRow = preparedQuery((db, tokenHash: string, now: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('memberships as m', (join) => join.onRef('m.user_id', '=', 's.user_id').onRef('m.condo_id', '=', 's.condo_id'))
    .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
    .leftJoin('gate_devices as d', 'd.id', 's.device_id')
    .select([
      's.id',
      's.kind',
      's.device_id',
      'd.condo_id as device_condo_id',
      'd.revoked_at as device_revoked_at',
      's.user_id',
      's.condo_id',
      's.remember_me',
      's.last_seen_at',
      's.expires_at',
      's.absolute_expires_at',
      'm.id as membership_id',
      'm.active',
      'm.language',
      'm.privacy_accepted_at',
      'c.aviso_privacidad',
      'c.aviso_activo',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.kind', 'in', ['condo', 'gate'])
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now),
);

/**
 * Records a session's use at `now` and moves its expiry to `expiresAt` (the session lookup, at most once a minute
 * per session). A slower request that started earlier never moves it back.
 *
 * On SQLite this one write does not wait for the disk (synchronous NORMAL for its commit, the connection's own
 * setting again right after): better-sqlite3 writes on the event loop, and with 200 people signed in the first
 * request of every minute made 200 commits wait for the disk one after another, seconds in which no request was
 * answered (issue 29). What it risks is the last few uses of sessions on a power loss, never a broken file:
 * the WAL keeps such a commit until the next one that waits for the disk (any other write) flushes it too, and a
 * use lost that way only makes a session end sooner than it would have.
 */
export async function touchSession(db: Kysely<Database>, sessionId: number, now: string, expiresAt: string): Promise<void> {
  const touch = (target: Kysely<Database>) =>
    target
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where('id', '=', sessionId)
      .where('last_seen_at', '<', now)
      .execute();
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await touch(db);
    return;
  }
  // One connection held for the three statements: no other write commits under the relaxed setting.
  await db.connection().execute(async (connection) => {
    const [setting] = (await sql<{ synchronous: number }>`pragma synchronous`.execute(connection)).rows;
    await sql`pragma synchronous = NORMAL`.execute(connection);
    try {
      await touch(connection);
    } finally {
      await sql.raw(`pragma synchronous = ${Number(setting?.synchronous ?? 2)}`).execute(connection);
    }
  });
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
