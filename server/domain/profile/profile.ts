// mi-perfil: the signed-in person's name, photo and password. Name and photo belong to the person, not to
// a membership, so they are the same in every condominium.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { decodeImageDataUrl } from '../../infra/files/images';
import { checkPhotoLink, type PhotoLink } from '../../infra/files/signedUrls';
import { deleteFile, readFile, type StoredFile, saveFile } from '../../infra/files/store';
import { hashPassword, verifyPassword } from '../../infra/passwords';
import { appSecret } from '../../infra/secrets';
import type { Auth } from '../shared/auth';
import { requireAcceptablePassword, revokeOpenResets } from '../shared/passwordChange';
import { revokeUserSessions } from '../shared/sessionRows';

/** Saves the display name without surrounding blanks; answers it. */
export async function updateName(db: Kysely<Database>, auth: Auth, name: string): Promise<string> {
  const trimmed = name.trim();
  await db.updateTable('users').set({ name: trimmed }).where('id', '=', auth.userId).execute();
  return trimmed;
}

/** Stores the uploaded photo (a checked PNG, JPEG or WebP) in place of the previous one; answers its file id. */
export async function setPhoto(db: Kysely<Database>, clock: Clock, auth: Auth, dataUrl: string): Promise<number> {
  const image = decodeImageDataUrl(dataUrl);
  return db.transaction().execute(async (trx) => {
    const fileId = await saveFile(trx, {
      ownerUserId: auth.userId,
      contentType: image.contentType,
      data: image.data,
      createdAt: clock.now().toISOString(),
    });
    const previous = await replacePhoto(trx, auth.userId, fileId);
    if (previous !== null) await deleteFile(trx, previous);
    return fileId;
  });
}

export async function removePhoto(db: Kysely<Database>, auth: Auth): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const previous = await replacePhoto(trx, auth.userId, null);
    if (previous !== null) await deleteFile(trx, previous);
  });
}

async function replacePhoto(db: Kysely<Database>, userId: number, fileId: number | null): Promise<number | null> {
  const user = await db.selectFrom('users').select('photo_file_id').where('id', '=', userId).executeTakeFirstOrThrow();
  await db.updateTable('users').set({ photo_file_id: fileId }).where('id', '=', userId).execute();
  return user.photo_file_id;
}

/**
 * The photo behind a signed link (files/signedUrls.ts): 403 when the signature does not match or the link
 * has expired, 404 when the photo was replaced or removed since. Answers how long the link still lives.
 */
export async function photoByLink(
  db: Kysely<Database>,
  clock: Clock,
  link: PhotoLink,
  sig: string,
): Promise<{ file: StoredFile; maxAgeSeconds: number }> {
  const now = clock.now();
  const check = checkPhotoLink(await appSecret(db, clock, 'photo-url'), link, sig, now);
  if (check === 'forged') throw new AppError(403, ErrorCodes.forbidden, 'errors.photo.linkInvalid');
  if (check === 'expired') throw new AppError(403, ErrorCodes.forbidden, 'errors.photo.linkExpired');
  const user = await db.selectFrom('users').select('photo_file_id').where('id', '=', link.userId).executeTakeFirst();
  const file = user?.photo_file_id === link.fileId ? await readFile(db, link.fileId) : null;
  if (!file) throw notFound('errors.notFound.photo');
  return { file, maxAgeSeconds: Math.max(0, link.exp - Math.floor(now.getTime() / 1000)) };
}

/**
 * With the current password, sets a new one (the shared rule) and ends every other session of the
 * person, in any condominium; this session and its product token stay. Open reset links stop working.
 */
export async function changePassword(
  db: Kysely<Database>,
  clock: Clock,
  scryptLogN: number,
  auth: Auth,
  request: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', auth.userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(request.currentPassword, user.password_hash))) {
    throw new AppError(401, ErrorCodes.invalidCredentials, 'errors.account.currentPasswordWrong', 'currentPassword');
  }
  requireAcceptablePassword(request.newPassword, 'newPassword');
  const passwordHash = await hashPassword(request.newPassword, scryptLogN);
  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', auth.userId).execute();
    await revokeUserSessions(trx, now, auth.userId, auth.sessionId);
    await revokeOpenResets(trx, now, auth.userId);
  });
}
