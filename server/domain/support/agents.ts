// The support desk's own accounts and sessions (issue 30): an agent signs in at /soporte with e-mail and password
// and gets a desk session, kept like a condominium's (only the token's SHA-256, a sliding idle expiry, revoked on
// sign-out) but in support_sessions. A condominium's session never opens a desk route and a desk session never
// opens a condominium's (resolveSession reads only `sessions`), so the two kinds of account cannot cross.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { SupportAgent, SupportDeskSignInRequest } from '../../../src/api/support';
import { isLanguage } from '../../../src/i18n/languages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { addMinutes, type Clock } from '../../infra/clock';
import { decoyHash, verifyPassword } from '../../infra/passwords';
import { hashToken, newToken } from '../../infra/tokens';

/** A desk session ends after this long without use… */
export const DESK_IDLE_MINUTES = 12 * 60;

export interface DeskAuth {
  sessionId: number;
  agent: SupportAgent;
}

let decoy: Promise<string> | null = null;

const agentOf = (row: { id: number; name: string; email: string; language: string }): SupportAgent => ({
  id: row.id,
  nombre: row.name,
  email: row.email,
  language: isLanguage(row.language) ? row.language : 'es',
});

/** E-mail and password → a new desk session; 401 (the same words whoever's e-mail it is) otherwise. */
export async function signInAgent(
  db: Kysely<Database>,
  clock: Clock,
  scryptLogN: number,
  request: SupportDeskSignInRequest,
): Promise<{ token: string; agent: SupportAgent }> {
  const row = await db
    .selectFrom('support_agents')
    .select(['id', 'name', 'email', 'language', 'password_hash'])
    .where('email', '=', request.email.trim().toLowerCase())
    .where('active', '=', 1)
    .executeTakeFirst();
  const refused = () => new AppError(401, ErrorCodes.invalidCredentials, 'support.refusal.badCredentials', 'password');
  if (!row) {
    // The time of a real check, so the answer's timing does not tell which addresses are agents'.
    decoy ??= decoyHash(scryptLogN);
    await verifyPassword(request.password, await decoy);
    throw refused();
  }
  if (!(await verifyPassword(request.password, row.password_hash))) throw refused();
  const token = newToken();
  const now = clock.now();
  await db
    .insertInto('support_sessions')
    .values({
      token_hash: hashToken(token),
      agent_id: row.id,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: addMinutes(now, DESK_IDLE_MINUTES).toISOString(),
      revoked_at: null,
    })
    .execute();
  return { token, agent: agentOf(row) };
}

/** The live desk session of a token, its expiry slid forward (written at most once a minute); null otherwise. */
export async function resolveDeskSession(db: Kysely<Database>, clock: Clock, token: string): Promise<DeskAuth | null> {
  const now = clock.now();
  const row = await db
    .selectFrom('support_sessions as s')
    .innerJoin('support_agents as a', 'a.id', 's.agent_id')
    .select(['s.id as sessionId', 's.last_seen_at', 'a.id', 'a.name', 'a.email', 'a.language'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now.toISOString())
    .where('a.active', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  if (now.getTime() - Date.parse(row.last_seen_at) >= 60_000) {
    await db
      .updateTable('support_sessions')
      .set({ last_seen_at: now.toISOString(), expires_at: addMinutes(now, DESK_IDLE_MINUTES).toISOString() })
      .where('id', '=', row.sessionId)
      .where('last_seen_at', '<', now.toISOString())
      .execute();
  }
  return { sessionId: row.sessionId, agent: agentOf(row) };
}

export async function signOutAgent(db: Kysely<Database>, clock: Clock, auth: DeskAuth): Promise<void> {
  await db
    .updateTable('support_sessions')
    .set({ revoked_at: clock.now().toISOString() })
    .where('id', '=', auth.sessionId)
    .execute();
}

/** The active agents, for assignment. */
export async function listAgents(db: Kysely<Database>) {
  const rows = await db.selectFrom('support_agents').select(['id', 'name']).where('active', '=', 1).orderBy('name').execute();
  return rows.map((r) => ({ id: r.id, nombre: r.name }));
}
