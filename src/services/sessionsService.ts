// Browser side of the session calls (src/api/sessions.ts). Expected refusals come back as typed results;
// anything else throws ApiError.

import { ErrorCodes } from '../api/errors';
import {
  type CondoChoice,
  CondoLoginAnswer,
  LegacyLoginAnswer,
  OkAnswer,
  SESSION_PATHS,
  type SessionData,
  SessionDataAnswer,
  SignInAnswer,
  type SignInRequest,
} from '../api/sessions';
import { ApiError, apiPath, call, http } from './http';
import { forgetShiftSession, keepShiftSession, keptShiftSession } from './shiftSessionStore';

export type SignInResult =
  | { kind: 'ok'; token: string | null; condos: CondoChoice[] }
  | { kind: 'invalidCredentials'; message: string };

export async function signIn(request: SignInRequest, signal?: AbortSignal): Promise<SignInResult> {
  try {
    const answer = await call(() => http.post(apiPath(SESSION_PATHS.signIn), { json: request, signal }), SignInAnswer);
    return { kind: 'ok', token: answer.token || null, condos: answer.condos };
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCodes.invalidCredentials) {
      return { kind: 'invalidCredentials', message: error.message };
    }
    throw error;
  }
}

export async function condoLogin(
  request: { CondoId: number; UserId: number; token: string },
  signal?: AbortSignal,
): Promise<{ token: string; productToken: string }> {
  const answer = await call(() => http.post(apiPath(SESSION_PATHS.condoLogin), { json: request, signal }), CondoLoginAnswer);
  return { token: answer.token, productToken: answer.productToken };
}

/**
 * null when the token is no longer valid (401). A paired gate device's shift reopened without network gets the
 * session data it last loaded (shiftSessionStore.ts), so the caseta opens offline.
 */
export async function fetchSessionData(signal?: AbortSignal): Promise<SessionData | null> {
  try {
    const answer = await call(() => http.get(apiPath(SESSION_PATHS.sessionData), { signal }), SessionDataAnswer);
    keepShiftSession(answer.data);
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetShiftSession();
      return null;
    }
    const kept = error instanceof ApiError && error.status === 0 && error.code === 'NETWORK' ? keptShiftSession() : null;
    if (kept && !signal?.aborted) return kept;
    throw error;
  }
}

export async function signOut(signal?: AbortSignal): Promise<void> {
  forgetShiftSession();
  await call(() => http.post(apiPath(SESSION_PATHS.signOut), { signal }), OkAnswer);
}

/** Where a sign-out from the legacy app's bridge ends: its login page with the logout flag, or null (ours). */
export async function fetchLegacyLogin(signal?: AbortSignal): Promise<string | null> {
  return (await call(() => http.get(apiPath(SESSION_PATHS.legacyLogin), { signal }), LegacyLoginAnswer)).url;
}
