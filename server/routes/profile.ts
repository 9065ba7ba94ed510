// mi-perfil (src/api/profile.ts): name, photo, password, and the photo bytes behind a signed link. Who may
// call each is written next to its path.
import type { FastifyInstance } from 'fastify';
import { assign, object, pattern, string } from 'superstruct';
import { ChangePasswordRequest, PROFILE_PATHS, UpdateNameRequest, UploadPhotoRequest } from '../../src/api/profile';
import { digitsAsNumber, Id } from '../../src/api/validation';
import { changePassword, photoByLink, removePhoto, setPhoto, updateName } from '../domain/profile/profile';
import { signedPhotoUrl } from '../infra/files/signedUrls';
import { SIGNED_IN, signedInRoutes } from './guards';

const DigitsId = (digits: number) => digitsAsNumber(Id, new RegExp(`^\\d{1,${digits}}$`));

/** The signed link's parts (infra/files/signedUrls.ts); only the server reads them. */
const PhotoFileParams = object({ userId: DigitsId(10) });
const PhotoFileQuery = object({ v: DigitsId(10), exp: DigitsId(12), sig: pattern(string(), /^[0-9a-f]{64}$/) });

/** The contract's request with the new password's length left to the shared rule (see routes/account.ts). */
const ChangePasswordBody = assign(ChangePasswordRequest, object({ newPassword: string() }));

/** A data URL of PHOTO_MAX_BYTES is about 2 MB of base64, beyond the app's 1 MiB body limit. */
const PHOTO_BODY_LIMIT = 2_200_000;

export default async function profileRoutes(app: FastifyInstance, options: { scryptLogN: number }) {
  const routes = signedInRoutes(app);
  const photoUrl = (userId: number, fileId: number) => signedPhotoUrl(app.db, app.clock, app.prefix, { userId, fileId });

  // Any signed-in member: their display name, without surrounding blanks.
  routes.post<{ Body: UpdateNameRequest }>(
    PROFILE_PATHS.updateName,
    { schema: { body: UpdateNameRequest }, allow: SIGNED_IN },
    async (request) => {
      await updateName(app.db, request.auth, request.body.UserName);
      return { success: true };
    },
  );

  // Any signed-in member: a new photo (PNG, JPEG or WebP whose bytes say so); answers its signed link.
  routes.post<{ Body: UploadPhotoRequest }>(
    PROFILE_PATHS.uploadPhoto,
    { schema: { body: UploadPhotoRequest }, allow: SIGNED_IN, bodyLimit: PHOTO_BODY_LIMIT },
    async (request) => {
      const auth = request.auth;
      const fileId = await setPhoto(app.db, app.clock, auth, request.body.dataUrl);
      return { success: true, fotoSignedUrl: await photoUrl(auth.userId, fileId) };
    },
  );

  // Any signed-in member: no photo any more.
  routes.post(PROFILE_PATHS.deletePhoto, { allow: SIGNED_IN }, async (request) => {
    await removePhoto(app.db, request.auth);
    return { success: true, fotoSignedUrl: null };
  });

  // Anyone holding an unexpired signed link (usuario.fotoSignedUrl): the photo's bytes. No session needed,
  // so an <img> can show it; the link is the permission.
  app.get<{ Params: { userId: number }; Querystring: { v: number; exp: number; sig: string } }>(
    PROFILE_PATHS.photoFile(':userId'),
    { schema: { params: PhotoFileParams, querystring: PhotoFileQuery } },
    async (request, reply) => {
      const { v, exp, sig } = request.query;
      const { file, maxAgeSeconds } = await photoByLink(
        app.db,
        app.clock,
        { userId: request.params.userId, fileId: v, exp },
        sig,
      );
      // The bytes behind a link never change (a new photo is a new file id), so the browser may keep them
      // for as long as the link lives, and only for this person.
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', `private, max-age=${maxAgeSeconds}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(file.data);
    },
  );

  // Any signed-in member: a new password, with the current one; their other sessions end. Rate limited
  // per person, so a borrowed session cannot guess the current password.
  routes.post<{ Body: ChangePasswordRequest }>(
    PROFILE_PATHS.changePassword,
    { schema: { body: ChangePasswordBody }, allow: SIGNED_IN },
    async (request) => {
      await app.rateLimiter.consume([{ limit: 'changePasswordPerUser', key: String(request.auth.userId) }]);
      await changePassword(app.db, app.clock, options.scryptLogN, request.auth, request.body);
      return { success: true };
    },
  );
}
