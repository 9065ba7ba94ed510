// Writing interpersonal messages (issue 13): finding or opening the conversation between two parties with its
// first message, and answering in one. Every member of the receiving party is told (notify, in the same
// transaction), unless the receiving dwelling has blocked the sender's: then the message is kept hidden from
// it, unread and untold, while the sender's side sees it as sent like any other.
import type { Kysely } from 'kysely';
import type { SendMessageRequest, StartConversationRequest } from '../../../src/api/conversations';
import { ErrorCodes } from '../../../src/api/errors';
import { canWriteFor, canWriteTo, speaksForAdministration } from '../../../src/api/permissions';
import type { Message, MessageValue } from '../../../src/i18n/messages';
import type { Database, Section } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { saveFile } from '../../infra/files/store';
import type { Auth } from '../shared/auth';
import { notify } from '../shared/notify';
import {
  type Caller,
  type ConversationRow,
  dwellingNames,
  dwellingOfCondo,
  loadCaller,
  openConversation,
  otherSide,
  usableSection,
} from './access';
import { messagesAnswer } from './conversations';
import { publishConversation, readersOf } from './live';
import { type DecodedPhoto, decodePhotos, type PhotoSigner } from './photos';

/** How much of the message a notification quotes. */
const NOTIFICATION_QUOTE = 100;

/** The parties in the order the unique index keeps them: the lower dwelling first, the administration last. */
function canonical(one: number | null, other: number | null): [number, number | null] {
  if (one === null) return [other!, null];
  if (other === null) return [one, null];
  return one < other ? [one, other] : [other, one];
}

/** The conversation of the pair in the section, made when there is none. The unique index decides between
 * two callers opening it at once: the second insert does nothing, and both read the one row. */
