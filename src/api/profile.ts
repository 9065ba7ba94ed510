// mi-perfil (also /profile/overview and /profile/settings): name, photo, language and password.
import { type Infer, literal, nullable, object, pattern, size, string } from 'superstruct';
import { NewPassword } from './account';
import { NonEmpty } from './validation';

export const PROFILE_PATHS = {
  /** Signed in: change the display name. */
  updateName: '/--perfil/update-name',
  /** Signed in: upload a new photo (data URL, PNG/JPEG/WebP, at most PHOTO_MAX_BYTES). */
  uploadPhoto: '/--perfil/photo',
  /** Signed in: remove the photo. */
  deletePhoto: '/--perfil/delete-photo',
  /** Anyone holding the signed URL from session data (usuario.fotoSignedUrl): the photo bytes. */
  photoFile: (userId: number | string) => `/--perfil/photo-file/${userId}`,
  /** Signed in: change the password (current one required); other sessions are revoked. */
  changePassword: '/--perfil/change-password',
} as const;

export const PHOTO_MAX_BYTES = 1_500_000;
export const NAME_MAX_LENGTH = 120;

export const UpdateNameRequest = object({ UserName: NonEmpty(NAME_MAX_LENGTH) });
export type UpdateNameRequest = Infer<typeof UpdateNameRequest>;

export const UploadPhotoRequest = object({
  dataUrl: size(pattern(string(), /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/), 30, 2_100_000),
});
export type UploadPhotoRequest = Infer<typeof UploadPhotoRequest>;

export const PhotoAnswer = object({ success: literal(true), fotoSignedUrl: nullable(string()) });

export const ChangePasswordRequest = object({ currentPassword: size(string(), 1, 200), newPassword: NewPassword });
export type ChangePasswordRequest = Infer<typeof ChangePasswordRequest>;
