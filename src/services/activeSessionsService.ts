// Browser side of mi-perfil's "Sesiones activas" (src/api/sessions.ts). A session that is already gone when
// asked to end comes back as a typed result; anything else that fails throws ApiError.
import { ErrorCodes } from '../api/errors';
import { type ActiveSession, ActiveSessionsAnswer, OkAnswer, SESSION_PATHS } from '../api/sessions';
import { ApiError, apiPath, call, http } from './http';

export interface ActiveSessionsPage {
  items: ActiveSession[];
  total: number;
}

export type RevokeResult = { kind: 'revoked' } | { kind: 'gone' };

export async function fetchActiveSessions(
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<ActiveSessionsPage> {
  const searchParams = { limit: page.limit, offset: page.offset };
  const answer = await call(
    () => http.get(apiPath(SESSION_PATHS.activeSessions), { searchParams, signal }),
    ActiveSessionsAnswer,
  );
  return { items: answer.items, total: answer.total };
}

/** Ends another session of the user's. One the server no longer knows is `gone`: it is not there either way. */
export async function revokeSession(id: number, signal?: AbortSignal): Promise<RevokeResult> {
  try {
    await call(() => http.post(apiPath(SESSION_PATHS.revokeSession), { json: { id }, signal }), OkAnswer);
    return { kind: 'revoked' };
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCodes.notFound) return { kind: 'gone' };
    throw error;
  }
}

export async function revokeOtherSessions(signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(SESSION_PATHS.revokeOtherSessions), { signal }), OkAnswer);
}
