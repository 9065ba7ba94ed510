// Photos and PDFs picked for a request or a reply: checked for type and size before they are read, so a wrong
// file never travels, then read as the data URLs the contract carries.
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, type AttachmentUpload } from '../../api/uploads';

export const ACCEPTED_FILES = ATTACHMENT_TYPES.join(',');

export const acceptableFile = (file: File) =>
  (ATTACHMENT_TYPES as readonly string[]).includes(file.type) && file.size <= ATTACHMENT_MAX_BYTES;

export function readAttachment(file: File): Promise<AttachmentUpload> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, dataUrl: String(reader.result) });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
