// A file sent with a request, as every area takes it (posts, requests, polls, facilities): its name and the
// file as a data URL, one of the types the product shows. The server checks the bytes are what the type says
// (server/domain/shared/uploads.ts); the browser reads a chosen file into this shape
// (src/views/common/attachmentFiles.ts).
import { type Infer, object, pattern, size, string } from 'superstruct';
import { NonEmpty } from './validation';

/** Each attachment, decoded. */
export const ATTACHMENT_MAX_BYTES = 1_500_000;
export const ATTACHMENT_NAME_MAX = 120;
/** PNG, JPEG and WebP show as images; PDF as a file to download. */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

export const AttachmentUpload = object({
  name: NonEmpty(ATTACHMENT_NAME_MAX),
  dataUrl: size(pattern(string(), /^data:(image\/(png|jpeg|webp)|application\/pdf);base64,[A-Za-z0-9+/=]+$/), 30, 2_100_000),
});
export type AttachmentUpload = Infer<typeof AttachmentUpload>;

/** An upload of the same types with a larger limit of its own (a proof of payment: PROOF_FILE_MAX_BYTES). */
export const uploadOf = (maxBytes: number) =>
  object({
    name: NonEmpty(ATTACHMENT_NAME_MAX),
    dataUrl: size(
      pattern(string(), /^data:(image\/(png|jpeg|webp)|application\/pdf);base64,[A-Za-z0-9+/=]+$/),
      30,
      Math.ceil(maxBytes / 3) * 4 + 40,
    ),
  });
