// Browser side of mi-perfil (src/api/profile.ts): the name, the photo and the password. Expected refusals
// (a wrong current password, too many attempts) come back as typed results; anything else throws ApiError.
import { ErrorCodes } from '../api/errors';
import { type ChangePasswordRequest, PhotoAnswer, PROFILE_PATHS, type UpdateNameRequest } from '../api/profile';
import { OkAnswer } from '../api/sessions';
import { ApiError, apiPath, call, http } from './http';

export type ChangePasswordResult =
  | { kind: 'ok' }
  | { kind: 'wrongCurrentPassword'; message: string }
  | { kind: 'tooManyAttempts' };

export async function updateName(request: UpdateNameRequest, signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(PROFILE_PATHS.updateName), { json: request, signal }), OkAnswer);
}

/** The file as a data URL, the form the upload call takes. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Uploads the photo; resolves with its new signed URL. */
export async function uploadPhoto(file: Blob, signal?: AbortSignal): Promise<string | null> {
  const dataUrl = await readAsDataUrl(file);
  signal?.throwIfAborted();
  const answer = await call(() => http.post(apiPath(PROFILE_PATHS.uploadPhoto), { json: { dataUrl }, signal }), PhotoAnswer);
  return answer.fotoSignedUrl;
}

export async function deletePhoto(signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(PROFILE_PATHS.deletePhoto), { signal }), PhotoAnswer);
}

export async function changePassword(request: ChangePasswordRequest, signal?: AbortSignal): Promise<ChangePasswordResult> {
  try {
    await call(() => http.post(apiPath(PROFILE_PATHS.changePassword), { json: request, signal }), OkAnswer);
    return { kind: 'ok' };
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.code === ErrorCodes.invalidCredentials || (error.status === 400 && error.field === 'currentPassword'))
    ) {
      return { kind: 'wrongCurrentPassword', message: error.message };
    }
    if (error instanceof ApiError && (error.status === 429 || error.code === ErrorCodes.tooManyRequests)) {
      return { kind: 'tooManyAttempts' };
    }
    throw error;
  }
}
