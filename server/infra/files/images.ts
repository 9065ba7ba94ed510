// An uploaded image arrives as a data URL. Its declared type must match what the bytes are (magic
// numbers), so a file that only claims to be a picture is never stored nor served as one.

import { ErrorCodes } from '../../../src/api/errors';
import { PHOTO_MAX_BYTES } from '../../../src/api/profile';
import { AppError, type Refusal } from '../../errors';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((byte, i) => data[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const MATCHES: Record<ImageType, (data: Buffer) => boolean> = {
  'image/png': (data) => startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (data) => startsWith(data, [0xff, 0xd8, 0xff]),
  // RIFF, a 4-byte length, then WEBP.
  'image/webp': (data) => data.length >= 12 && startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8),
};

const badPhoto = (message: Refusal) => new AppError(400, ErrorCodes.badRequest, message, 'dataUrl');

/** data:image/<png|jpeg|webp>;base64,… (already shape-checked by UploadPhotoRequest) → its type and bytes. */
export function decodeImageDataUrl(dataUrl: string, maxBytes = PHOTO_MAX_BYTES): { contentType: ImageType; data: Buffer } {
  const match = /^data:(image\/(?:png|jpeg|webp));base64,(.*)$/s.exec(dataUrl);
  if (!match) throw badPhoto('errors.photo.notAnImage');
  const contentType = match[1] as ImageType;
  const data = Buffer.from(match[2]!, 'base64');
  if (data.length > maxBytes) {
    throw badPhoto({ id: 'errors.photo.tooLarge', values: { megabytes: maxBytes / 1_000_000 } });
  }
  if (!MATCHES[contentType](data)) throw badPhoto('errors.photo.notValid');
  return { contentType, data };
}
