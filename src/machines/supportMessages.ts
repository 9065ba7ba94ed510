// What the administrators' support chat and the desk's conversation share: messages merged newest first by id,
// the other side's read times set on one's own, the files a message may carry, and whether there is anything to send.
import { SUPPORT_MAX_ATTACHMENTS, SUPPORT_TEXT_MAX, type SupportMessage } from '../api/support';
import type { AttachmentUpload } from '../api/uploads';

/** `incoming` merged into `messages`: newest first, each id once, the incoming copy winning. */
export function mergeSupportMessages(messages: readonly SupportMessage[], incoming: readonly SupportMessage[]): SupportMessage[] {
  const byId = new Map(messages.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

/** The other side's read times, set on one's own messages. */
export function applySupportReadMarks(
  messages: readonly SupportMessage[],
  marks: readonly { id: number; Leido: string }[],
): SupportMessage[] {
  if (marks.length === 0) return messages as SupportMessage[];
  const readAt = new Map(marks.map((r) => [r.id, r.Leido]));
  return messages.map((m) => (m.mio && m.Leido === null && readAt.has(m.id) ? { ...m, Leido: readAt.get(m.id)! } : m));
}

/** Newest message id shown (0 for none): the `after` of a refresh. */
export const newestSupportId = (messages: readonly SupportMessage[]) => messages[0]?.id ?? 0;

/** Something to send: text within the limit, or at least one file. */
export const hasSomethingToSend = (text: string, files: readonly AttachmentUpload[]) =>
  text.length <= SUPPORT_TEXT_MAX && (text.trim() !== '' || files.length > 0);

export const canAttachFile = (files: readonly AttachmentUpload[]) => files.length < SUPPORT_MAX_ATTACHMENTS;
