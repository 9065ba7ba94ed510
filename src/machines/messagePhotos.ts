// The photos a message may carry (issue 13: text and photos): images only, each small enough that its data
// URL fits the contract's PhotoUpload (2.1 million characters), at most MESSAGE_MAX_PHOTOS per message.
// Checked before a file is read, so a wrong one never travels; shared by the conversation and the inbox's
// first message.
import type { Infer } from 'superstruct';
import { MESSAGE_MAX_PHOTOS, type PhotoUpload as PhotoUploadStruct } from '../api/conversations';
import { ATTACHMENT_MAX_BYTES } from '../api/uploads';

/** A photo as it travels: its file name and data URL. */
export type PhotoUpload = Infer<typeof PhotoUploadStruct>;

export const MESSAGE_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** 1.5 MB: its base64 data URL stays under the contract's 2.1 million characters. */
export const MESSAGE_PHOTO_MAX_BYTES = ATTACHMENT_MAX_BYTES;

/** Why a file cannot go with a message, or null when it can. */
export function photoProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(MESSAGE_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MESSAGE_PHOTO_MAX_BYTES) return 'size';
  return null;
}

export const canAddPhoto = (photos: readonly PhotoUpload[]) => photos.length < MESSAGE_MAX_PHOTOS;

export const withoutPhoto = (photos: readonly PhotoUpload[], index: number) => photos.filter((_, i) => i !== index);
