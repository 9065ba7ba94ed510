// Browser side of the session calls (src/api/sessions.ts). Expected refusals come back as typed results;
// anything else throws ApiError.

import { ErrorCodes } from '../api/errors';
import {
  type CondoChoice,
  CondoLoginAnswer,
  OkAnswer,
  SESSION_PATHS,
  type SessionData,
  SessionDataAnswer,
  SignInAnswer,
  type SignInRequest,
} from '../api/sessions';
import { ApiError, apiPath, call, http } from './http';

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

/** null when the token is no longer valid (401). */
export async function fetchSessionData(signal?: AbortSignal): Promise<SessionData | null> {
  try {
    const answer = await call(() => http.get(apiPath(SESSION_PATHS.sessionData), { signal }), SessionDataAnswer);
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export async function signOut(signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(SESSION_PATHS.signOut), { signal }), OkAnswer);
}
