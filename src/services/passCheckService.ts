// Browser side of the employee panel's calls (src/api/passCheck.ts). An unknown code and the rate limit are
// answers the guard expects, so they come back as typed results; anything else is thrown.
import { type PassCheck, PassCheckAnswer, STAFF_PATHS } from '../api/passCheck';
import { ApiError, apiPath, call, http } from './http';

export type PassCheckResult = { kind: 'checked'; check: PassCheck } | { kind: 'notFound' } | { kind: 'tooMany' };

export async function checkPass(codigo: string, signal?: AbortSignal): Promise<PassCheckResult> {
  try {
    const answer = await call(() => http.post(apiPath(STAFF_PATHS.checkPass), { json: { codigo }, signal }), PassCheckAnswer);
    return { kind: 'checked', check: answer.data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'notFound' };
    if (error instanceof ApiError && error.status === 429) return { kind: 'tooMany' };
    throw error;
  }
}