async function findOrOpen(
  trx: Kysely<Database>,
  clock: Clock,
  section: Section,
  from: number | null,
  to: number | null,
): Promise<ConversationRow> {
  const [partyA, partyB] = canonical(from, to);
  await trx
    .insertInto('conversations')
    .values({
      condo_id: section.condo_id,
      section_id: section.id,
      party_a_apartment_id: partyA,
      party_b_apartment_id: partyB,
      created_at: clock.now().toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return trx
    .selectFrom('conversations')
    .selectAll()
    .where('section_id', '=', section.id)
    .where('party_a_apartment_id', '=', partyA)
    .where((eb) => (partyB === null ? eb('party_b_apartment_id', 'is', null) : eb('party_b_apartment_id', '=', partyB)))
    .executeTakeFirstOrThrow();
}

/** The receiving dwelling has blocked the sending one (the administration is never blocked). */
async function isBlocked(trx: Kysely<Database>, sender: number | null, recipient: number | null): Promise<boolean> {
  if (sender === null || recipient === null) return false;
  return !!(await trx
    .selectFrom('conversation_blocks')
    .select('id')
    .where('blocker_apartment_id', '=', recipient)
    .where('blocked_apartment_id', '=', sender)
    .executeTakeFirst());
}

/** Each reader reads the notification in their language (shared/notify.ts keeps ids and values). */
async function tellReaders(
  trx: Kysely<Database>,
  clock: Clock,
  section: Section,
  conversation: ConversationRow,
  message: { side: number | null; writer: number; writerName: string; text: string },
): Promise<void> {
  const recipient = otherSide(conversation, message.side);
  const readers = await readersOf(trx, section, recipient, message.writer);
  if (readers.length === 0) return;
  const de: MessageValue =
    message.side === null
      ? { id: 'conversationsNotices.administration' }
      : ((await dwellingNames(trx, [message.side])).get(message.side) ?? '');
  await notify(trx, clock, readers, {
    condoId: section.condo_id,
    ...messageNotice(de, message.writerName, message.text),
    modulo: 'mensaje',
    props: { conversationId: conversation.id, SectId: section.id },
  });
}

/** A new message's notification: from which side (a dwelling's name, or the administration's message), who wrote
 * it and the start of what they wrote. */
export function messageNotice(de: MessageValue, autor: string, text: string): { title: Message; text: Message } {
  const texto = text.length > NOTIFICATION_QUOTE ? `${text.slice(0, NOTIFICATION_QUOTE - 1)}…` : text;
  return {
    title: { id: 'conversationsNotices.notification.title', values: { de } },
    text: { id: 'conversationsNotices.notification.text', values: { autor, texto } },
  };
}

/** Writes the caller's message for `side`, with its photos, and tells the other party unless it blocked them. */
async function writeMessage(
  trx: Kysely<Database>,
  clock: Clock,
  caller: Caller,
  section: Section,
  conversation: ConversationRow,
  side: number | null,
  text: string,
  photos: readonly DecodedPhoto[],
  sign: PhotoSigner,
) {
  const hidden = await isBlocked(trx, side, otherSide(conversation, side));
  const createdAt = clock.now().toISOString();
  const body = text.trim();
  const { id } = await trx
    .insertInto('messages')
    .values({
      conversation_id: conversation.id,
      sender_user_id: caller.auth.userId,
      sender_apartment_id: side,
      body,
      created_at: createdAt,
      read_at: null,
      hidden_for_recipient: hidden ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [position, photo] of photos.entries()) {
    const fileId = await saveFile(trx, {
      ownerUserId: caller.auth.userId,
      contentType: photo.contentType,
      data: photo.data,
      createdAt,
    });
    await trx.insertInto('message_photos').values({ message_id: id, file_id: fileId, file_name: photo.name, position }).execute();
  }
  const writerName = (await trx.selectFrom('users').select('name').where('id', '=', caller.auth.userId).executeTakeFirstOrThrow())
    .name;
  if (!hidden) await tellReaders(trx, clock, section, conversation, { side, writer: caller.auth.userId, writerName, text: body });
  // Both parties' open screens read it again (a message hidden by a block: the writer's side only).
  await publishConversation(trx, clock, section, conversation.id, hidden ? [side] : [side, otherSide(conversation, side)]);
  const [message] = await messagesAnswer(
    trx,
    [{ id, sender_apartment_id: side, body, created_at: createdAt, read_at: null, name: writerName }],
    side,
    sign,
  );
  return message!;
}

/**
 * Finds or opens the conversation from the caller's side (one of their dwellings, or the administration for
 * administrators) to a dwelling of the condominium or to the administration, and writes its message.
 */
export async function startConversation(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: StartConversationRequest,
  sign: PhotoSigner,
) {
  // Decoded before anything is written: a bad photo refuses the whole message.
  const photos = decodePhotos(request.fotos);
  return db.transaction().execute(async (trx) => {
    const caller = await loadCaller(trx, auth);
    const section = await usableSection(trx, caller, request.sectionId);
    const from = request.desdeApmtId;
    if (!canWriteFor(caller.viewer, caller.own, from)) {
      throw new AppError(403, ErrorCodes.forbidden, 'conversationsNotices.notYourSide', 'desdeApmtId');
    }
    const to = request.para.ApmtId === null ? null : await dwellingOfCondo(trx, auth.condoId, request.para.ApmtId);
    if (!canWriteTo(caller.viewer, caller.own, to)) {
      const toAdministration = to === null && speaksForAdministration(caller.viewer) && from === null;
      throw new AppError(
        400,
        ErrorCodes.badRequest,
        toAdministration ? 'conversationsNotices.administrationToDwellings' : 'conversationsNotices.toOwnSide',
        'para.ApmtId',
      );
    }
    const conversation = await findOrOpen(trx, clock, section, from, to);
    const message = await writeMessage(trx, clock, caller, section, conversation, from, request.Texto, photos, sign);
    return { ConversationId: conversation.id, message };
  });
}

/** A message in a conversation the caller speaks in, for their side there. */
export async function sendMessage(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: SendMessageRequest,
  sign: PhotoSigner,
) {
  const photos = decodePhotos(request.fotos);
  return db.transaction().execute(async (trx) => {
    const caller = await loadCaller(trx, auth);
    const { conversation, side, section } = await openConversation(trx, caller, request.conversationId);
    return writeMessage(trx, clock, caller, section, conversation, side, request.Texto, photos, sign);
  });
}
