// A support conversation's messages as either side reads them, and the one way one is written. Shared by the
// administrators' chat (chat.ts) and the desk (desk.ts): `side` is who reads ('admin' or 'soporte'), so `mio` and
// the read marks are theirs.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { SupportMessage } from '../../../src/api/support';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { type DecodedUpload, decodeUploads } from '../shared/uploads';
import { type SupportSigner, saveSupportFiles } from './files';

export type Side = SupportMessage['lado'];

export const otherSide = (side: Side): Side => (side === 'admin' ? 'soporte' : 'admin');

/** The most messages one refresh brings, and the most read marks. */
export const UPDATES_MAX = 100;

/** What a new message carries, decoded before anything is written: 400 when it says nothing at all. */
export function messageContent(request: { Texto: string; adjuntos: readonly { name: string; dataUrl: string }[] }): {
  text: string;
  files: DecodedUpload[];
} {
  const text = request.Texto.trim();
  if (text === '' && request.adjuntos.length === 0)
    throw new AppError(400, ErrorCodes.badRequest, 'support.refusal.empty', 'Texto');
  return { text, files: decodeUploads(request.adjuntos) };
}

/** Writes a message and its files; returns its id. */
export async function insertMessage(
  trx: Kysely<Database>,
  message: {
    conversationId: number;
    side: Side;
    userId: number | null;
    agentId: number | null;
    authorName: string;
    text: string;
    at: string;
  },
  files: readonly DecodedUpload[],
): Promise<number> {
  const { id } = await trx
    .insertInto('support_messages')
    .values({
      conversation_id: message.conversationId,
      side: message.side,
      user_id: message.userId,
      agent_id: message.agentId,
      author_name: message.authorName,
      text: message.text,
      created_at: message.at,
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await saveSupportFiles(trx, { messageId: id, ownerUserId: message.userId, at: message.at }, files);
  return id;
}

/** The other side's messages are read by `reader` now (the conversation is on their screen); answers how many. */
export async function markRead(trx: Kysely<Database>, conversationId: number, reader: Side, at: string): Promise<number> {
  const marked = await trx
    .updateTable('support_messages')
    .set({ read_at: at })
    .where('conversation_id', '=', conversationId)
    .where('side', '=', otherSide(reader))
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows);
}

/** Messages newest first: a page before an id, or those after one. */
export async function messagesOf(
  db: Kysely<Database>,
  conversationId: number,
  reader: Side,
  range: { before?: number | undefined; after?: number | undefined; limit: number },
  sign: SupportSigner,
): Promise<SupportMessage[]> {
  let query = db
    .selectFrom('support_messages')
    .select(['id', 'side', 'author_name', 'text', 'created_at', 'read_at'])
    .where('conversation_id', '=', conversationId);
  if (range.before !== undefined) query = query.where('id', '<', range.before);
  if (range.after !== undefined) query = query.where('id', '>', range.after);
  const rows = await query.orderBy('id', 'desc').limit(range.limit).execute();
  if (rows.length === 0) return [];
  const attachments = await db
    .selectFrom('support_attachments')
    .select(['id', 'message_id', 'file_name', 'kind'])
    .where(
      'message_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('message_id')
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    lado: row.side as Side,
    mio: row.side === reader,
    autor: row.author_name,
    Texto: row.text,
    adjuntos: attachments
      .filter((a) => a.message_id === row.id)
      .map((a) => ({
        id: a.id,
        nombre: a.file_name,
        tipo: a.kind === 'image' ? ('image' as const) : ('file' as const),
        url: sign(a.id),
      })),
    Enviado: row.created_at,
    Leido: row.read_at,
  }));
}

/** The read times of `reader`'s own newest read messages. */
export async function readMarks(db: Kysely<Database>, conversationId: number, reader: Side) {
  const rows = await db
    .selectFrom('support_messages')
    .select(['id', 'read_at'])
    .where('conversation_id', '=', conversationId)
    .where('side', '=', reader)
    .where('read_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(UPDATES_MAX)
    .execute();
  return rows.map((r) => ({ id: r.id, Leido: r.read_at! }));
}

/** The other side's messages `reader` has not read, per conversation. */
export async function unreadBy(
  db: Kysely<Database>,
  reader: Side,
  conversationIds: readonly number[],
): Promise<Map<number, number>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('support_messages')
    .select(['conversation_id', db.fn.countAll<number>().as('n')])
    .where('conversation_id', 'in', [...conversationIds])
    .where('side', '=', otherSide(reader))
    .where('read_at', 'is', null)
    .groupBy('conversation_id')
    .execute();
  return new Map(rows.map((r) => [r.conversation_id, Number(r.n)]));
}
