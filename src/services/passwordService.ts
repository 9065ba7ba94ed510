// Browser side of the password-reset calls (src/api/account.ts): asking for a reset link by e-mail and
// setting a new password with the link's token. Expected refusals come back as typed results; anything
// else throws ApiError.
import { ACCOUNT_PATHS, type ForgotPasswordRequest, MessageAnswer, type ResetPasswordRequest } from '../api/account';
import { ErrorCodes } from '../api/errors';
import { ApiError, apiPath, call, http } from './http';

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
