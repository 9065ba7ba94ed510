// Browser side of the account calls (src/api/account.ts): the interface language, the privacy notice, the
// password reset by e-mail and the login-redirect bridge. Expected refusals come back as typed results;
// anything else throws ApiError.
import {
  ACCOUNT_PATHS,
  AcceptPrivacyAnswer,
  ChangeCondoSessionAnswer,
  type ChangeCondoSessionRequest,
  type ForgotPasswordRequest,
  type LanguageRequest,
  MessageAnswer,
  type ResetPasswordRequest,
} from '../api/account';
import { ErrorCodes } from '../api/errors';
import { OkAnswer } from '../api/sessions';
import { ApiError, apiPath, call, http } from './http';

/** Saves the interface language to the user's profile (spec §1); the session data carries it afterwards. */
export async function saveLanguage(language: LanguageRequest['language'], signal?: AbortSignal): Promise<void> {
  const json: LanguageRequest = { language };
  await call(() => http.post(apiPath(ACCOUNT_PATHS.language), { json, signal }), OkAnswer);
}

/** Records the acceptance of the condominium's privacy notice; resolves with when it was accepted. */
export async function acceptPrivacyNotice(signal?: AbortSignal): Promise<string> {
  const answer = await call(() => http.post(apiPath(ACCOUNT_PATHS.acceptPrivacyNotice), { signal }), AcceptPrivacyAnswer);
  return answer.AvisoPrivacidad;
}

export type ForgotPasswordResult = { kind: 'sent'; message: string } | { kind: 'tooManyAttempts' };

export type ResetPasswordResult = { kind: 'done' } | { kind: 'invalidToken'; message: string } | { kind: 'tooManyAttempts' };

const isTooManyAttempts = (error: unknown) =>
  error instanceof ApiError && (error.status === 429 || error.code === ErrorCodes.tooManyRequests);

/** The answer is the same whether or not the address has an account. */
export async function requestPasswordReset(request: ForgotPasswordRequest, signal?: AbortSignal): Promise<ForgotPasswordResult> {
  try {
    const answer = await call(() => http.post(apiPath(ACCOUNT_PATHS.forgotPassword), { json: request, signal }), MessageAnswer);
    return { kind: 'sent', message: answer.message };
  } catch (error) {
    if (isTooManyAttempts(error)) return { kind: 'tooManyAttempts' };
    throw error;
  }
}

/** An unknown, used or expired token is refused with 400 on the field "token". */
export async function resetPassword(request: ResetPasswordRequest, signal?: AbortSignal): Promise<ResetPasswordResult> {
  try {
    await call(() => http.post(apiPath(ACCOUNT_PATHS.resetPassword), { json: request, signal }), MessageAnswer);
    return { kind: 'done' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && error.field === 'token') {
      return { kind: 'invalidToken', message: error.message };
    }
    if (isTooManyAttempts(error)) return { kind: 'tooManyAttempts' };
    throw error;
  }
}

// The login-redirect bridge (spec §2.8): a one-time token (antkn) from the other app becomes a condo session here.
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
