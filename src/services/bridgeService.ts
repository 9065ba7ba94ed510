// Browser side of the login-redirect bridge (spec §2.8): a one-time token (antkn) from the other app
// becomes a condo session here. A refused token comes back as a typed result; anything else throws ApiError.
import { ACCOUNT_PATHS, ChangeCondoSessionAnswer, type ChangeCondoSessionRequest } from '../api/account';
import { ApiError, apiPath, call, http } from './http';

export type ChangeCondoSessionResult = { kind: 'ok'; token: string; productToken: string } | { kind: 'refused'; message: string };

export async function changeCondoSession(
  request: ChangeCondoSessionRequest,
  signal?: AbortSignal,
): Promise<ChangeCondoSessionResult> {
  try {
    const answer = await call(
      () => http.post(apiPath(ACCOUNT_PATHS.changeCondoSession), { json: request, signal }),
      ChangeCondoSessionAnswer,
    );
    return { kind: 'ok', token: answer.token, productToken: answer.productToken };
  } catch (error) {
    // Unknown, used or expired (401), or not even shaped like a token (400 on antkn).
    if (error instanceof ApiError && (error.status === 401 || (error.status === 400 && error.field === 'antkn'))) {
      return { kind: 'refused', message: error.message };
    }
    throw error;
  }
}
