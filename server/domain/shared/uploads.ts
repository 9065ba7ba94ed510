// Uploaded files: each arrives as a data URL, and its declared type must match what the bytes are (magic
// numbers), so a file that only claims to be a picture or a PDF is never stored nor served as one. Shared:
// posts and conversations decode one attachment; tickets, polls and reservations (facility files) decode a
// call's named uploads before anything is written.
import { ErrorCodes } from '../../../src/api/errors';
import { ATTACHMENT_MAX_BYTES, type AttachmentUpload } from '../../../src/api/uploads';
import { AppError } from '../../errors';

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((byte, i) => data[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const MATCHES: Record<string, (data: Buffer) => boolean> = {
  'image/png': (data) => startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (data) => startsWith(data, [0xff, 0xd8, 0xff]),
  'image/webp': (data) => data.length >= 12 && startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8),
  'application/pdf': (data) => startsWith(data, ascii('%PDF-')),
};

export interface DecodedAttachment {
  contentType: string;
  kind: 'image' | 'file';
  data: Buffer;
}

/**
 * data:<type>;base64,… → its type, kind and bytes; 400 naming adjuntos.<index> otherwise. An area with a limit of its
 * own (a proof of payment's 10 MB) passes it, and the field its refusal names.
 */
export function decodeAttachment(
  dataUrl: string,
  index: number,
  limit: { maxBytes: number; field: string } = { maxBytes: ATTACHMENT_MAX_BYTES, field: `adjuntos.${index}` },
): DecodedAttachment {
  const refuse = () => new AppError(400, ErrorCodes.badRequest, 'errors.posts.badAttachment', limit.field);
  const match = /^data:([a-z]+\/[a-z]+);base64,(.*)$/s.exec(dataUrl);
  const contentType = match?.[1];
  const matches = contentType ? MATCHES[contentType] : undefined;
  if (!match || !contentType || !matches) throw refuse();
  const data = Buffer.from(match[2]!, 'base64');
  if (data.length === 0 || data.length > limit.maxBytes || !matches(data)) throw refuse();
  return { contentType, kind: contentType.startsWith('image/') ? 'image' : 'file', data };
}

export type DecodedUpload = DecodedAttachment & { name: string };

/** Decoded before anything is written: a bad file refuses the whole call (400 naming adjuntos.<i>). */
export const decodeUploads = (uploads: readonly AttachmentUpload[]): DecodedUpload[] =>
  uploads.map((a, i) => ({ name: a.name.trim(), ...decodeAttachment(a.dataUrl, i) }));
